// docs/coverage.md is generated (npm run gen): every platform verb runs
// its sweep row against the emulator and the operations its requests match are
// its rows. Regenerated here: the committed page must be what the verbs send
// today, every operation of both descriptions must have a verb or a reason, and
// every verb the page names must exist in the command tree.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, coverage } from '../helpers/coverage.js';
import { allVerbs } from '../helpers/verb-rows.js';

const DOC = new URL('../../docs/coverage.md', import.meta.url);

/** Operations of v2.159 with a verb on this tree: the figure may only grow (the goal is 90 %, 141 of 156). */
const MIN_COVERED = 149;

// Every platform verb runs once (three emulators at once): the one slow file of the kind, by design.
describe('docs/coverage.md', () => {
  let result: Awaited<ReturnType<typeof coverage>>;
  beforeAll(async () => {
    result = await coverage();
  }, 120_000);

  it('is what the verbs send today (run npm run gen after changing a verb)', () => {
    expect(readFileSync(DOC, 'utf8')).toBe(result.text);
  });

  it('accounts for every operation of both descriptions: a verb, or a reason in test/helpers/coverage-notes.ts', () => {
    expect(result.problems).toEqual([]);
    const rows = readFileSync(DOC, 'utf8').match(/^\| `[A-Z]+ \/2\/[^`]*` \|/gm) ?? [];
    const keys = new Set([...Object.keys(OPERATIONS['v2.159']), ...Object.keys(OPERATIONS['v2.167'])]);
    // One row per operation of v2.159, and one per v2.167 operation v2.159 lacks (a renamed parameter is the same one).
    expect(rows.length).toBeGreaterThanOrEqual(Object.keys(OPERATIONS['v2.159']).length);
    for (const r of rows) expect(keys.has(r.slice(3, r.lastIndexOf('`')))).toBe(true);
    for (const k of Object.keys(OPERATIONS['v2.159'])) expect(rows).toContain(`| \`${k}\` |`);
  });

  it('names only verbs that exist', async () => {
    const verbs = new Set(await allVerbs());
    const named = [...readFileSync(DOC, 'utf8').matchAll(/\| `postctl ([a-z0-9 -]+)` \|/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((v) => !verbs.has(v))).toEqual([]);
  });

  it(`keeps at least ${MIN_COVERED} operations of v2.159 with a verb`, () => {
    const covered = Object.keys(OPERATIONS['v2.159']).filter((k) => result.verbOf.has(k));
    expect(covered.length).toBeGreaterThanOrEqual(MIN_COVERED);
  });
});
