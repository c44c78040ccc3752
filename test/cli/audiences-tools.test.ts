// Do-not-reach lists, tailored audience permissions (version 5), targeted
// line items and keyword insights, through the built CLI against the emulator.
import { describe, expect, it } from 'vitest';
import {
  EMU_AUDIENCE,
  EMU_DNR_LIST,
  EMU_SHARED_AUDIENCE,
  EMU_SIBLING_ACCOUNT,
  audienceStore,
} from '../../src/emulator/routes/audiences.js';
import { FOREIGN_ACCOUNT } from '../../src/emulator/ads-support.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';
import { futureYear } from '../helpers/clock.js';
import { sha, writeInput } from '../fixtures/audiences/helpers.js';

// Deliberately the spec's neutral names (this file asserts them); official names: wire-names.test.ts, contract.test.ts.
const emu = freshEmulator({ names: 'neutral' });

const dnrPosts = () => emu.state.requests('POST', '/do_not_reach_lists/');

describe('do-not-reach lists', () => {
  it('upload: hashed emails and phone numbers in the users form, to the batch path', async () => {
    const file = writeInput('optouts.csv', 'email,phone\nOut1@Example.com,+44 20 7946 0958\nout2@example.com,\n');
    const r = await emu.run([
      'audiences',
      'do-not-reach',
      'upload',
      EMU_DNR_LIST,
      '--file',
      file,
      '--expires-at',
      `${futureYear()}-01-01T00:00:00Z`,
    ]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ do_not_reach_list_id: EMU_DNR_LIST, read: 2, sent: 2, accepted: 2, failed: 0 });
    const post = dnrPosts().at(-1)!;
    expect(post.path).toBe(`/12/batch/accounts/${EMU_ACCOUNT}/do_not_reach_lists/${EMU_DNR_LIST}/users`);
    expect(JSON.parse(post.body)).toEqual([
      {
        operation_type: 'Update',
        params: {
          users: [{ email: [sha('out1@example.com')], phone_number: [sha('442079460958')] }, { email: [sha('out2@example.com')] }],
          expires_at: `${futureYear()}-01-01T00:00:00Z`,
        },
      },
    ]);
    const list = audienceStore(emu.state).lists.get(EMU_DNR_LIST)!;
    expect(list.received.field('Update', 'email').size).toBe(2);
  });

  it('takes emails and phone numbers only, and an expiry later than now (exit 6, nothing sent)', async () => {
    const before = dnrPosts().length;
    const handles = await emu.run([
      'audiences',
      'do-not-reach',
      'upload',
      EMU_DNR_LIST,
      '--file',
      writeInput('h.csv', 'email,handle\nz1@example.com,@z\n'),
    ]);
    expect(handles.code).toBe(6);
    expect(handles.stderr).toContain('column handle: this upload takes email and phone only');
    const past = await emu.run(
      ['audiences', 'do-not-reach', 'upload', EMU_DNR_LIST, '--type', 'email', '--expires-at', '2020-01-01T00:00:00Z'],
      { input: 'z2@example.com\n' },
    );
    expect(past.code).toBe(6);
    expect(past.stderr).toContain('--expires-at: must be later than now');
    const kind = await emu.run(['audiences', 'do-not-reach', 'upload', EMU_DNR_LIST, '--type', 'handle'], { input: '@z\n' });
    expect(kind.code).toBe(6); // a value outside the flag's choices
    expect(dnrPosts().length).toBe(before);
  });

  it('delete: asks for --yes when not interactive, then deletes; a second delete is 404', async () => {
    // Three identifiers of its own (a fresh emulator per test), so list_size is known.
    const up = await emu.run(['audiences', 'do-not-reach', 'upload', EMU_DNR_LIST, '--type', 'email'], {
      input: 'one@example.com\ntwo@example.com\nthree@example.com\n',
    });
    expect(up.code, up.stderr).toBe(0);
    const refused = await emu.run(['audiences', 'do-not-reach', 'delete', EMU_DNR_LIST]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(emu.state.requests('DELETE', '/do_not_reach_lists/')).toHaveLength(0);
    const r = await emu.run(['audiences', 'do-not-reach', 'delete', EMU_DNR_LIST, '--yes', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data).toMatchObject({ id: EMU_DNR_LIST, deleted: true, list_size: 3 });
    const again = await emu.run(['audiences', 'do-not-reach', 'delete', EMU_DNR_LIST, '--yes']);
    expect(again.code).toBe(4);
  });
});

describe('tailored audience permissions (v5)', () => {
  it('grant to an account of the same business, list, then revoke', async () => {
    const g = await emu.run([
      'audiences',
      'permissions',
      'grant',
      EMU_AUDIENCE,
      '--granted-account',
      EMU_SIBLING_ACCOUNT,
      '--level',
      'READ_ONLY',
      '-o',
      'json',
    ]);
    expect(g.code).toBe(0);
    const post = emu.state.requests('POST', '/permissions').at(-1)!;
    expect(post.path).toBe(`/5/accounts/${EMU_ACCOUNT}/tailored_audiences/${EMU_AUDIENCE}/permissions`);
    expect(post.query).toEqual([
      ['granted_account_id', EMU_SIBLING_ACCOUNT],
      ['permission_level', 'READ_ONLY'],
    ]);
    const permission = g.json().data;
    expect(permission).toMatchObject({
      tailored_audience_id: EMU_AUDIENCE,
      granted_account_id: EMU_SIBLING_ACCOUNT,
      permission_level: 'READ_ONLY',
      deleted: false,
    });

    const l = await emu.run(['audiences', 'permissions', 'list', EMU_AUDIENCE, '--granted-account', EMU_SIBLING_ACCOUNT, '-o', 'json']);
    expect(l.code).toBe(0);
    expect(l.json().data.map((p: { id: string }) => p.id)).toEqual([permission.id]);
    expect(emu.state.requests('GET', '/permissions').at(-1)!.query).toContainEqual(['granted_account_ids', EMU_SIBLING_ACCOUNT]);

    const table = await emu.run(['audiences', 'permissions', 'list', EMU_AUDIENCE, '-o', 'table']);
    expect(table.stdout).toMatch(new RegExp(`${permission.id}\\s+${EMU_AUDIENCE}\\s+${EMU_SIBLING_ACCOUNT}\\s+READ_ONLY`));

    const v = await emu.run(['audiences', 'permissions', 'revoke', EMU_AUDIENCE, permission.id, '--yes', '-o', 'json']);
    expect(v.code).toBe(0);
    expect(v.json().data).toMatchObject({ id: permission.id, deleted: true });
    expect(emu.state.requests('DELETE', '/permissions/').at(-1)!.path).toBe(
      `/5/accounts/${EMU_ACCOUNT}/tailored_audiences/${EMU_AUDIENCE}/permissions/${permission.id}`,
    );
  });

  it('an account that does not own the audience gets a clear message (exit 3)', async () => {
    const r = await emu.run([
      'audiences',
      'permissions',
      'grant',
      EMU_SHARED_AUDIENCE,
      '--granted-account',
      EMU_SIBLING_ACCOUNT,
      '--level',
      'READ_WRITE',
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `account ${EMU_ACCOUNT} may not change the permissions of tailored audience ${EMU_SHARED_AUDIENCE}: only the account that owns the audience (is_owner) can grant or revoke them`,
    );
    const v = await emu.run(['audiences', 'permissions', 'revoke', EMU_SHARED_AUDIENCE, '7xk2a', '--yes']);
    expect(v.code).toBe(3);
    expect(v.stderr).toContain('only the account that owns the audience');
  });

  it('sharing outside the business is refused with a hint; grant needs one account and a level', async () => {
    const r = await emu.run([
      'audiences',
      'permissions',
      'grant',
      EMU_AUDIENCE,
      '--granted-account',
      FOREIGN_ACCOUNT,
      '--level',
      'READ_ONLY',
    ]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('SHARE_AUDIENCE_OUTSIDE_BUSINESS');
    const before = emu.state.requests('POST', '/permissions').length;
    expect((await emu.run(['audiences', 'permissions', 'grant', EMU_AUDIENCE, '--level', 'READ_ONLY'])).code).toBe(2);
    expect(
      (await emu.run(['audiences', 'permissions', 'grant', EMU_AUDIENCE, '--granted-account', 'a,b', '--level', 'READ_ONLY'])).code,
    ).toBe(2);
    expect((await emu.run(['audiences', 'permissions', 'grant', EMU_AUDIENCE, '--granted-account', 'a'])).code).toBe(2);
    expect((await emu.run(['audiences', 'permissions', 'grant', EMU_AUDIENCE, '--granted-account', 'a', '--level', 'OWNER'])).code).toBe(6);
    expect(emu.state.requests('POST', '/permissions').length).toBe(before);
  });

  it('filters take up to 200 ids (exit 6, nothing sent)', async () => {
    const before = emu.state.requests('GET', '/permissions').length;
    const ids = Array.from({ length: 201 }, (_, i) => `acc${i}`).join(',');
    const r = await emu.run(['audiences', 'permissions', 'list', EMU_AUDIENCE, '--granted-account', ids]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('--granted-account: takes at most 200 ids (got 201)');
    const p = await emu.run(['audiences', 'permissions', 'list', EMU_AUDIENCE, '--permission-ids', ids]);
    expect(p.code).toBe(6);
    const c = await emu.run(['audiences', 'permissions', 'list', EMU_AUDIENCE, '--count', '1001']);
    expect(c.code).toBe(6);
    expect(emu.state.requests('GET', '/permissions').length).toBe(before);
  });
});

describe('targeted line items', () => {
  it('servable line items by default; --with-active=false includes the others', async () => {
    const a = await emu.run(['audiences', 'targeted', EMU_AUDIENCE, '-o', 'json']);
    expect(a.code).toBe(0);
    expect(a.json().data).toEqual([
      { campaign_id: '8wku2', campaign_name: 'Spring launch', line_items: [{ id: '8u94t', name: 'Spring - web', servable: true }] },
    ]);
    const b = await emu.run(['audiences', 'targeted', EMU_AUDIENCE, '--with-active=false', '-o', 'json']);
    expect(b.json().data.flatMap((t: { line_items: Array<{ id: string }> }) => t.line_items.map((l) => l.id))).toEqual([
      '8u94t',
      '8u94v',
      '8u95a',
    ]);
    expect(emu.state.requests('GET', '/targeted').at(-1)!.query).toEqual([['with_active', 'false']]);
    const t = await emu.run(['audiences', 'targeted', EMU_AUDIENCE, '--with-active=false', '-o', 'table']);
    expect(t.stdout).toContain('8u94v Spring - app (not servable)');
  });
});

describe('keyword insights', () => {
  const base = [
    'audiences',
    'keywords',
    '--keywords',
    'coffee,espresso',
    '--granularity',
    'DAY',
    '--start',
    '2026-03-01T00:00:00Z',
    '--end',
    '2026-03-07T00:00:00Z',
  ];
  it('returns related keywords and post volume', async () => {
    const r = await emu.run([...base, '--negative', 'decaf', '--location', '96683cc9126741d1', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data.related_keywords).toHaveLength(30);
    expect(r.json().data.post_volume).toHaveLength(6);
    expect(emu.state.requests('GET', '/insights/keywords/search').at(-1)!.query).toEqual([
      ['granularity', 'DAY'],
      ['keywords', 'coffee,espresso'],
      ['start_time', '2026-03-01T00:00:00Z'],
      ['end_time', '2026-03-07T00:00:00Z'],
      ['location', '96683cc9126741d1'],
      ['negative_keywords', 'decaf'],
    ]);
  });

  it.each([
    ['more than 7 days', ['--end', '2026-03-09T00:00:00Z'], /--end: the time range is at most 7 days/],
    ['more than 10 keywords with negatives', ['--negative', 'a,b,c,d,e,f,g,h,i'], /together are at most 10 \(got 2 \+ 9\)/],
    ['two countries', ['--location', '96683cc9126741d1,6416b8512febefc9'], /--location: takes one country per request/],
    ['end before start', ['--end', '2026-02-28T00:00:00Z'], /--end: must be later than --start/],
  ])('%s: exit 6, nothing sent', async (_n, extra, message) => {
    const before = emu.state.requests('GET', '/insights/').length;
    const args = [...base];
    const i = args.indexOf(extra[0]!);
    if (i >= 0) args.splice(i, 2, ...extra);
    else args.push(...extra);
    const r = await emu.run(args);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(message);
    expect(emu.state.requests('GET', '/insights/').length).toBe(before);
  });

  it('a location that is not a country is refused by the API (exit 6)', async () => {
    const r = await emu.run([...base, '--location', '5a110d312052166f']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('location must be a country-level targeting value (this one is a city)');
  });
});
