// docs/coverage.md, generated: which verb calls each operation of the official
// platform description. Nothing here lists verbs by hand: every verb of the tree
// outside the ads, audiences and local words runs its sweep row
// (test/helpers/verb-rows.ts) and any extra rows (test/helpers/coverage-rows.ts)
// against the emulator (official names), and each request its log captured is
// matched to an operation by method and path template. Operations no verb calls
// need a reason in test/helpers/coverage-notes.ts. Used by scripts/coverage.mjs
// (bundled) and test/cli/coverage.test.ts; it imports nothing from vitest.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { startEmulator, type Emulator } from '../../src/emulator/server.js';
import type { LogEntry } from '../../src/emulator/state.js';
import { buildProgram } from '../../src/entry/program.js';
import { baseEnv, runCli, tempDir } from './cli.js';
import { opKey } from './contract.js';
import { NOTES } from './coverage-notes.js';
import { extraRows } from './coverage-rows.js';
import { verbRows, type Row } from './verb-rows.js';

export interface OpInfo {
  operationId: string;
  tag: string;
  security: Record<string, string[]>;
  deprecated?: boolean;
}
type Ops = Record<string, OpInfo>;

export const OPERATIONS = JSON.parse(readFileSync(new URL('../fixtures/coverage/operations.json', import.meta.url), 'utf8')) as {
  'v2.159': Ops;
  'v2.167': Ops;
};

/** Top-level words whose verbs never call the platform v2 API (the ads API, local tools) or call any path given (`request`). */
const NOT_PLATFORM = new Set([
  'ads',
  'audiences',
  'catalogs',
  'creatives',
  'auth',
  'config',
  'emulator',
  'completion',
  'help',
  'request',
  '__profiles',
]);

/** Every verb of the tree (its words joined) with its description. */
async function verbDescriptions(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = (c: Command, path: string[]) => {
    for (const s of c.commands) {
      const p = [...path, s.name()];
      out.set(p.join(' '), s.description());
      if (s.commands.length) walk(s, p);
    }
  };
  walk(await buildProgram(), []);
  return out;
}

/** An OAuth 2.0 login in a config dir of its own (the emulator approves at once), for the endpoints that take only that. */
async function oauth2Dir(emu: Emulator): Promise<string> {
  const dir = tempDir('postctl-coverage-');
  const env = { ...baseEnv(dir), ...emu.env() };
  // Every scope v2.159 names, so no verb stops for a missing one.
  const scopes = new Set(Object.values(OPERATIONS['v2.159']).flatMap((o) => o.security.oauth2 ?? []));
  const s1 = await runCli(['auth', 'oauth2', '--scopes', [...scopes, 'offline.access'].join(','), '-o', 'json'], { env });
  const approve = await fetch(JSON.parse(s1.stdout).authorize_url, { redirect: 'manual' });
  const s2 = await runCli(['auth', 'oauth2', '--redirect-url', approve.headers.get('location')!], { env });
  if (s2.code !== 0) throw new Error(`auth oauth2 failed: ${s2.stderr}`);
  return dir;
}

/** The requests (method, path) each platform verb sent, over a few emulators at once. */
export async function captureVerbCalls(log: (m: string) => void = () => {}): Promise<Map<string, LogEntry[]>> {
  const descriptions = await verbDescriptions();
  const dir = tempDir('postctl-coverage-rows-');
  const rows = await verbRows(dir, 'coverage-consumer-key');
  const extra = extraRows(dir);
  const jobs: Array<{ verb: string; row: Row }> = [];
  for (const [verb, row] of Object.entries(rows)) {
    if (NOT_PLATFORM.has(verb.split(' ')[0]!) || row.storesCredentials || !descriptions.has(verb)) continue;
    // A local row sends nothing (in the sweep, bookmarks lack an OAuth 2.0 login): only its extra rows run.
    jobs.push(...(row.local ? [] : [{ verb, row }]), ...(extra[verb] ?? []).map((args) => ({ verb, row: { args } })));
  }
  const emus = await Promise.all(Array.from({ length: 4 }, () => startEmulator({ port: 0, names: 'official', mediaCheckAfterSecs: 0 })));
  const calls = new Map<string, LogEntry[]>();
  try {
    const dirs = await Promise.all(emus.map(oauth2Dir));
    await Promise.all(
      emus.map(async (emu, i) => {
        for (let job = jobs.shift(); job; job = jobs.shift()) {
          job.row.setup?.(emu as never);
          const before = emu.state.log.length;
          const r = await runCli([...job.row.args, '-o', 'json'], {
            env: { ...baseEnv(dirs[i]!), ...emu.env(), POSTCTL_MAX_RETRIES: '0', POSTCTL_RETRY_BASE_MS: '1' },
            ...(job.row.input ? { input: job.row.input } : {}),
            timeoutMs: job.row.timeoutMs ?? 20_000,
          });
          emu.state.faults.clear();
          const sent = emu.state.log.slice(before).filter((e) => e.path.startsWith('/2/'));
          log(`${job.verb}: exit ${r.code}, ${sent.length} request(s)`);
          calls.set(job.verb, [...(calls.get(job.verb) ?? []), ...sent]);
        }
      }),
    );
  } finally {
    await Promise.all(emus.map((e) => e.close()));
  }
  return calls;
}

/** A path template with its parameter names blanked (`/2/chat/conversations/{}`), to match operations across descriptions. */
const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');

interface Coverage {
  /** Operation key → the verb that calls it (the one whose description names the path, else the one that calls the fewest operations). */
  verbOf: Map<string, string>;
  problems: string[];
}

/** Which verb stands for each operation of both descriptions. */
export function assign(calls: Map<string, LogEntry[]>, descriptions: Map<string, string>): Coverage {
  const all: Ops = { ...OPERATIONS['v2.167'], ...OPERATIONS['v2.159'] };
  const byOp = new Map<string, Set<string>>();
  const opsOfVerb = new Map<string, Set<string>>();
  for (const [verb, entries] of calls)
    for (const e of entries) {
      const key = opKey(OPERATIONS['v2.159'], e) ?? opKey(OPERATIONS['v2.167'], e);
      if (!key) continue;
      for (const k of Object.keys(all).filter((o) => shape(o) === shape(key))) {
        byOp.set(k, (byOp.get(k) ?? new Set()).add(verb));
        opsOfVerb.set(verb, (opsOfVerb.get(verb) ?? new Set()).add(k));
      }
    }
  const verbOf = new Map<string, string>();
  for (const [op, verbs] of byOp) {
    const path = op.slice(op.indexOf(' ') + 1);
    const rank = (v: string) => [(descriptions.get(v) ?? '').includes(path) ? 0 : 1, opsOfVerb.get(v)!.size] as const;
    const best = [...verbs].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1] || a.localeCompare(b);
    })[0]!;
    verbOf.set(op, best);
  }
  const problems = Object.keys(all)
    .filter((op) => !verbOf.has(op) && !NOTES[op])
    .map((op) => `${op}: no verb calls it and test/helpers/coverage-notes.ts gives no reason`);
  return { verbOf, problems };
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

function table(keys: string[], ops: Ops, verbOf: Map<string, string>): string[] {
  const lines = ['| operation | verb | note |', '| --- | --- | --- |'];
  for (const k of keys) {
    const verb = verbOf.get(k);
    const note = verb ? '' : (NOTES[k] ?? 'UNACCOUNTED: no verb and no reason');
    const tag = ops[k]!.tag;
    lines.push(
      `| \`${k}\` | ${verb ? `\`postctl ${verb}\`` : '—'} | ${cell(`${tag}${ops[k]!.deprecated ? ', deprecated' : ''}${note ? `: ${note}` : ''}`)} |`,
    );
  }
  return lines;
}

const byPath = (a: string, b: string) => {
  const [ma, pa] = a.split(' ') as [string, string];
  const [mb, pb] = b.split(' ') as [string, string];
  return pa.localeCompare(pb) || ma.localeCompare(mb);
};

/** The Markdown of docs/coverage.md. */
export function render(verbOf: Map<string, string>): string {
  const old = OPERATIONS['v2.159'];
  const neu = OPERATIONS['v2.167'];
  const oldKeys = Object.keys(old).sort(byPath);
  const shapes = new Set(oldKeys.map(shape));
  const newOnly = Object.keys(neu)
    .filter((k) => !shapes.has(shape(k)))
    .sort(byPath);
  const covered = oldKeys.filter((k) => verbOf.has(k)).length;
  const tags = [...new Set(oldKeys.map((k) => old[k]!.tag))].sort();
  const perTag = tags.map((t) => {
    const keys = oldKeys.filter((k) => old[k]!.tag === t);
    return `| ${t} | ${keys.length} | ${keys.filter((k) => verbOf.has(k)).length} |`;
  });
  return [
    '# Platform API coverage',
    '',
    '<!-- Generated by `npm run gen` (scripts/coverage.mjs, test/helpers/coverage.ts): do not edit. -->',
    '',
    'Every operation of the official platform description, with the `postctl` verb that calls it. The verb column',
    "is not written by hand: each verb's sweep row (and the extra rows of `test/helpers/coverage-rows.ts`) runs",
    'against the bundled emulator, and each request its log captured is matched to an operation by method and path',
    'template. Where several verbs send an operation (a handle lookup, the acting user), the verb shown is the one',
    'whose description names the path, else the one that sends the fewest operations. An operation without a verb',
    'has its reason in the note; `postctl request METHOD PATH` reaches any of them. `test/cli/coverage.test.ts`',
    'regenerates this page and fails when it differs, when an operation has neither verb nor reason, or when a',
    'listed verb does not exist. The note column starts with the operation’s tag.',
    '',
    `**${covered} of ${oldKeys.length} operations of openapi v2.159 (${((covered / oldKeys.length) * 100).toFixed(1)} %) are called by a verb.**`,
    '',
    '| tag | operations | with a verb |',
    '| --- | --- | --- |',
    ...perTag,
    '',
    '## openapi v2.159',
    '',
    ...table(oldKeys, old, verbOf),
    '',
    '## Only in openapi v2.167',
    '',
    `${newOnly.filter((k) => verbOf.has(k)).length} of ${newOnly.length} operations that only v2.167 declares (a path whose only change is a parameter's name counts as the same operation) are called by a verb.`,
    '',
    ...table(newOnly, neu, verbOf),
    '',
  ].join('\n');
}

/** Capture, assign, render: the text of docs/coverage.md and what is unaccounted for. */
export async function coverage(
  o: { log?: (m: string) => void } = {},
): Promise<{ text: string; problems: string[]; verbOf: Map<string, string> }> {
  const calls = await captureVerbCalls(o.log);
  const { verbOf, problems } = assign(calls, await verbDescriptions());
  return { text: render(verbOf), problems, verbOf };
}

/** For scripts/coverage.mjs: the text, after printing what is unaccounted for (exit code 1 then). */
export async function coverageDoc(o: { log?: (m: string) => void } = {}): Promise<string> {
  const { text, problems, verbOf } = await coverage(o);
  for (const p of problems) console.error(p);
  for (const op of Object.keys(NOTES).filter((k) => verbOf.has(k)))
    console.error(`note not shown: \`postctl ${verbOf.get(op)}\` calls ${op} (drop it from test/helpers/coverage-notes.ts)`);
  if (problems.length) process.exitCode = 1;
  return text;
}
