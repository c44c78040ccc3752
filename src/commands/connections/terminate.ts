// `postctl connections terminate [uuids…] | --endpoint <name> | --all`:
// exactly one way of naming the connections; asks first unless --yes.
import { PartialFailure, UsageError } from '../../errors/cli-error.js';
import {
  endpointName,
  streamEndpoints,
  terminate as terminateConnections,
  terminateRequests,
  type KillResult,
} from '../../platform/connections.js';
import { connectionUuid } from '../../validate/platform-ids.js';
import { Problems, oneOf } from '../../validate/rules.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';

const KILL_COLUMNS = [
  { header: 'uuid', key: 'uuid' },
  { header: 'terminated', get: (r: KillResult) => (r.success ? 'yes' : 'no') },
  { header: 'error', key: 'error_message' },
];

const plural = (n: number): string => `${n} connection${n === 1 ? '' : 's'}`;

export default defineVerb({
  name: 'terminate [uuids...]',
  description: 'terminate connections by UUID, by --endpoint, or --all (DELETE /2/connections…); asks first unless --yes',
  examples: [
    'postctl connections terminate --all --yes',
    'postctl connections terminate 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    'postctl connections terminate --endpoint activity_stream --yes',
  ],
  options: {
    all: { flags: '--all', description: 'terminate every active connection of the app' },
    endpoint: { flags: '--endpoint <name>', description: 'terminate the connections of one endpoint, e.g. activity_stream' },
    yes: { flags: '-y, --yes', description: 'do not ask for confirmation' },
    dryRun: lifecycleDryRun,
  },
  async run(uuids, opts, ctx) {
    const modes = [uuids.length > 0, Boolean(opts.all), opts.endpoint !== undefined].filter(Boolean).length;
    if (modes !== 1) throw new UsageError('say which connections: connection UUIDs, --endpoint <name>, or --all (exactly one)');
    const p = new Problems();
    const client = await ctx.client();
    const endpoint = opts.endpoint === undefined ? undefined : endpointName(opts.endpoint, client.names);
    uuids.forEach((u, i) => {
      p.check(`argument ${i + 1}`, u, [connectionUuid], { id: u });
    });
    p.check('--endpoint', endpoint, [oneOf(streamEndpoints(client.names))]);
    p.throwIfAny('invalid connections');
    const what = opts.all
      ? 'every active streaming connection of the app'
      : endpoint
        ? `the ${endpoint} connections`
        : `${uuids.length} connection${uuids.length > 1 ? 's' : ''}`;
    const target = opts.all ? { all: true as const } : endpoint ? { endpoint } : { uuids: [...new Set(uuids)] };
    if (opts.dryRun) return printRequests(ctx, terminateRequests(target));
    if (!(await ctx.prompt.confirm(`Terminate ${what}?`, opts.yes))) {
      ctx.log.info('nothing terminated');
      return 0;
    }
    const { response } = await terminateConnections(client, target);
    const results = response.data?.results ?? [];
    ctx.printer.list(results, KILL_COLUMNS, response);
    const ok = response.data?.successful_kills ?? results.filter((r) => r.success).length;
    const failed = response.data?.failed_kills ?? results.filter((r) => !r.success).length;
    if (failed > 0) throw new PartialFailure(`${plural(ok)} terminated, ${failed} could not be`);
    ctx.log.success(ok ? `${plural(ok)} terminated` : 'no active connections to terminate');
    return 0;
  },
});
