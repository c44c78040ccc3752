// The change journal's file: journal.jsonl beside config.json, one JSON object
// a line, only ever appended. It holds what was changed (ids, parameters, the
// command line) and never credentials; the writer (src/ads/journal.ts) puts
// every line through the run's redactor. Read and appended under the safe-file
// rule: no link followed, a regular file of the user's, created 0600.
import { join } from 'node:path';
import { configDir } from './paths.js';
import { appendOrRefuse, readOrRefuse } from './safe-file.js';

/** The most a journal is read whole (a year of heavy use is far less). */
const MAX_BYTES = 256 * 1024 * 1024;

export function journalPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'journal.jsonl');
}

/** Appends the records, one line each, in one write. */
export function appendJournal(env: NodeJS.ProcessEnv, lines: readonly string[]): void {
  if (!lines.length) return;
  appendOrRefuse(journalPath(env), lines.map((l) => `${l}\n`).join(''), 'change journal', configDir(env));
}

/** Every record in the journal, oldest first; a line that is not a JSON object (a torn last line) is skipped. */
export function readJournal(env: NodeJS.ProcessEnv): Array<Record<string, unknown>> {
  const buf = readOrRefuse(journalPath(env), 'change journal', { max: MAX_BYTES, top: configDir(env) });
  if (!buf) return [];
  const out: Array<Record<string, unknown>> = [];
  for (const line of buf.toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const v: unknown = JSON.parse(line);
      if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Record<string, unknown>);
    } catch {
      // A line cut by a crash mid-write: the others still stand.
    }
  }
  return out;
}
