// The engagement verbs (`posts like|unlike|repost|unrepost|bookmark|unbookmark`,
// `users follow|unfollow|mute|unmute`), written once: targets from arguments,
// --file or stdin (ids, URLs, @handles; every bad one reported before anything
// is sent), the authentication chosen from the endpoint table (an OAuth 2.0
// login lacking the scope: exit 3, nothing sent), handles resolved with one
// lookup per 100, the acting user resolved once (cached per profile), then one
// request per target paced to the documented limit (src/bulk/pacer.ts).
import { Pacer } from '../bulk/pacer.js';
import type { Context } from '../entry/context.js';
import { CliError, PartialFailure, UsageError } from '../errors/cli-error.js';
import { actingUser } from '../platform/acting-user.js';
import { ACTIONS, ENGAGEMENT_LIMIT, perform, plannedAction, type Action, type ActionResult } from '../platform/engagement.js';
import { printPlanned } from './_lifecycle.js';
import { resolveUserIds } from '../platform/users.js';
import { USER_CONTEXT, authedClient } from './_auth.js';
import { readTargets } from './_targets.js';
import { authOption } from './_flags.js';
import type { OptionTable } from './define.js';

export const engageOptions = {
  file: {
    flags: '--file <path>',
    description: 'read targets from a file (- for stdin): one or more per line, comma or space separated, # comments',
  },
  auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  dryRun: {
    flags: '--dry-run',
    description: 'print the request for each target (method, path, body) and send none; handles are still looked up',
  },
} as const satisfies OptionTable;

/** Runs one action over every target; failures among several are warnings and exit 8. */
export async function engage(
  ctx: Context,
  action: Action,
  args: readonly string[],
  opts: { file?: string | undefined; auth?: string | undefined; dryRun?: boolean | undefined },
) {
  const spec = ACTIONS[action];
  if (!args.length && opts.file === undefined)
    throw new UsageError(
      `no ${spec.target}s given`,
      `pass ${spec.target === 'user' ? 'user ids or @handles' : `${spec.target} ids or URLs`}, --file <path>, or - for stdin.`,
    );
  const refs = await readTargets(ctx, args, opts.file, spec.target);
  if (!refs.length) throw new UsageError(`no ${spec.target}s given (the input was empty)`);
  const endpoints = [spec.endpoint, ...(refs.some((r) => r.username !== undefined) ? ['GET /2/users/by'] : [])];
  const { client, auth } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
  const targets = await resolveUserIds(client, refs, auth);
  const me = await actingUser(client, await ctx.settings(), ctx.env, auth);
  ctx.log.verbose(`acting user ${me.id} (from the ${me.source})`);
  if (opts.dryRun)
    return printPlanned(
      ctx,
      targets.map((t) => plannedAction(action, me.id, t)),
    );
  // The documented limit: so many requests per 15-minute window, paced on the run's clock.
  const budget = { max: ENGAGEMENT_LIMIT.max, windowMs: ENGAGEMENT_LIMIT.windowMs };
  if (targets.length > budget.max)
    ctx.log.info(
      `pacing: ${targets.length} requests at most ${budget.max} per ${budget.windowMs / 1000} s (the documented limit of ${spec.endpoint}): ${Math.ceil(targets.length / budget.max)} windows`,
    );
  const pacer = new Pacer(budget, ctx.signal, ctx.io.clock);
  const results: ActionResult[] = [];
  let failed = 0;
  let lastError: unknown;
  for (const target of targets) {
    await pacer.acquire();
    try {
      const r = await perform(client, action, me.id, target);
      results.push(r);
      if (r.note) ctx.log.info(`${spec.target} ${target}: ${r.note}`);
    } catch (e) {
      if (targets.length === 1 || !(e instanceof CliError)) throw e;
      failed++;
      lastError = e;
      ctx.log.warn(`${spec.target} ${target}: ${e.message}`);
    } finally {
      pacer.release(client.rateLimits.get('platform'));
    }
  }
  ctx.printer.list(
    results,
    [
      { header: 'id', key: 'id' },
      { header: 'action', key: 'action' },
      { header: spec.field, key: 'state' },
      { header: 'note', key: 'note' },
    ],
    { data: results },
  );
  if (failed) {
    if (!results.length) throw lastError;
    throw new PartialFailure(
      `${failed} of ${targets.length} ${spec.target}s failed`,
      'rerun with the failed ones: repeating an action is harmless.',
    );
  }
  const paced = pacer.budgetWaits.count ? ` (paced: waited ${(pacer.budgetWaits.ms / 1000).toFixed(1)} s for the documented limit)` : '';
  ctx.log.success(`${results.length} ${spec.target}${results.length === 1 ? '' : 's'} ${spec.done}${paced}`);
  return 0;
}
