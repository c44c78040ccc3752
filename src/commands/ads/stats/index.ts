// `postctl ads stats`: analytics for any entities and any range, split into the
// requests the API allows (≤ 20 ids, 7-day synchronous or 90/45-day job windows,
// DAY on the account's midnights), run synchronously or as jobs, and merged into
// one series per entity × placement × segment.
import { join } from 'node:path';
import { JobState } from '../../../bulk/job-state.js';
import { optionsHash } from '../../../bulk/state.js';
import { runSync, type SeriesSink } from '../../../ads/stats/executor.js';
import { runJobs } from '../../../ads/stats/jobs.js';
import { iso } from '../../../ads/stats/range/calendar.js';
import { syncOverBudget, type Query } from '../../../ads/stats/planner.js';
import { InputError, UsageError } from '../../../errors/cli-error.js';
import { STATS_LIMITS, GRANULARITIES, PLACEMENTS, SEGMENTATION, STATS_ENTITIES, METRIC_GROUPS } from '../../../validate/ads-stats.js';
import { integerBetween } from '../../../validate/rules.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { ACCOUNT_CONCURRENCY, accountsFlag, allAccounts, eachAccount } from './_accounts.js';
import { planAccounts, startAccount, type BudgetFlags } from './_budget.js';
import { syncBudget } from '../../../ads/stats/budget.js';
import { adsApi } from '../../../ads/common.js';
import { checkChart } from './_report-draw.js';
import { jsonHead, openReport, queryMetrics, stdoutDrained, type Report, type ReportFlags } from './_report.js';
import { htmlExtra, previousPath } from './_report-extra.js';
import { htmlOptions, type HtmlOptions } from './_report-html.js';
import type { StoreReportFlags } from './_store-report.js';
import { RANGE_OPTIONS } from '../../../ads/stats/range/time-range.js';
import { asksMoney, buildQuery, checkFlags, type StatsFlags } from './_query.js';
import { settleCurrency } from '../../../ads/stats/account.js';
import type { Context } from '../../../entry/context.js';
import type { ApiClient } from '../../../http/client.js';
import type { AccountRef } from '../../../ads/types.js';
import { hasNames, NameCache } from '../../../ads/stats/report/names.js';
import { ApiError } from '../../../errors/api-error.js';

function positive(flag: string, raw: string | undefined, max: number, def: number): number {
  if (raw === undefined) return def;
  const msg = integerBetween(1, max)(raw);
  if (msg) throw new InputError(`${flag} ${msg}`);
  return Number(raw);
}

/**
 * The job state's path: --state, or one file per query here, named by a hash of
 * the flags (known before any request, so a saved state is checked first).
 */
function statePath(
  account: AccountRef,
  c: Awaited<ReturnType<typeof checkFlags>>,
  f: StatsFlags & { state?: string },
  cwd: string,
): string {
  if (f.state) return f.state;
  const key = {
    account: account.id,
    api: account.api,
    entity: c.entity,
    ids: c.ids,
    active: Boolean(f.active),
    from: f.from,
    to: f.to,
    range: f.range ?? null,
    granularity: c.granularity,
    groups: c.groups,
    placement: f.placement,
    segment: f.segment?.toUpperCase() ?? null,
    country: f.country ?? null,
  };
  return join(cwd, `postctl-stats-${optionsHash(key).slice(0, 12)}.state.json`);
}

/** What the jobs of a plan were created for: a --resume must match it request for request. */
const planFingerprint = (q: Query) => ({
  account: q.plan.account.id,
  entity: q.entity,
  requests: q.plan.requests.map((r) => `${r.ids.join(',')}|${r.placement}|${r.groups.join(',')}|${r.window.start}-${r.window.end}`),
  granularity: q.granularity,
  segment: q.plan.segment ?? null,
  country: q.plan.country ?? null,
});

interface ExecFlags {
  state?: string;
  resume?: boolean;
  maxJobs?: string;
  maxResultBytes?: string;
}

/** `tag` starts each line said about the run (the account's id when several run at once). */
async function execute(
  ctx: Context,
  client: ApiClient,
  q: Query,
  path: string,
  opts: ExecFlags,
  sink: SeriesSink,
  started: number,
  tag = '',
) {
  const deadline = started + client.maxWaitMs;
  if (q.mode === 'sync') {
    if (syncOverBudget(q))
      ctx.log.warn(
        `${tag}${q.plan.requests.length} synchronous requests: the endpoint allows ${STATS_LIMITS.syncPer15Minutes} per 15 minutes, so this waits for resets (--mode job does not)`,
      );
    await runSync(client, q.plan, sink, { deadline });
    ctx.log.info(`${tag}${q.plan.requests.length} synchronous request${q.plan.requests.length === 1 ? '' : 's'}`);
    return;
  }
  // Read before the state file is opened: a bad value stops the run with nothing written or sent.
  const state = await JobState.open(path, planFingerprint(q), q.plan.requests.length, {
    resume: Boolean(opts.resume),
    warn: (m) => ctx.log.warn(tag + m),
    info: (m) => ctx.log.info(tag + m),
  });
  ctx.log.info(`${tag}job state: ${state.path}`);
  const tally = await runJobs(client, q.plan, sink, {
    state,
    maxJobs: positive('--max-jobs', opts.maxJobs, STATS_LIMITS.processingJobs, STATS_LIMITS.processingJobs),
    // The first status request a second after a job is created, the interval growing to 10 s (on the run's clock).
    pollMs: 1000,
    maxPollMs: 10_000,
    clock: ctx.io.clock,
    deadline,
    maxWaitMs: client.maxWaitMs,
    download: {
      cap: positive(
        '--max-result-bytes',
        opts.maxResultBytes ?? ctx.env.POSTCTL_STATS_MAX_RESULT_BYTES,
        Number.MAX_SAFE_INTEGER,
        1024 ** 3,
      ),
      // The file host may be silent this long (--timeout); the whole download is within --max-wait too.
      timeoutMs: client.timeoutMs,
      env: ctx.env,
    },
    info: (m) => ctx.log.info(tag + m),
    resume: Boolean(opts.resume),
    drain: stdoutDrained(ctx),
  });
  await state.remove();
  ctx.log.info(
    `${tag}${q.plan.requests.length} job request${q.plan.requests.length === 1 ? '' : 's'}: ${tally.created} job${tally.created === 1 ? '' : 's'} created, ${tally.reused + tally.adopted} reused`,
  );
}

export default defineVerb({
  name: 'stats [entity_ids...]',
  description: 'analytics of entities over any range: split into allowed requests (sync or jobs) and merged per entity',
  examples: [
    'postctl ads stats --entity LINE_ITEM 8u94t 8u94u --from 7-days-ago --to yesterday --metric-groups ENGAGEMENT,BILLING -o csv',
    'postctl ads stats --entity LINE_ITEM --active --range yesterday --metric-groups ENGAGEMENT,BILLING --placement all -o csv',
    'postctl ads stats --entity CAMPAIGN --ids c1,c2 --from 2026-08-01 --to 2026-10-29 --granularity HOUR --metric-groups ENGAGEMENT --mode job',
    'postctl ads stats --entity PROMOTED_TWEET --file ids.txt --from 2026-10-01 --to 2026-10-31 --metric-groups ENGAGEMENT --segment AGE',
    'postctl ads stats --entity CAMPAIGN --active --accounts all --range yesterday --metric-groups ENGAGEMENT,BILLING --account-concurrency 8 -o csv',
  ],
  options: {
    entity: { flags: '--entity <type>', description: `required: ${STATS_ENTITIES.join(', ')} (PROMOTED_POST accepted)` },
    ids: { flags: '--ids <list>', description: 'entity ids, comma-separated (also as arguments)' },
    file: { flags: '--file <path>', description: 'entity ids, one per line (- for stdin)' },
    active: { flags: '--active', description: 'ask active entities for the ids and placements first' },
    ...RANGE_OPTIONS,
    granularity: { flags: '--granularity <g>', description: GRANULARITIES.join(', '), default: 'DAY' },
    metricGroups: { flags: '--metric-groups <list>', description: `required: ${METRIC_GROUPS.join(', ')}` },
    placement: {
      flags: '--placement <p>',
      description: `${PLACEMENTS.join(', ')}, or all (one request series per placement); default ALL_ON_TWITTER, all for a report (--totals, -o html, --range, --accounts)`,
    },
    segment: { flags: '--segment <type>', description: `jobs only: ${Object.keys(SEGMENTATION).join(', ')}` },
    country: { flags: '--country <id>', description: 'the country targeting value --segment METROS requires' },
    mode: {
      flags: '--mode <mode>',
      description: 'auto (sync when one 7-day window fits and nothing is segmented), sync or job',
      choices: ['auto', 'sync', 'job'],
      default: 'auto',
    },
    derived: { flags: '--derived', description: 'add derived metrics (cpm, engagement_rate, cost_per_engagement_micro, click_rate…)' },
    totals: {
      flags: '--totals',
      description: 'add a row per entity dated total, and rows whose entity is all summing every entity (rates recomputed)',
    },
    chart: {
      flags: '--chart <metric>',
      description: 'on a terminal, draw the metric per day per entity (spend in currency units)',
    },
    state: { flags: '--state <file>', description: 'job state file (default: postctl-stats-<hash>.state.json here)' },
    resume: { flags: '--resume', description: 'reuse the jobs a killed run created (same query, same state file)' },
    maxJobs: {
      flags: '--max-jobs <n>',
      description: `jobs of this run processing at once (1 to ${STATS_LIMITS.processingJobs}, the default)`,
    },
    maxResultBytes: {
      flags: '--max-result-bytes <n>',
      description: 'cap on a job file once decompressed (default 1 GiB; POSTCTL_STATS_MAX_RESULT_BYTES)',
    },
    names: { flags: '--no-names', description: 'no name column (names cost one list request per entity type)' },
    micros: { flags: '--micros', description: "money in the API's micros in table and CSV (default: currency units, spend)" },
    title: { flags: '--title <text>', description: 'html: the report title (default: Ads report: the account names)' },
    logo: { flags: '--logo <file>', description: 'html: a PNG, JPEG, GIF or WebP logo (up to 256 KiB) embedded in the header' },
    brandColor: { flags: '--brand-color <hex>', description: 'html: the accent colour, #rgb or #rrggbb' },
    compare: { flags: '--no-compare', description: 'html: no previous period (one request series fewer; no changes shown)' },
    db: {
      flags: '--db <target>',
      description: 'html: read the report from a store ads sync wrote (a DuckDB file or postgres:// URL), no API request',
    },
    locale: { flags: '--locale <tag>', description: 'html: how numbers, money and dates are written (default en-US)' },
    accounts: {
      flags: '--accounts <ids>',
      description: 'the same report for several accounts (comma-separated, or all), each in its zone and currency',
    },
    accountConcurrency: {
      flags: '--account-concurrency <n>',
      description: `with --accounts: accounts run at once (1 to ${ACCOUNT_CONCURRENCY.max}, default ${ACCOUNT_CONCURRENCY.default})`,
    },
    ...accountOptions,
  },
  formats: ['html'],
  async run(ids, given, ctx) {
    // One reading of the run's clock: the range of every account is resolved as of it.
    const started = ctx.now();
    const opts = { ...given, placement: defaultPlacement(given, ctx.format) };
    const checked = await checkFlags(ctx, [...ids], opts, started);
    checkChart(queryMetrics(checked, Boolean(opts.derived)), opts.chart);
    const html = htmlOptions(opts, ctx.format, ctx.globals.columns);
    positive('--max-jobs', opts.maxJobs, STATS_LIMITS.processingJobs, STATS_LIMITS.processingJobs);
    const { many, concurrency } = accountFlags(opts);
    if (opts.db !== undefined) return fromStore(ctx, { ...opts, db: opts.db, given: given.placement }, checked, html, many);
    const client = await ctx.client();
    const cache = new NameCache(client);
    const tag = (account: AccountRef) => (many ? `account ${account.id}: ` : '');
    // Everything before a stats request: a saved state checked, the account read, the plan.
    const prepare = async (account: AccountRef): Promise<Query> => {
      // A saved state to resume that is not ours or was tampered with is exit 2 before any request for the account.
      if (opts.mode !== 'sync')
        await JobState.read(statePath(account, checked, opts, ctx.io.cwd), Number.POSITIVE_INFINITY, { strict: Boolean(opts.resume) });
      const q = await buildQuery(ctx, client, account, opts, checked);
      if (!q.timing.complete)
        ctx.log.warn(
          `${tag(account)}the range reaches ${q.timing.today}, not yet over in the account's zone ${q.tz}: its figures are not final`,
        );
      if (!q.plan.requests.length) ctx.log.info(`${tag(account)}no active entities between ${iso(q.start)} and ${iso(q.end)}`);
      return q;
    };
    const run = async (q: Query, report: (q: Query) => Pick<Report, 'account'>) => {
      const path = statePath(q.plan.account, checked, opts, ctx.io.cwd);
      const t = tag(q.plan.account);
      const names = await entityNames(ctx, cache, q, opts);
      // The names' list read carries the currency too; the funding instruments are read only when it did not.
      const facts = names ? cache.facts(q.plan.account, q.entity, planIds(q)) : undefined;
      await settleCurrency(client, q, asksMoney(checked), facts, (m) => ctx.log.warn(t + m));
      // Opened once the currency is settled: a single account's JSON head carries it.
      const part = report(q).account({ q, names });
      await execute(ctx, client, q, path, opts, part.sink, started, t);
      part.done();
      if (html)
        part.extra(
          await htmlExtra(ctx, cache, q, html, (pq, sink) => execute(ctx, client, pq, previousPath(path), opts, sink, started, t)),
        );
    };
    if (!many) {
      let report: Report | undefined;
      await run(await prepare(await accountRef(ctx, opts)), (q) => (report = openReport(ctx, opts, jsonHead(q), false, html)));
      await report!.end();
      return 0;
    }
    const accountIds = many === 'all' ? await allAccounts(client, Boolean(opts.sandbox)) : many;
    const report = openReport(ctx, opts, { data_type: 'stats', granularity: checked.granularity, accounts: accountIds }, true, html);
    const budget: BudgetFlags = {
      mode: opts.mode,
      compare: Boolean(html?.compare),
      budget: syncBudget(client, adsApi({ sandbox: Boolean(opts.sandbox) })),
    };
    try {
      await eachAccount(
        ctx,
        accountIds,
        { sandbox: Boolean(opts.sandbox), concurrency, report },
        {
          prepare,
          plan: (queries) => planAccounts(ctx, queries, budget),
          run: (q, part) => run(startAccount(ctx, q, budget), () => part),
        },
      );
    } finally {
      await report.end();
    }
    return 0;
  },
});

/** The client report read from a store `ads sync` wrote (--db): no client is made, no request sent. */
async function fromStore(
  ctx: Context,
  opts: StoreReportFlags,
  checked: Awaited<ReturnType<typeof checkFlags>>,
  html: HtmlOptions | undefined,
  many: string[] | 'all' | undefined,
): Promise<number> {
  if (!html) throw new UsageError('--db is for -o html', 'add -o html (the client report read from the store)');
  const { storeReport } = await import('./_store-report.js');
  const accounts = many === 'all' ? 'all' : many ? many.map((id) => ({ id, api: adsApi(opts) })) : [await accountRef(ctx, opts)];
  await storeReport(ctx, opts, checked, html, accounts);
  return 0;
}

/** --accounts (the ids, or 'all') and how many run at once, checked before any request. */
function accountFlags(opts: { accounts?: string; account?: string; accountConcurrency?: string }) {
  const many = opts.accounts === undefined ? undefined : accountsFlag(opts.accounts, opts.account);
  if (opts.accountConcurrency !== undefined && !many)
    throw new UsageError('--account-concurrency is for --accounts', 'give the accounts with --accounts ID,ID or all');
  const concurrency = positive('--account-concurrency', opts.accountConcurrency, ACCOUNT_CONCURRENCY.max, ACCOUNT_CONCURRENCY.default);
  return { many, concurrency };
}

/**
 * The placements asked when --placement is not given: a report (totals, the
 * HTML page, a named range, several accounts) asks every placement, so its
 * totals cover all the spend; a plain query keeps the API's own default.
 */
function defaultPlacement(f: { placement?: string; totals?: boolean; range?: string; accounts?: string }, format: string): string {
  if (f.placement !== undefined) return f.placement;
  const report = Boolean(f.totals) || format === 'html' || f.range !== undefined || f.accounts !== undefined;
  return report ? 'all' : 'ALL_ON_TWITTER';
}

const planIds = (q: Query): string[] => [...new Set(q.plan.requests.flatMap((r) => r.ids))];

/** The entities' names (one list request per type, cached for the run); a failed lookup is a warning, the names left empty. */
async function entityNames(ctx: Context, cache: NameCache, q: Query, f: ReportFlags): Promise<ReadonlyMap<string, string> | undefined> {
  if (f.names === false) return undefined;
  if (!hasNames(q.entity)) return new Map();
  const ids = planIds(q);
  if (!ids.length) return new Map();
  try {
    return await cache.names(q.plan.account, q.entity, ids);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    ctx.log.warn(`the ${q.entity.toLowerCase()} names could not be read (${e.message}); the name column is empty`);
    return new Map();
  }
}
