// Promoted accounts, scheduled promoted posts, tracking tags and line item
// placements through the built CLI against the emulator: each verb's request
// and output (table, JSON, CSV), the rules checked before sending (exit 6 and
// no request), 404 as exit 4.
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core-line-items.js';
import { CHILD_IDS } from '../../src/emulator/routes/ads-line-item-children.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { fileEmulator, runLogged } from '../helpers/emulator.js';

const emu = fileEmulator({ names: 'official' });
const acct = `/12/accounts/${EMU_ACCOUNT}`;

const run = (args: string[], format = 'json') => runLogged(emu, args, format);
const query = (e: { query: Array<[string, string]> }) => Object.fromEntries(e.query);

describe('promoted accounts', () => {
  it('create from an id or an i/user URL, list by line item, get, delete', async () => {
    const c = await run(['ads', 'promoted-accounts', 'create', '--line-item', LI.REACH, 'https://x.com/i/user/2244994945']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.lines).toEqual([`POST ${acct}/promoted_accounts`]);
    expect(query(c.sent[0]!)).toEqual({ line_item_id: LI.REACH, user_id: '2244994945' });
    const id = c.json().data.id as string;
    const list = await run(['ads', 'promoted-accounts', 'list', '--line-item', LI.REACH]);
    expect(query(list.sent[0]!)).toMatchObject({ line_item_ids: LI.REACH });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([id]);
    const got = await run(['ads', 'promoted-accounts', 'get', id], 'table');
    expect(got.stdout).toContain('2244994945');
    const del = await run(['ads', 'promoted-accounts', 'delete', id, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.json().data.deleted).toBe(true);
    expect((await run(['ads', 'promoted-accounts', 'get', id])).code).toBe(4);
  });

  it('a handle, a bad line item or a missing one: exit 6 naming the field, nothing sent', async () => {
    const h = await run(['ads', 'promoted-accounts', 'create', '--line-item', LI.REACH, '@emu_dev']);
    expect(h.code).toBe(6);
    expect(h.stderr).toContain('user_id');
    expect(h.sent).toEqual([]);
    const li = await run(['ads', 'promoted-accounts', 'create', '--line-item', 'A/B', '12']);
    expect(li.code).toBe(6);
    expect(li.stderr).toContain('line_item_id');
    expect(li.sent).toEqual([]);
    const none = await run(['ads', 'promoted-accounts', 'create', '12']);
    expect(none.code).toBe(6);
    expect(none.stderr).toContain('line_item_id: is required');
  });

  it('list as CSV', async () => {
    const r = await run(['ads', 'promoted-accounts', 'list', '--promoted-account-ids', CHILD_IDS.PROMOTED_ACCOUNT], 'csv');
    expect(r.code, r.stderr).toBe(0);
    const [head, row] = r.stdout.split('\n').map((l) => l.split(','));
    const rec = Object.fromEntries(head!.map((h, i) => [h, row![i]]));
    expect(rec).toMatchObject({ id: CHILD_IDS.PROMOTED_ACCOUNT, user_id: '756201191646691328', line_item_id: LI.FOLLOWERS });
  });
});

describe('scheduled promoted posts (official names on the wire)', () => {
  it('create, list, get, delete in scheduled_promoted_tweets / scheduled_tweet_id', async () => {
    const c = await run(['ads', 'scheduled-promoted-posts', 'create', '--line-item', LI.ENGAGEMENTS, '870358555227860992']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.lines).toEqual([`POST ${acct}/scheduled_promoted_tweets`]);
    expect(query(c.sent[0]!)).toEqual({ line_item_id: LI.ENGAGEMENTS, scheduled_tweet_id: '870358555227860992' });
    const id = c.json().data.id as string;
    const t = await run(
      ['ads', 'scheduled-promoted-posts', 'list', '--scheduled-promoted-post-ids', `${id},${CHILD_IDS.SCHEDULED}`],
      'table',
    );
    expect(t.stdout.split('\n')[0]).toMatch(/^id\s+scheduled_tweet_id\s+tweet_id\s+line_item_id/);
    expect(query(t.sent[0]!)).toMatchObject({ scheduled_promoted_tweet_ids: `${id},${CHILD_IDS.SCHEDULED}` });
    expect((await run(['ads', 'scheduled-promoted-posts', 'get', CHILD_IDS.SCHEDULED])).json().data.scheduled_tweet_id).toBe(
      '870366669373194240',
    );
    const d = await run(['ads', 'scheduled-promoted-posts', 'delete', id, '--yes']);
    expect(d.lines).toEqual([`DELETE ${acct}/scheduled_promoted_tweets/${id}`]);
  });

  it('a scheduled post id that is not a long: exit 6, nothing sent', async () => {
    const r = await run(['ads', 'scheduled-promoted-posts', 'create', '--line-item', LI.ENGAGEMENTS, 'abc']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('scheduled_post_id');
    expect(r.sent).toEqual([]);
  });
});

describe('tracking tags', () => {
  const URL1 = 'https://ad.doubleclick.net/ddm/trackimp/N1.2;dc_trk_aid=1';
  it('create, update the URL, list, delete', async () => {
    const c = await run(['ads', 'tracking-tags', 'create', '--line-item', LI.REACH, '--type', 'click_tracker', '--url', URL1]);
    expect(c.code, c.stderr).toBe(0);
    expect(query(c.sent[0]!)).toEqual({ line_item_id: LI.REACH, tracking_tag_type: 'CLICK_TRACKER', tracking_tag_url: URL1 });
    const id = c.json().data.id as string;
    const u = await run(['ads', 'tracking-tags', 'update', id, '--url', `${URL1}0`]);
    expect(u.code, u.stderr).toBe(0);
    expect(u.lines).toEqual([`PUT ${acct}/tracking_tags/${id}`]);
    expect(u.json().data.tracking_tag_url).toBe(`${URL1}0`);
    const l = await run(['ads', 'tracking-tags', 'list', '--line-item', LI.REACH, '--tracking-tag-ids', id]);
    expect(l.json().data).toHaveLength(1);
    expect((await run(['ads', 'tracking-tags', 'delete', id, '--yes'])).code).toBe(0);
  });

  it('the type and URL rules before sending: did-you-mean on the type, https only', async () => {
    const t = await run(['ads', 'tracking-tags', 'create', '--line-item', LI.REACH, '--type', 'IMPRESION_TAG', '--url', URL1]);
    expect(t.code).toBe(6);
    expect(t.stderr).toContain('IMPRESSION_TAG, CLICK_TRACKER');
    expect(t.stderr).toMatch(/did you mean IMPRESSION_TAG/i);
    const h = await run([
      'ads',
      'tracking-tags',
      'create',
      '--line-item',
      LI.REACH,
      '--type',
      'IMPRESSION_TAG',
      '--url',
      'http://a.example/x',
    ]);
    expect(h.code).toBe(6);
    expect(h.stderr).toContain('tracking_tag_url');
    const u = await run(['ads', 'tracking-tags', 'update', CHILD_IDS.TRACKING_TAG, '--url', 'ftp://x']);
    expect(u.code).toBe(6);
    expect([...t.sent, ...h.sent, ...u.sent]).toEqual([]);
  });
});

describe('line item placements', () => {
  it('all product types as a table; --product-type PROMOTED_POSTS sent as PROMOTED_TWEETS', async () => {
    const all = await run(['ads', 'line-items', 'placements'], 'table');
    expect(all.code, all.stderr).toBe(0);
    expect(all.lines).toEqual(['GET /12/line_items/placements']);
    expect(all.stdout).toMatch(/PROMOTED_ACCOUNT\s+ALL_ON_TWITTER, TWITTER_TIMELINE/);
    const one = await run(['ads', 'line-items', 'placements', '--product-type', 'promoted_posts']);
    expect(query(one.sent[0]!)).toEqual({ product_type: 'PROMOTED_TWEETS' });
    expect(one.json().data[0].product_type).toBe('PROMOTED_TWEETS');
    const bad = await run(['ads', 'line-items', 'placements', '--product-type', 'PROMOTED_ACCOUNTS']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toMatch(/did you mean PROMOTED_ACCOUNT/i);
    expect(bad.sent).toEqual([]);
  });
});

describe('sandbox funding instruments', () => {
  const create = [
    'ads',
    'funding-instruments',
    'create',
    '--type',
    'insertion_order',
    '--currency',
    'usd',
    '--start-time',
    '2027-01-01T00:00:00Z',
  ];
  it('without --sandbox: exit 2, nothing sent anywhere', async () => {
    const c = await run(create);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('sandbox-only');
    const d = await run(['ads', 'funding-instruments', 'delete', 'lygyi', '--yes']);
    expect(d.code).toBe(2);
    expect([...c.sent, ...d.sent]).toEqual([]);
  });

  it('with --sandbox: created on the sandbox address (type and currency as the API spells them, money in micros), then deleted', async () => {
    const c = await run([...create, '--funded-amount', '1400', '--sandbox']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.sent.map((e) => [e.api, e.method])).toEqual([['sandbox', 'POST']]);
    expect(query(c.sent[0]!)).toEqual({
      type: 'INSERTION_ORDER',
      currency: 'USD',
      start_time: '2027-01-01T00:00:00Z',
      funded_amount_local_micro: '1400000000',
    });
    const id = c.json().data.id as string;
    const d = await run(['ads', 'funding-instruments', 'delete', id, '--sandbox', '--yes']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.lines).toEqual([`DELETE ${acct}/funding_instruments/${id}`]);
    expect(d.sent[0]!.api).toBe('sandbox');
  });

  it('the rules before sending: type, currency, zone-less time, end before start, a missing field', async () => {
    const r = await run([
      'ads',
      'funding-instruments',
      'create',
      '--sandbox',
      '--type',
      'CREDIT_CARDS',
      '--currency',
      'dollars',
      '--start-time',
      '2027-02-01',
      '--end-time',
      '2027-01-01T00:00:00Z',
    ]);
    expect(r.code).toBe(6);
    for (const f of ['type', 'currency', 'start_time']) expect(r.stderr).toContain(f);
    expect(r.stderr).toMatch(/did you mean CREDIT_CARD/i);
    const missing = await run(['ads', 'funding-instruments', 'create', '--sandbox', '--type', 'CREDIT_CARD']);
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain('currency');
    expect([...r.sent, ...missing.sent]).toEqual([]);
  });
});
