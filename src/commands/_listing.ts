// Printing a v2 listing through the one pager (src/http/paginate.ts `pages`):
// one page by default (with a hint when there are more), every page with
// --all, or up to --limit items; --max-results checked against the endpoint's
// range before anything is sent.
import { neutralize } from '../output/sanitize.js';
import type { Context } from '../entry/context.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { pages, v2Cursor, type CursorStyle } from '../http/paginate.js';
import type { Column } from '../output/printer.js';
import { Problems, integerBetween } from '../validate/rules.js';
import type { OptionTable } from './define.js';
import { invalid } from '../errors/cli-error.js';

/** Starts a listing at a page: the token a cut listing printed (its error's `resume`), or a page's meta.next_token. */
export const nextTokenOption = {
  flags: '--next-token <token>',
  description: 'start at this page: the token a listing cut short printed (its error\'s "resume"), or a meta.next_token',
} as const;

/** pagination_token from --next-token: one word, not empty (exit 6 before sending). */
export function nextTokenParams(token: string | undefined): Params {
  if (token === undefined) return [];
  if (!/^[\x21-\x7e]{1,512}$/.test(token)) throw invalid('--next-token', 'must be 1 to 512 printable characters without spaces');
  return [['pagination_token', token]];
}

/** Listing flags: one page of --max-results, or every page (--all) up to --limit items. */
export const pageOptions = {
  maxResults: { flags: '--max-results <n>', description: 'items per page (the endpoint’s range; default the API’s)' },
  all: { flags: '--all', description: 'follow pagination and list every page' },
  limit: { flags: '--limit <n>', description: 'stop after this many items (implies following pages)' },
  nextToken: nextTokenOption,
} as const satisfies OptionTable;

export interface PageFlags {
  maxResults?: string | undefined;
  all?: boolean | undefined;
  limit?: string | undefined;
  nextToken?: string | undefined;
}

/** The max_results parameter (checked against [min, max]) and the --limit value; exit 6 before sending. */
export function pageParams(flags: PageFlags, range: readonly [number, number]): { query: Params; limit: number | undefined } {
  const p = new Problems();
  p.check('--max-results', flags.maxResults, [integerBetween(range[0], range[1])]);
  p.check('--limit', flags.limit, [integerBetween(1, 1_000_000)]);
  p.throwIfAny('invalid options');
  const limit = flags.limit !== undefined ? Number(flags.limit) : undefined;
  // With --limit and no --max-results, ask for pages no bigger than needed (at least the endpoint's minimum).
  const size = flags.maxResults ?? (limit !== undefined ? String(Math.max(range[0], Math.min(range[1], limit))) : undefined);
  return {
    query: [...(size !== undefined ? [['max_results', size] as [string, string]] : []), ...nextTokenParams(flags.nextToken)],
    limit,
  };
}

export async function printListing(
  ctx: Context,
  client: ApiClient,
  req: RequestOptions,
  columns: Column[],
  flags: PageFlags,
  what: string,
  cursor: CursorStyle = v2Cursor,
): Promise<number> {
  const limit = flags.limit !== undefined ? Number(flags.limit) : undefined;
  if (!flags.all && limit === undefined) {
    const res = await client.request(req);
    const body = (res.body ?? {}) as { data?: unknown[]; meta?: { next_token?: string } };
    ctx.printer.list(body.data ?? [], columns, body);
    if (!body.data?.length) ctx.log.info(`no ${what}`);
    if (body.meta?.next_token)
      ctx.log.hint(
        `more ${what}: pass --all (or --limit N) to follow the pages, or --next-token ${neutralize(String(body.meta.next_token))} for the next one.`,
      );
    return 0;
  }
  const out = ctx.printer.stream(columns);
  let count = 0;
  for await (const page of pages(client, req, cursor, limit)) {
    out.add(page.items);
    count += page.items.length;
  }
  out.end({ meta: { result_count: count } });
  return 0;
}
