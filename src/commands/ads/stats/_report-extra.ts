// What the HTML report asks beyond the stats: the account's name and the
// entities' statuses and budgets (one list request each, shared with the
// names), and the previous period's figures (one more request series, skipped
// with --no-compare). A failed lookup is a warning; the page goes on without it.
import type { SeriesSink } from '../../../ads/stats/executor.js';
import { hasNames, type NameCache } from '../../../ads/stats/report/names.js';
import { seriesRows, type Row } from '../../../ads/stats/rows.js';
import type { Context } from '../../../entry/context.js';
import { ApiError } from '../../../errors/api-error.js';
import { previousQuery } from './_previous.js';
import type { Query } from '../../../ads/stats/planner.js';
import { rowOptions } from './_report.js';
import type { HtmlExtra, HtmlOptions } from './_report-html.js';

/** The previous period's job state, beside the range's own. */
export const previousPath = (path: string): string => path.replace(/(\.state\.json)?$/, '-previous.state.json');

async function tryLookup<T>(ctx: Context, what: string, f: () => Promise<T>): Promise<T | undefined> {
  try {
    return await f();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    ctx.log.warn(`${what} could not be read (${e.message}); the report goes on without it`);
    return undefined;
  }
}

export async function htmlExtra(
  ctx: Context,
  cache: NameCache,
  q: Query,
  o: HtmlOptions,
  run: (q: Query, sink: SeriesSink) => Promise<void>,
): Promise<HtmlExtra> {
  const account = q.plan.account;
  const accountName = (await tryLookup(ctx, "the account's name", () => cache.names(account, 'ACCOUNT', [account.id])))?.get(account.id);
  const ids = [...new Set(q.plan.requests.flatMap((r) => r.ids))];
  const facts =
    hasNames(q.entity) && q.entity !== 'ACCOUNT' && ids.length
      ? await tryLookup(ctx, `the ${q.entity.toLowerCase()} statuses and budgets`, () => cache.facts(account, q.entity, ids))
      : undefined;
  const extra: HtmlExtra = { accountName, facts };
  if (!o.compare || !q.plan.requests.length) return extra;
  const prev = previousQuery(q);
  if ('problem' in prev) {
    ctx.log.warn(`the previous period cannot be asked (${prev.problem}); no changes are shown`);
    return extra;
  }
  const pq: Query = Object.assign(prev.query, { timing: q.timing });
  const opts = rowOptions(pq, {});
  const rows: Row[] = [];
  await run(pq, (list) => {
    for (const s of list) rows.push(...seriesRows(s, opts));
  });
  return { ...extra, previous: { rows, first: prev.first, last: prev.last } };
}
