// `postctl connections list`: the app's streaming connections, one page or
// every page (--all); flags checked before sending (exit 6).
import type { Context } from '../../entry/context.js';
import type { ApiClient, RequestOptions } from '../../http/client.js';
import { pages, v2Cursor } from '../../http/paginate.js';
import { CONNECTION_STATUSES, endpointName, streamEndpoints, listRequest } from '../../platform/connections.js';
import { Problems, commaList, integerBetween, oneOf } from '../../validate/rules.js';
import { defineVerb } from '../define.js';

const LIST_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'endpoint', key: 'endpoint_name' },
  { header: 'client_ip', key: 'client_ip' },
  { header: 'connected_at', key: 'connected_at' },
  { header: 'disconnected_at', key: 'disconnected_at' },
  { header: 'disconnect_reason', key: 'disconnect_reason' },
];

async function printOnePage(ctx: Context, client: ApiClient, req: RequestOptions, status: string | undefined): Promise<number> {
  const res = await client.request({ ...req });
  const body = (res.body ?? {}) as { data?: unknown[]; meta?: { next_token?: string } };
  ctx.printer.list(body.data ?? [], LIST_COLUMNS, body);
  if (!body.data?.length) ctx.log.info(`no ${status ?? 'active'} connections`);
  if (body.meta?.next_token) ctx.log.hint('more connections: pass --all to list every page.');
  return 0;
}

async function printEveryPage(ctx: Context, client: ApiClient, req: RequestOptions): Promise<number> {
  const out = ctx.printer.stream(LIST_COLUMNS);
  let count = 0;
  for await (const page of pages(client, req, v2Cursor)) {
    out.add(page.items);
    count += page.items.length;
  }
  out.end({ meta: { result_count: count } });
  return 0;
}

export default defineVerb({
  name: 'list',
  description: 'streaming connections of the app (GET /2/connections)',
  examples: ['postctl connections list', 'postctl connections list --status all --endpoint activity_stream -o json'],
  options: {
    status: { flags: '--status <status>', description: 'active (default), inactive or all' },
    endpoint: {
      flags: '--endpoint <names>',
      description: 'only these endpoints, e.g. activity_stream, filtered_stream (comma separated or repeated)',
      repeatable: true,
    },
    maxResults: { flags: '--max-results <n>', description: 'connections per page, 1 to 100' },
    all: { flags: '--all', description: 'follow pagination and list every page' },
  },
  async run(_args, opts, ctx) {
    const p = new Problems();
    // The client only holds settings until a request is made; it selects the spelling.
    const client = await ctx.client();
    const endpoints = [...new Set(commaList(opts.endpoint).map((e) => endpointName(e, client.names)))];
    p.check('--status', opts.status, [oneOf(CONNECTION_STATUSES)]);
    for (const e of endpoints) p.check('--endpoint', e, [oneOf(streamEndpoints(client.names))], { id: e });
    p.check('--max-results', opts.maxResults, [integerBetween(1, 100)]);
    p.throwIfAny('invalid options');
    const req = listRequest({
      status: opts.status,
      endpoints,
      ...(opts.maxResults !== undefined ? { maxResults: Number(opts.maxResults) } : {}),
    });
    return opts.all ? printEveryPage(ctx, client, req) : printOnePage(ctx, client, req, opts.status);
  },
});
