// Shared steps of the webhook and subscription lifecycle verbs: a dry run
// prints the planned requests (method, path, body) and sends nothing; deletes
// ask first (y/N on a terminal, --yes otherwise) and go on past a failure
// among several (exit 8).
import type { Context } from '../entry/context.js';
import { CliError, PartialFailure } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import { toParams } from '../http/encode.js';
import { send, type Planned } from '../platform/webhook-lifecycle.js';
import type { OptionSpec } from './define.js';

export const lifecycleDryRun = {
  flags: '--dry-run',
  description: 'print the request(s) that would be sent (method, path, body) and send nothing',
} as const satisfies OptionSpec;

/** The requests as a dry run shows them: method, path, the query (when there is one) and the JSON body. */
export function printRequests(ctx: Context, requests: readonly RequestOptions[]): number {
  return printPlanned(
    ctx,
    requests.map((r): Planned & { query?: Record<string, string> } => {
      const query = toParams(r.query);
      return {
        method: (r.method ?? 'GET').toUpperCase(),
        path: r.path,
        ...(query.length ? { query: Object.fromEntries(query) } : {}),
        ...(r.json !== undefined ? { body: r.json as Record<string, unknown> } : {}),
      };
    }),
  );
}

export function printPlanned(ctx: Context, planned: readonly Planned[]): number {
  ctx.printer.value(planned.length === 1 ? planned[0] : planned);
  ctx.log.info('dry run: nothing was sent');
  return EXIT.OK;
}

/** Asks once, then sends each planned DELETE; one row per id ({id, deleted}). */
export async function deleteEach(
  ctx: Context,
  client: ApiClient,
  items: ReadonlyArray<{ id: string; plan: Planned }>,
  opts: { yes?: boolean | undefined; what: string; key?: string; ifExists?: boolean | undefined },
): Promise<number> {
  const label = items.length === 1 ? `${opts.what} ${items[0]!.id}` : `${items.length} ${opts.what}s`;
  if (!(await ctx.prompt.confirm(`Delete ${label}?`, opts.yes))) return EXIT.OK;
  const key = opts.key ?? 'deleted';
  const rows: Array<Record<string, unknown>> = [];
  let failed = 0;
  for (const { id, plan } of items) {
    try {
      const body = await send<{ data?: Record<string, unknown> }>(client, plan);
      rows.push({ id, [key]: body.data?.[key] ?? null });
    } catch (e) {
      // --if-exists: what is already gone is what the caller wanted.
      if (opts.ifExists && e instanceof CliError && e.exitCode === EXIT.NOT_FOUND) {
        rows.push({ id, [key]: false, existing: false });
        ctx.log.info(`${opts.what} ${id} is already gone`);
        continue;
      }
      if (items.length === 1 || !(e instanceof CliError)) throw e;
      failed++;
      ctx.log.warn(`${opts.what} ${id}: ${e.message}`);
    }
  }
  ctx.printer.list(
    rows,
    [
      { header: 'id', key: 'id' },
      { header: key, key },
    ],
    { data: rows },
  );
  if (failed) throw new PartialFailure(`${failed} of ${items.length} ${opts.what}s were not deleted`);
  return EXIT.OK;
}
