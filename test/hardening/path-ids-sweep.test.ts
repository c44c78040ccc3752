// Every verb that takes an id argument, generated from the command tree (like
// the secrets sweep): each id argument in turn is replaced by one that would
// climb out of its path segment or split it (`..`, `.`, `%2e%2e`, `a/b`,
// `?x`, `#x`), the rest of the row staying a valid call (the rows of
// test/helpers/verb-rows.ts, which the secrets sweep shows reach the
// emulator). Each must exit 6 naming the argument, with zero requests in the
// emulator's log. A verb whose id check is removed (`ads media delete ..`
// deleting against the account path) fails here: its `..` row sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { type TestEmulator, testEmulator } from '../helpers/emulator.js';
import { verbArguments, verbRows } from '../helpers/verb-rows.js';

/** Positional arguments that are ids (go into a path, or name objects): not names, texts, keys of config, files or queries. */
const ID_ARG = /(^|_)(id|ids)$|^media_key$|^(posts|users|user|uuids)$/;
const HOSTILE = ['..', '.', '%2e%2e', 'a/b', '?x', '#x'];
/** Verbs that take an id argument but never put it in a path, with the reason. */
const NOT_IN_A_PATH: Record<string, string> = {
  // The media key goes in the form body of POST …/media_library; the API judges it (400, exit 6).
  'ads media-library add': 'body',
  // The ads API has no update for poll cards: the verb explains that locally (exit 2) whatever the id.
  'ads poll-cards update': 'never sends',
};
/** Rows whose other arguments would conflict with an id (`--all` or ids: exactly one). */
const ROW_WITH_IDS: Record<string, (args: string[]) => string[]> = {
  'connections terminate': (args) => args.filter((a) => a !== '--all'),
};
/** How the error names an argument: `list id`, `post ids (argument 1)`, `connection UUID`; a tailored audience is a custom audience. */
const named = (field: string): RegExp =>
  new RegExp(field.replace('tailored_audience', 'custom_audience').replace(/_/g, '[ _]').replace(/s$/, 's?'), 'i');

const verbs = await verbArguments();
const rows = await verbRows(tempDir('postctl-path-ids-'), 'path-ids-consumer-key');
const CASES: Array<[string, string[], string]> = [];
let n = 0;
for (const [verb, args] of [...verbs].sort(([a], [b]) => a.localeCompare(b))) {
  args.forEach((arg, i) => {
    if (!ID_ARG.test(arg.name)) return;
    const row = rows[verb];
    if (!row) throw new Error(`no row for ${verb} in test/helpers/verb-rows.ts`);
    if (verb in NOT_IN_A_PATH) return;
    const rowArgs = ROW_WITH_IDS[verb]?.(row.args) ?? row.args;
    const at = verb.split(' ').length + i;
    // `..` for every id argument; one of the others in turn, so each hostile form is tried on many verbs.
    for (const bad of ['..', HOSTILE[1 + (n++ % (HOSTILE.length - 1))]!]) {
      const given = rowArgs[at];
      const argv = [...rowArgs];
      if (given !== undefined && !given.startsWith('-')) argv[at] = bad;
      else argv.splice(at, 0, bad);
      CASES.push([`${verb} <${arg.name}> = ${JSON.stringify(bad)}`, argv, arg.name]);
    }
  });
}

// Four emulators, each used by one test at a time: a test's request count is its own.
const LANES = 4;
let free: TestEmulator[] = [];
const waiting: Array<(e: TestEmulator) => void> = [];
const acquire = (): Promise<TestEmulator> => {
  const e = free.pop();
  return e ? Promise.resolve(e) : new Promise((resolve) => waiting.push(resolve));
};
const release = (e: TestEmulator): void => {
  const next = waiting.shift();
  if (next) next(e);
  else free.push(e);
};
let all: TestEmulator[] = [];
beforeAll(async () => {
  all = await Promise.all(Array.from({ length: LANES }, () => testEmulator({ bearerMaxRequests: 10_000 })));
  free = [...all];
});
afterAll(async () => {
  await Promise.all(all.map((e) => e.close()));
});

describe('every id argument of every verb is checked before anything is sent', () => {
  it('the sweep covers the id arguments of the tree', () => {
    // A floor, so a change that stops finding id arguments (the pattern, the tree walk) is seen.
    expect(CASES.length).toBeGreaterThanOrEqual(150);
    expect(CASES.map(([name]) => name)).toContain('ads media delete <account_media_id> = ".."');
  });

  it.concurrent.each(CASES)('%s → exit 6, nothing sent', async (_name, argv, field) => {
    const emu = await acquire();
    try {
      const before = emu.state.log.length;
      const r = await emu.run(argv, { timeoutMs: 20_000 });
      const sent = emu.state.log.slice(before).map((e) => `${e.method} ${e.path}`);
      expect({ code: r.code, sent }, r.stderr).toEqual({ code: 6, sent: [] });
      expect(r.stderr).toMatch(named(field));
    } finally {
      release(emu);
    }
  });
});
