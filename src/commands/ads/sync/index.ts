// `postctl ads sync --into TARGET`: every account's daily stats and entities into
// a DuckDB file or a PostgreSQL database, incrementally: each account from its
// bookmark less the restatement window (or --since on its first run) to
// yesterday in its zone, one account-window per transaction, rows upserted and
// counted as inserted, updated or unchanged.
import { randomBytes } from 'node:crypto';
import { adsApi } from '../../../ads/common.js';
import { openStore, redactTarget } from '../../../ads/sync/store.js';
import type { AccountRef } from '../../../ads/types.js';
import { PartialFailure } from '../../../errors/cli-error.js';
import type { Column } from '../../../output/printer.js';
import { METRIC_GROUPS, PLACEMENTS, SEGMENTATION } from '../../../validate/ads-stats.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { accountsFlag, allAccounts } from '../stats/_accounts.js';
import { runPool } from '../../../bulk/pool.js';
import { recordedAccount, serial, type Result } from './_account.js';
import { checkSyncFlags, guardSecrets, intoOption, requireInto, SYNC_ENTITIES } from './_flags.js';

const COLUMNS: Column<Result>[] = [
  { header: 'account_id', key: 'account_id' },
  { header: 'status', key: 'status' },
  { header: 'from', key: 'from' },
  { header: 'to', key: 'to' },
  { header: 'inserted', key: 'inserted' },
  { header: 'updated', key: 'updated' },
  { header: 'unchanged', key: 'unchanged' },
  { header: 'error', key: 'error', flex: true },
];

export default defineVerb({
  name: 'sync',
  description: 'daily stats and entities of one or many accounts into DuckDB or PostgreSQL, incrementally (bookmarks, restatement window)',
  examples: [
    'postctl ads sync --into ads.duckdb --since 30-days-ago',
    'postctl ads sync --into ads.duckdb --accounts all --since 2026-11-01 --entity CAMPAIGN,LINE_ITEM --metric-groups ENGAGEMENT,BILLING',
    'postctl ads sync --into postgres://postctl@db.internal/ads --accounts 18ce54d4x5t,gq1a2b3c --restate 14',
  ],
  options: {
    into: intoOption,
    since: {
      flags: '--since <date>',
      description: "first run of an account: backfill from this day (a date or N-days-ago, the account's calendar)",
    },
    restate: {
      flags: '--restate <days>',
      description: 'later runs read again the last N days up to the bookmark (late conversions restate them)',
      default: '7',
    },
    includeToday: { flags: '--include-today', description: 'add today, marked partial (its figures still grow; never bookmarked)' },
    accounts: { flags: '--accounts <ids>', description: 'several accounts (comma-separated, or all), each in its zone and currency' },
    entity: { flags: '--entity <types>', description: `comma-separated: ${SYNC_ENTITIES.join(', ')}`, default: 'CAMPAIGN' },
    metricGroups: { flags: '--metric-groups <list>', description: METRIC_GROUPS.join(', '), default: 'ENGAGEMENT,BILLING' },
    placement: { flags: '--placement <p>', description: `${PLACEMENTS.join(', ')}, or all`, default: 'ALL_ON_TWITTER' },
    segment: { flags: '--segment <type>', description: `${Object.keys(SEGMENTATION).join(', ')} (jobs)` },
    country: { flags: '--country <id>', description: 'the country targeting value --segment METROS requires' },
    parallel: {
      flags: '--parallel <n>',
      description: 'accounts read at once (1 to 16; the store is written one account at a time)',
      default: '4',
    },
    maxJobs: { flags: '--max-jobs <n>', description: 'jobs processing at once per account (1 to 100, the default)' },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const started = ctx.now();
    const into = requireInto(opts.into);
    guardSecrets(ctx, into);
    const sel = checkSyncFlags(opts, started);
    const many = opts.accounts === undefined ? undefined : accountsFlag(opts.accounts, opts.account);
    const client = await ctx.client();
    const store = await openStore(into, { migrate: true, cwd: ctx.io.cwd, now: started, env: ctx.env });
    const runId = `${new Date(started).toISOString()}-${randomBytes(3).toString('hex')}`;
    const results: Result[] = [];
    const lock = serial();
    try {
      const refs: AccountRef[] = !many
        ? [await accountRef(ctx, opts)]
        : (many === 'all' ? await allAccounts(client, Boolean(opts.sandbox)) : many).map((id) => ({ id, api: adsApi(opts) }));
      ctx.log.info(`run ${runId}: ${refs.length} account${refs.length === 1 ? '' : 's'} into ${redactTarget(into)}`);
      await runPool(refs, sel.parallel, async (account, i) => {
        results[i] = await recordedAccount(ctx, client, store, account, sel, { id: runId, started }, lock);
      });
    } finally {
      await store.close();
    }
    const sum = (k: 'inserted' | 'updated' | 'unchanged') => results.reduce((n, r) => n + r[k], 0);
    const failed = results.filter((r) => r.status === 'failed');
    ctx.log.info(`${sum('inserted')} inserted, ${sum('updated')} updated, ${sum('unchanged')} unchanged`);
    ctx.printer.list(results, COLUMNS, {
      run_id: runId,
      target: redactTarget(into),
      inserted: sum('inserted'),
      updated: sum('updated'),
      unchanged: sum('unchanged'),
      accounts: results,
      ...(failed.length ? { failed_accounts: failed.map((r) => ({ account: r.account_id, message: r.error })) } : {}),
    });
    if (failed.length)
      throw new PartialFailure(
        `${failed.length} of ${results.length} accounts failed (${failed.map((r) => r.account_id).join(', ')}); the others were written`,
        'the reason for each is above and in sync_runs; the next run resumes each from its bookmark',
      );
    return 0;
  },
});
