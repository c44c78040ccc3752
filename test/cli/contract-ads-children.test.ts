// Contract of the promoted-accounts, scheduled-promoted-posts, tracking-tags,
// line-items placements and sandbox funding-instruments create/delete verbs: every request they send in official names is
// checked against the committed extract of the ads reference pages
// (test/fixtures/contract/ads-reference.json): the method and path template
// exist, every query parameter is listed for that endpoint, and each endpoint
// of these verbs was reached.
import { beforeAll, describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core-line-items.js';
import { CHILD_IDS } from '../../src/emulator/routes/ads-line-item-children.js';
import type { LogEntry } from '../../src/emulator/state.js';
import { type AdsOp, adsQueryProblems, opKey, operations } from '../helpers/contract.js';
import { fileEmulator } from '../helpers/emulator.js';

const ADS = operations<AdsOp>('ads-reference.json');
const emu = fileEmulator({ names: 'official' });
const acct = '/12/accounts/:account_id';

/** Each verb run, and the endpoint (reference key) with the parameters it must carry. */
const RUNS: Array<{ args: string[]; key: string; carries: string[] }> = [
  {
    args: [
      'ads',
      'promoted-accounts',
      'list',
      '--line-item',
      LI.FOLLOWERS,
      '--promoted-account-ids',
      CHILD_IDS.PROMOTED_ACCOUNT,
      '--count',
      '5',
    ],
    key: `GET ${acct}/promoted_accounts`,
    carries: ['line_item_ids', 'promoted_account_ids', 'count'],
  },
  {
    args: ['ads', 'promoted-accounts', 'get', CHILD_IDS.PROMOTED_ACCOUNT, '--with-deleted'],
    key: `GET ${acct}/promoted_accounts/:promoted_account_id`,
    carries: ['with_deleted'],
  },
  {
    args: ['ads', 'promoted-accounts', 'create', '--line-item', LI.REACH, '2244994945'],
    key: `POST ${acct}/promoted_accounts`,
    carries: ['line_item_id', 'user_id'],
  },
  {
    args: ['ads', 'promoted-accounts', 'delete', CHILD_IDS.PROMOTED_ACCOUNT, '--yes'],
    key: `DELETE ${acct}/promoted_accounts/:promoted_account_id`,
    carries: [],
  },
  {
    args: [
      'ads',
      'scheduled-promoted-posts',
      'list',
      '--line-item-ids',
      LI.ENGAGEMENTS,
      '--scheduled-promoted-post-ids',
      CHILD_IDS.SCHEDULED,
    ],
    key: `GET ${acct}/scheduled_promoted_tweets`,
    carries: ['line_item_ids', 'scheduled_promoted_tweet_ids'],
  },
  {
    args: ['ads', 'scheduled-promoted-posts', 'get', CHILD_IDS.SCHEDULED, '--with-deleted'],
    key: `GET ${acct}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`,
    carries: ['with_deleted'],
  },
  {
    args: ['ads', 'scheduled-promoted-posts', 'create', '--line-item', LI.ENGAGEMENTS, '870358555227860992'],
    key: `POST ${acct}/scheduled_promoted_tweets`,
    carries: ['line_item_id', 'scheduled_tweet_id'],
  },
  {
    args: ['ads', 'scheduled-promoted-posts', 'delete', CHILD_IDS.SCHEDULED, '--yes'],
    key: `DELETE ${acct}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`,
    carries: [],
  },
  {
    args: [
      'ads',
      'tracking-tags',
      'list',
      '--line-item',
      LI.ENGAGEMENTS,
      '--tracking-tag-ids',
      CHILD_IDS.TRACKING_TAG,
      '--with-total-count',
    ],
    key: `GET ${acct}/tracking_tags`,
    carries: ['line_item_ids', 'tracking_tag_ids', 'with_total_count'],
  },
  {
    args: ['ads', 'tracking-tags', 'get', CHILD_IDS.TRACKING_TAG, '--with-deleted'],
    key: `GET ${acct}/tracking_tags/:tracking_tag_id`,
    carries: ['with_deleted'],
  },
  {
    args: ['ads', 'tracking-tags', 'create', '--line-item', LI.REACH, '--type', 'IMPRESSION_TAG', '--url', 'https://t.example/i?a=1'],
    key: `POST ${acct}/tracking_tags`,
    carries: ['line_item_id', 'tracking_tag_type', 'tracking_tag_url'],
  },
  {
    args: ['ads', 'tracking-tags', 'update', CHILD_IDS.TRACKING_TAG, '--url', 'https://t.example/i?a=2'],
    key: `PUT ${acct}/tracking_tags/:tracking_tag_id`,
    carries: ['tracking_tag_url'],
  },
  {
    args: ['ads', 'tracking-tags', 'delete', CHILD_IDS.TRACKING_TAG, '--yes'],
    key: `DELETE ${acct}/tracking_tags/:tracking_tag_id`,
    carries: [],
  },
  {
    args: ['ads', 'line-items', 'placements', '--product-type', 'PROMOTED_TWEETS'],
    key: 'GET /12/line_items/placements',
    carries: ['product_type'],
  },
];

describe('line item children and placements in official names match the ads reference pages', () => {
  const sent: Array<{ run: (typeof RUNS)[number]; entries: LogEntry[]; code: number | null; stderr: string }> = [];
  beforeAll(async () => {
    for (const run of RUNS) {
      const before = emu.state.log.length;
      const r = await emu.run(run.args);
      sent.push({ run, entries: emu.state.log.slice(before), code: r.code, stderr: r.stderr });
    }
  }, 60_000);

  it('every verb succeeded with exactly one request, to the endpoint meant, carrying its parameters', () => {
    for (const { run, entries, code, stderr } of sent) {
      expect(code, `${run.args.join(' ')}: ${stderr}`).toBe(0);
      expect(entries.map((e) => opKey(ADS, e))).toEqual([run.key]);
      expect(ADS[run.key], run.key).toBeDefined();
      const names = entries[0]!.query.map(([n]) => n);
      for (const c of run.carries) expect(names, `${run.key} carries ${c}`).toContain(c);
    }
  });

  it('every query parameter sent is listed for its endpoint in the reference', () => {
    const problems = sent.flatMap(({ entries }) => entries.flatMap((e) => adsQueryProblems(opKey(ADS, e)!, ADS[opKey(ADS, e)!]!, e.query)));
    expect(problems).toEqual([]);
  });

  it('the checker catches a neutral name sent to the official service', () => {
    const e = {
      method: 'POST',
      path: '/12/accounts/a/scheduled_promoted_tweets',
      query: [['scheduled_post_id', '1']] as Array<[string, string]>,
    };
    const key = opKey(ADS, e)!;
    expect(adsQueryProblems(key, ADS[key]!, e.query)).toHaveLength(1);
  });
});
