// `postctl lists update <list_id>`: PUT /2/lists/{id} with only the flags given.
import { UsageError } from '../../errors/cli-error.js';
import { listBody, listPlans } from '../../platform/lists.js';
import { send } from '../../platform/webhook-lifecycle.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { listFlagOptions, privacy } from './_lists.js';

export default defineVerb({
  name: 'update <list_id>',
  description: 'change the name, description or privacy of a list (PUT /2/lists/{id}); only the flags given are sent',
  examples: ['postctl lists update 1800000000000000001 --name "Launch crew" --public'],
  options: {
    ...listFlagOptions,
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  async run([id], opts, ctx) {
    if (opts.private && opts.public) throw new UsageError('--private and --public contradict each other');
    const plan = listPlans.update(id!, listBody({ name: opts.name, description: opts.description, private: privacy(opts) }, false));
    if (opts.dryRun) return printPlanned(ctx, [plan]);
    const { client } = await authedClient(ctx, { endpoints: ['PUT /2/lists/{id}'], prefer: USER_CONTEXT, flag: opts.auth });
    const body = await send<{ data?: Record<string, unknown> }>(client, plan);
    ctx.printer.object({ id, updated: body.data?.updated ?? null }, undefined, body);
    return 0;
  },
});
