// `postctl connections list | terminate`.
import type { Context } from '../../context.js';
import { PartialFailure, UsageError } from '../../errors.js';
import { pages, v2Cursor } from '../../http/paginate.js';
import { CONNECTION_STATUSES, endpointName, streamEndpoints, listRequest, terminate as terminateConnections, type KillResult } from '../../platform/connections.js';
import { connectionUuid } from '../../validate/platform-ids.js';
import { Problems, commaList, integerBetween, oneOf } from '../../validate/rules.js';
import type { VerbModule } from '../define.js';

const LIST_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'endpoint', key: 'endpoint_name' },
  { header: 'client_ip', key: 'client_ip' },
  { header: 'connected_at', key: 'connected_at' },
  { header: 'disconnected_at', key: 'disconnected_at' },
  { header: 'disconnect_reason', key: 'disconnect_reason' },
];

export const list: VerbModule = {
  async run(_args, opts, ctx) {
    const p = new Problems();
    // The client only holds settings until a request is made; it selects the spelling.
    const client = await ctx.client();
    const endpoints = [...new Set(commaList(opts.endpoint).map((e) => endpointName(e, client.names)))];
    p.check('--status', opts.status, [oneOf(CONNECTION_STATUSES)]);
    for (const e of endpoints) p.check('--endpoint', e, [oneOf(streamEndpoints(client.names))], { id: e });
    p.check('--max-results', opts.maxResults, [integerBetween(1, 100)]);
    p.throwIfAny('invalid options');
    const req = listRequest({ status: opts.status, endpoints, ...(opts.maxResults !== undefined ? { maxResults: Number(opts.maxResults) } : {}) });
    if (!opts.all) {
      const res = await client.request({ ...req });
      const body = (res.body ?? {}) as { data?: unknown[]; meta?: { next_token?: string } };
      ctx.printer.list(body.data ?? [], LIST_COLUMNS, body);
      if (!body.data?.length) ctx.log.info(`no ${opts.status ?? 'active'} connections`);
      if (body.meta?.next_token) ctx.log.hint('more connections: pass --all to list every page.');
      return 0;
    }
    const out = ctx.printer.stream(LIST_COLUMNS);
    let count = 0;
    for await (const page of pages(client, req, v2Cursor)) {
      out.add(page.items);
      count += page.items.length;
    }
    out.end({ meta: { result_count: count } });
    return 0;
  },
};

const KILL_COLUMNS = [
  { header: 'uuid', key: 'uuid' },
  { header: 'terminated', get: (r: KillResult) => (r.success ? 'yes' : 'no') },
  { header: 'error', key: 'error_message' },
];

export const terminate: VerbModule = {
  async run(uuids, opts, ctx) {
    const modes = [uuids.length > 0, Boolean(opts.all), opts.endpoint !== undefined].filter(Boolean).length;
    if (modes !== 1) throw new UsageError('say which connections: connection UUIDs, --endpoint <name>, or --all (exactly one)');
    const p = new Problems();
    const client = await ctx.client();
    const endpoint = opts.endpoint === undefined ? undefined : endpointName(String(opts.endpoint), client.names);
    uuids.forEach((u, i) => p.check(`argument ${i + 1}`, u, [connectionUuid], { id: u }));
    p.check('--endpoint', endpoint, [oneOf(streamEndpoints(client.names))]);
    p.throwIfAny('invalid connections');
    const what = opts.all ? 'every active streaming connection of the app' : endpoint ? `the ${endpoint} connections` : `${uuids.length} connection${uuids.length > 1 ? 's' : ''}`;
    if (!(await ctx.prompt.confirm(`Terminate ${what}?`, opts.yes))) {
      ctx.log.info('nothing terminated');
      return 0;
    }
    const target = opts.all ? { all: true as const } : endpoint ? { endpoint } : { uuids: [...new Set(uuids)] };
    const { response } = await terminateConnections(client, target);
    const results = response.data?.results ?? [];
    ctx.printer.list(results, KILL_COLUMNS, response);
    const ok = response.data?.successful_kills ?? results.filter((r) => r.success).length;
    const failed = response.data?.failed_kills ?? results.filter((r) => !r.success).length;
    if (failed > 0) throw new PartialFailure(`${ok} connection${ok === 1 ? '' : 's'} terminated, ${failed} could not be`);
    ctx.log.success(ok ? `${ok} connection${ok === 1 ? '' : 's'} terminated` : 'no active connections to terminate');
    return 0;
  },
};
