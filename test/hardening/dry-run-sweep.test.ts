// A dry run on every write verb, generated from the command tree: the write verbs are those whose requests
// change state — every verb docs/coverage.md (generated from what each verb sends to the emulator) names for a
// POST, PUT, PATCH or DELETE operation, and the write verbs it cannot name (their operation is shown under a
// sibling verb). Each must declare --dry-run, and its sweep row (test/helpers/verb-rows.ts) run with --dry-run
// must exit 0, print what it would send on stdout and send no request that changes anything: reads (a handle
// lookup, the acting user, the rules listed) are allowed, and so is the API's own check-only call (dry_run=true).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { EMU_APP } from '../../src/emulator/state.js';
import { buildProgram } from '../../src/entry/program.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';
import { verbRows } from '../helpers/verb-rows.js';

/** Write verbs whose operation docs/coverage.md shows under another verb (the same method and path). */
const ALSO_WRITES = ['posts unhide'];

function writeVerbs(): string[] {
  const md = readFileSync(new URL('../../docs/coverage.md', import.meta.url), 'utf8');
  const out = new Set(ALSO_WRITES);
  for (const m of md.matchAll(/^\| `(?:POST|PUT|PATCH|DELETE) [^`]*` \| `postctl ([^`]+)`/gm)) out.add(m[1]!.trim());
  return [...out].sort();
}

async function flagsOf(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const walk = (c: Command, path: string[]) => {
    for (const s of c.commands) {
      const p = [...path, s.name()];
      out.set(
        p.join(' '),
        s.options.map((o) => o.long ?? ''),
      );
      walk(s, p);
    }
  };
  walk(await buildProgram(), []);
  return out;
}

const WRITES = writeVerbs();
const FLAGS = await flagsOf();
const rows = await verbRows(tempDir('postctl-dry-run-'), EMU_APP.consumerKey);
const emu = fileEmulator();

/** A request that changes nothing: a read, or the API's check-only mode. */
const harmless = (e: { method: string; path: string; query: Array<[string, string]> }) =>
  e.method === 'GET' || e.path === '/oauth2/token' || e.query.some(([k, v]) => k === 'dry_run' && v === 'true');
/** Verbs whose only authentication is an OAuth 2.0 login, which the sweep's profile has not: exit 3, nothing sent. */
const NEEDS_OAUTH2 = new Set(['posts bookmark', 'posts unbookmark']);

describe('every write verb takes --dry-run', () => {
  it('the write verbs are found (docs/coverage.md lists their operations)', () => {
    expect(WRITES.length).toBeGreaterThan(40);
    for (const v of ['posts delete', 'posts like', 'users follow', 'media upload', 'webhooks subscriptions replay'])
      expect(WRITES).toContain(v);
  });

  it('each declares --dry-run', () => {
    const missing = WRITES.filter((v) => !FLAGS.get(v)?.includes('--dry-run'));
    expect(missing, `write verbs without --dry-run: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(WRITES.filter((v) => FLAGS.get(v)?.includes('--dry-run')))(
    '%s --dry-run prints the request(s) and sends nothing that changes state',
    async (verb) => {
      const row = rows[verb];
      if (!row) throw new Error(`no sweep row for ${verb}`);
      row.setup?.(emu);
      const before = emu.state.log.length;
      const r = await emu.run([...row.args, '--dry-run', '-o', 'json'], { ...(row.input !== undefined ? { input: row.input } : {}) });
      expect(r.code, r.stderr).toBe(NEEDS_OAUTH2.has(verb) ? 3 : 0);
      if (!NEEDS_OAUTH2.has(verb)) expect(r.stdout.trim().length, r.stderr).toBeGreaterThan(0);
      const changed = emu.state.log.slice(before).filter((e) => !harmless(e));
      expect(changed.map((e) => `${e.method} ${e.path}`)).toEqual([]);
    },
  );
});
