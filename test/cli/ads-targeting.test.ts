// `postctl ads targeting …`, `ads promoted-posts …`, `ads promotable-users list`,
// `audiences create|get|update|delete`, `audiences do-not-reach create|list`
// through the built CLI against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core.js';
import { CAMPAIGN_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { EMU_DNR_LIST, EMU_SHARED_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();

async function run(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json']);
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}
const query = (e: { query: Array<[string, string]> }) => Object.fromEntries(e.query);

describe('targeting search (discovery)', () => {
  it.each([
    [['locations', 'los angeles', '--location-type', 'CITIES'], 'locations', '3b77caf94bfc81fe'],
    [['interests', 'books'], 'interests', '1001'],
    [['languages', 'english'], 'languages', 'en'],
    [['platforms'], 'platforms', '0'],
    [['devices', 'iphone'], 'devices', '1q'],
    [['events', '--event-types', 'SPORTS', '--country-code', 'US'], 'events', undefined],
    [['tv-shows', 'news', '--locale', 'en-US'], 'tv_shows', '10027243420'],
  ])('%j asks GET targeting_criteria/%s and prints targeting_value', async (args, path, first) => {
    const r = await run(['ads', 'targeting', 'search', ...args]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => e.path)).toEqual([`/12/targeting_criteria/${path}`]);
    const data = r.json().data as Array<{ targeting_value: string }>;
    expect(data.length).toBeGreaterThan(0);
    if (first) expect(data[0]!.targeting_value).toBe(first);
  });

  it('the catalogue is a few hundred locations and interests, paged with --all', async () => {
    const r = await run(['ads', 'targeting', 'search', 'locations', '--all', '--count', '100']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.length).toBeGreaterThan(250);
    expect(r.sent.length).toBe(3);
    const i = await run(['ads', 'targeting', 'search', 'interests', '--all']);
    expect(i.json().data.length).toBeGreaterThan(150);
  });

  it.each([[['cities']], [['events']], [['tv-shows', 'news']], [['languages', '--location-type', 'CITIES']], [['tv-markets', 'x']]])(
    'usage errors are exit 2 with nothing sent: %j',
    async (args) => {
      const r = await run(['ads', 'targeting', 'search', ...args]);
      expect(r.code).toBe(2);
      expect(r.sent).toEqual([]);
    },
  );

  it('suggestions send the seeds and print the suggested values', async () => {
    const r = await run(['ads', 'targeting', 'suggestions', '--type', 'KEYWORD', '--values', 'developers', '--count', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(query(r.sent[0]!)).toEqual({ suggestion_type: 'KEYWORD', targeting_values: 'developers', count: '2' });
    expect(r.json().data.map((s: { suggestion_value: string }) => s.suggestion_value)).toEqual(['devs', 'software']);
    const bad = await run(['ads', 'targeting', 'suggestions', '--type', 'USER_ID', '--values', 'developers']);
    expect(bad.code).toBe(6);
    expect(bad.sent).toEqual([]);
  });
});

describe('targeting add / list / delete', () => {
  it('add, list and delete one criterion; the emulator refuses a value its catalogue lacks (exit 6 from the API)', async () => {
    const add = await run([
      'ads',
      'targeting',
      'add',
      '--line-item',
      LI.ENGAGEMENTS,
      '--type',
      'BROAD_KEYWORD',
      '--value',
      'coffee',
      '--operator',
      'NE',
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(query(add.sent[0]!)).toEqual({
      line_item_id: LI.ENGAGEMENTS,
      targeting_type: 'BROAD_KEYWORD',
      targeting_value: 'coffee',
      operator_type: 'NE',
    });
    const id = add.json().data.id as string;
    const list = await run(['ads', 'targeting', 'list', '--line-item', LI.ENGAGEMENTS]);
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([id]);
    const del = await run(['ads', 'targeting', 'delete', id, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.json().data.deleted).toBe(true);
    const unknown = await run([
      'ads',
      'targeting',
      'add',
      '--line-item',
      LI.ENGAGEMENTS,
      '--type',
      'LOCATION',
      '--value',
      '0000000000000000',
    ]);
    expect(unknown.code).toBe(6);
    expect(unknown.stderr).toContain('not a known LOCATION targeting value');
  });

  it('checked against the account first: an audience not yet targetable, a TV show without a location (GETs only, nothing created)', async () => {
    const a = await run(['audiences', 'create', '--name', 'Too small']);
    const id = a.json().data.id as string;
    const r = await run(['ads', 'targeting', 'add', '--line-item', LI.ENGAGEMENTS, '--type', 'CUSTOM_AUDIENCE', '--value', id]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`custom audience ${id} is not targetable yet (TOO_SMALL)`);
    expect(r.sent.map((e) => e.method)).toEqual(['GET']);
    const tv = await run(['ads', 'targeting', 'add', '--line-item', LI.ENGAGEMENTS, '--type', 'TV_SHOW', '--value', '10027243420']);
    expect(tv.code).toBe(6);
    expect(tv.stderr).toContain(`TV_SHOW needs a LOCATION criterion on line item ${LI.ENGAGEMENTS} first`);
    expect(tv.sent.map((e) => e.method)).toEqual(['GET']);
    // A LOCATION earlier in the same file is enough.
    const file = join(emu.configDir, 'tv.jsonl');
    const line = (type: string, value: string) =>
      JSON.stringify({ line_item_id: LI.ENGAGEMENTS, targeting_type: type, targeting_value: value });
    writeFileSync(file, [line('LOCATION', '96683cc9126741d1'), line('TV_SHOW', '10027243420')].join('\n'));
    const ok = await run(['ads', 'targeting', 'add', '--file', file]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.sent.map((e) => e.method)).toEqual(['POST']);
  });

  it.each([
    [['--type', 'APP_LIST', '--value', 'x'], 'operator_type'],
    [['--type', 'AGE', '--value', 'AGE_18_TO_24', '--operator', 'GTE'], 'operator_type'],
    [['--type', 'LANGUAGE', '--value', 'English'], 'targeting_value'],
    [['--type', 'GENDER', '--value', '3'], 'targeting_value'],
  ])('%j is refused before sending', async (flags, field) => {
    const r = await run(['ads', 'targeting', 'add', '--line-item', LI.ENGAGEMENTS, ...flags]);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems.map((p: { field: string }) => p.field)).toContain(field);
    expect(r.sent).toEqual([]);
  });

  it('--file: every line checked first (two AGE buckets for one line item named), then one batch of all lines in order', async () => {
    const file = join(emu.configDir, 'criteria.jsonl');
    const line = (type: string, value: string) => JSON.stringify({ line_item_id: LI.REACH, targeting_type: type, targeting_value: value });
    writeFileSync(file, [line('AGE', 'AGE_18_TO_24'), line('LOCATION', '96683cc9126741d1'), line('AGE', 'AGE_25_TO_34')].join('\n'));
    const bad = await run(['ads', 'targeting', 'add', '--file', file]);
    expect(bad.code).toBe(6);
    expect(bad.errorJson().error.problems).toEqual([expect.objectContaining({ line: 3, field: 'targeting_type' })]);
    expect(bad.sent).toEqual([]);
    writeFileSync(file, [line('LOCATION', '96683cc9126741d1'), line('LANGUAGE', 'en'), line('INTEREST', '1001')].join('\n'));
    const ok = await run(['ads', 'targeting', 'add', '--file', file]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.sent.map((e) => e.path)).toEqual([`/12/batch/accounts/${EMU_ACCOUNT}/targeting_criteria`]);
    expect(JSON.parse(ok.sent[0]!.body).map((o: { params: { targeting_value: string } }) => o.params.targeting_value)).toEqual([
      '96683cc9126741d1',
      'en',
      '1001',
    ]);
    expect(ok.json().data.map((x: { status: string }) => x.status)).toEqual(['CREATED', 'CREATED', 'CREATED']);
  });
});

describe('line-items create --file', () => {
  it('checks every line, then creates them through the batch endpoint', async () => {
    const file = join(emu.configDir, 'line-items.jsonl');
    const li = (n: number, extra: object = {}) =>
      JSON.stringify({
        campaign_id: CAMPAIGN_IDS.SEEDED,
        name: `li ${n}`,
        objective: 'ENGAGEMENTS',
        product_type: 'PROMOTED_TWEETS',
        placements: ['ALL_ON_TWITTER'],
        start_time: '2027-03-01T00:00:00Z',
        end_time: '2027-04-01T00:00:00Z',
        daily_budget: '2.5',
        ...extra,
      });
    writeFileSync(file, [li(1), li(2, { objective: 'FOLLOWERS', placements: ['PUBLISHER_NETWORK'] }), li(3, { colour: 'red' })].join('\n'));
    const bad = await run(['ads', 'line-items', 'create', '--file', file]);
    expect(bad.code).toBe(6);
    expect(bad.errorJson().error.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual(
      expect.arrayContaining([
        [2, 'placements'],
        [3, 'colour'],
      ]),
    );
    expect(bad.sent).toEqual([]);
    writeFileSync(file, Array.from({ length: 101 }, (_, i) => li(i + 1)).join('\n'));
    const many = await run(['ads', 'line-items', 'create', '--file', file]);
    expect(many.code).toBe(6);
    expect(many.errorJson().error.problems).toEqual([expect.objectContaining({ line: 101, field: 'campaign_id' })]);
    expect(many.sent).toEqual([]);
    writeFileSync(file, [li(1), li(2)].join('\n'));
    const ok = await run(['ads', 'line-items', 'create', '--file', file]);
    expect(ok.code, ok.stderr).toBe(0);
    // The money guard reads the campaign and its funding instrument once for both lines, then the batch.
    expect(ok.sent.map((e) => e.method)).toEqual(['GET', 'GET', 'POST']);
    const body = JSON.parse(ok.sent[2]!.body);
    expect(body[0].params).toMatchObject({
      placements: 'ALL_ON_TWITTER',
      daily_budget_amount_local_micro: 2500000,
      product_type: 'PROMOTED_TWEETS',
      entity_status: 'PAUSED',
    });
    expect(ok.json().data.map((x: { status: string }) => x.status)).toEqual(['CREATED', 'CREATED']);
  });
});

describe('promoted posts and promotable users', () => {
  it('create, list (hidden with a deleted line item unless --with-deleted), delete', async () => {
    const c = await run(['ads', 'promoted-posts', 'create', '--line-item', LI.DELETABLE, '1460323737035677698']);
    expect(c.code, c.stderr).toBe(0);
    const id = c.json().data[0].id as string;
    expect((await run(['ads', 'line-items', 'delete', LI.DELETABLE, '--yes'])).code).toBe(0);
    expect((await run(['ads', 'promoted-posts', 'list'])).json().data).toEqual([]);
    const all = await run(['ads', 'promoted-posts', 'list', '--with-deleted']);
    expect(all.json().data).toEqual([expect.objectContaining({ id, deleted: false, tweet_id: '1460323737035677698' })]);
    const d = await run(['ads', 'promoted-posts', 'delete', id, '--yes']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.sent.map((e) => [e.method, e.path])).toEqual([['DELETE', `/12/accounts/${EMU_ACCOUNT}/promoted_tweets/${id}`]]);
  });

  it('neutral names: promoted_posts with post_ids', async () => {
    const r = await emu.run(['ads', 'promoted-posts', 'create', '--line-item', LI.ENGAGEMENTS, '1460323737035677698', '-o', 'json'], {
      env: { POSTCTL_API_NAMES: 'neutral' },
    });
    expect(r.code, r.stderr).toBe(0);
    const e = emu.state.requests('POST', 'promoted_posts')[0]!;
    expect(Object.fromEntries(e.query)).toEqual({ line_item_id: LI.ENGAGEMENTS, post_ids: '1460323737035677698' });
  });

  it('promotable users list', async () => {
    const r = await run(['ads', 'promotable-users', 'list']);
    expect(r.json().data.map((u: { promotable_user_type: string }) => u.promotable_user_type)).toEqual(['FULL', 'RETWEETS_ONLY']);
  });
});

describe('custom audiences and do-not-reach lists', () => {
  it('create → upload into it → get (targetable) → update → delete; a duplicate name is refused by the API', async () => {
    const c = await run(['audiences', 'create', '--name', 'Buyers', '--description', 'all buyers']);
    expect(c.code, c.stderr).toBe(0);
    expect(query(c.sent[0]!)).toEqual({ name: 'Buyers', description: 'all buyers' });
    const id = c.json().data.id as string;
    expect(c.json().data).toMatchObject({ targetable: false, reasons_not_targetable: ['TOO_SMALL'] });
    expect((await run(['audiences', 'create', '--name', 'Buyers'])).code).toBe(6);
    const file = join(emu.configDir, 'emails.txt');
    writeFileSync(file, Array.from({ length: 150 }, (_, i) => `buyer${i}@example.com`).join('\n'));
    expect((await run(['audiences', 'upload', id, '--file', file, '--type', 'email'])).code).toBe(0);
    expect((await run(['audiences', 'get', id])).json().data).toMatchObject({ targetable: true, audience_size: 150 });
    const u = await run(['audiences', 'update', id, '--name', 'All buyers']);
    expect(query(u.sent[0]!)).toEqual({ name: 'All buyers' });
    expect((await run(['audiences', 'delete', id, '--yes'])).json().data.deleted).toBe(true);
    expect((await run(['audiences', 'get', id])).code).toBe(4);
    expect((await run(['audiences', 'upload', id, '--file', file, '--type', 'email'])).code).toBe(4);
    expect((await run(['audiences', 'create'])).code).toBe(6);
  });

  it('an audience shared with the account can be read but not changed (exit 3)', async () => {
    expect((await run(['audiences', 'get', EMU_SHARED_AUDIENCE])).json().data.permission_level).toBe('READ_ONLY');
    expect((await run(['audiences', 'update', EMU_SHARED_AUDIENCE, '--name', 'Mine now'])).code).toBe(3);
    expect((await run(['audiences', 'delete', EMU_SHARED_AUDIENCE, '--yes'])).code).toBe(3);
  });

  it('do-not-reach: one list per account; list shows it', async () => {
    const l = await run(['audiences', 'do-not-reach', 'list']);
    expect(l.json().data.map((x: { id: string }) => x.id)).toEqual([EMU_DNR_LIST]);
    expect((await run(['audiences', 'do-not-reach', 'create'])).code).toBe(6);
    expect((await run(['audiences', 'do-not-reach', 'delete', EMU_DNR_LIST, '--yes'])).code).toBe(0);
    const c = await run(['audiences', 'do-not-reach', 'create', '--description', 'opted out']);
    expect(c.code, c.stderr).toBe(0);
    expect(query(c.sent[0]!)).toEqual({ description: 'opted out' });
  });
});
