// Every argument that names a post, a user or a list, generated from the
// command tree: the row of test/helpers/verb-rows.ts is run with the URL
// people paste in place of the id (https://x.com/<user>/status/<id>,
// https://x.com/<handle> or https://x.com/i/user/<id>,
// https://x.com/i/lists/<id>). The URL is never refused as such, and the id
// (or handle) it carries is what reaches the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { type TestEmulator, testEmulator } from '../helpers/emulator.js';
import { verbArguments, verbRows } from '../helpers/verb-rows.js';

type Kind = 'post' | 'user' | 'list';
const KIND: Array<[RegExp, Kind]> = [
  [/^(post_ids?|posts|ids)$/, 'post'],
  [/^(users?)$/, 'user'],
  [/^(list_ids?)$/, 'list'],
];
/** Arguments whose name matches but which are not the platform's posts, users or lists, with the reason. */
const NOT_PLATFORM: Record<string, string> = {
  // A do-not-reach list is an ads object (ads id), not a platform list: it has no URL.
  'audiences do-not-reach upload': 'ads list id',
  'audiences do-not-reach delete': 'ads list id',
};
const SAMPLE: Record<Kind, string> = { post: '1460323737035677698', user: '2244994945', list: '1800000000000000001' };

function urlOf(kind: Kind, value: string): string {
  if (kind === 'post') return `https://x.com/emu_dev/status/${value}`;
  if (kind === 'list') return `https://x.com/i/lists/${value}`;
  if (value.startsWith('https://')) return value;
  return value.startsWith('@') ? `https://x.com/${value.slice(1)}` : `https://x.com/i/user/${value}`;
}

const verbs = await verbArguments();
const rows = await verbRows(tempDir('postctl-url-args-'), 'url-args-consumer-key');
const CASES: Array<[string, string[], string[], string]> = [];
for (const [verb, args] of [...verbs].sort(([a], [b]) => a.localeCompare(b))) {
  if (verb in NOT_PLATFORM) continue;
  args.forEach((arg, i) => {
    const kind = KIND.find(([re]) => re.test(arg.name))?.[1];
    if (!kind) return;
    const row = rows[verb];
    if (!row) throw new Error(`no row for ${verb} in test/helpers/verb-rows.ts`);
    const at = verb.split(' ').length + i;
    const looks: Record<Kind, RegExp> = { post: /^\d{1,19}$/, list: /^\d{1,19}$/, user: /^(@?\w{1,15}|https:\/\/x\.com\/\w+)$/ };
    const withId = [...row.args];
    // The row's value for this argument: the first one of its form from its position on (flags and their values skipped).
    let found = -1;
    for (let j = at; j < withId.length && found < 0; j++) {
      if (withId[j]!.startsWith('-')) j++;
      else if (looks[kind].test(withId[j]!)) found = j;
    }
    if (found < 0) withId.splice((found = at), 0, SAMPLE[kind]);
    const withUrl = [...withId];
    withUrl[found] = urlOf(kind, withId[found]!);
    // A file of ids beside the positional one (posts lookup) would add its own ids: dropped.
    const clean = (a: string[]) =>
      a.includes('--file') && verb === 'posts lookup' ? a.filter((x, j) => x !== '--file' && a[j - 1] !== '--file') : a;
    const carried = withId[found]!.replace(/^@/, '').replace(/^https:\/\/x\.com\//, '');
    CASES.push([`${verb} <${arg.name}> as ${withUrl[found]}`, clean(withId), clean(withUrl), carried]);
  });
}

// Emulators, each used by one test at a time.
const LANES = 3;
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
  all = await Promise.all(Array.from({ length: LANES }, () => testEmulator()));
  free = [...all];
});
afterAll(async () => {
  await Promise.all(all.map((e) => e.close()));
});

describe('every post, user and list argument takes the URL people paste', () => {
  it('the sweep covers posts, users and lists, the ads verbs included', () => {
    const names = CASES.map(([n]) => n);
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const v of [
      'lists members add <list_id>',
      'ads promoted-posts create <post_ids>',
      'ads posts name <post_id>',
      'users follow <users>',
    ])
      expect(names.some((n) => n.startsWith(v))).toBe(true);
  });

  it.concurrent.each(CASES)('%s', async (_name, _withId, withUrl, carried) => {
    const emu = await acquire();
    try {
      const before = emu.state.log.length;
      const r = await emu.run(withUrl, { timeoutMs: 20_000 });
      const sent = emu.state.log.slice(before).map((e) => `${e.method} ${decodeURIComponent(e.path)} ${JSON.stringify(e.query)} ${e.body}`);
      expect(r.stderr).not.toMatch(/not a (post|user|list)|must be 1 to 19 digits|post URL|profile URL/);
      // Sent at all (a verb that needs an OAuth 2.0 login stops before sending, exit 3): the id rode along.
      if (sent.length) expect(sent.join('\n')).toContain(carried);
      else expect(r.code, r.stderr).toBe(3);
    } finally {
      release(emu);
    }
  });
});
