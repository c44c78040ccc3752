// `postctl lists create --name …`: POST /2/lists; checked first, --dry-run sends nothing.
import { UsageError } from '../../errors/cli-error.js';
import { listBody, listPlans } from '../../platform/lists.js';
import { send } from '../../platform/webhook-lifecycle.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { listFlagOptions, privacy } from './_lists.js';

export default defineVerb({
  name: 'create',
  description: 'create a list (POST /2/lists): --name 1 to 25 characters, --description up to 100, --private',
  examples: [
    'postctl lists create --name "Launch team" --private',
    'postctl lists create --name news --description "What I read" --dry-run',
  ],
  options: {
    ...listFlagOptions,
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  async run(_args, opts, ctx) {
    if (opts.private && opts.public) throw new UsageError('--private and --public contradict each other');
    const plan = listPlans.create(listBody({ name: opts.name, description: opts.description, private: privacy(opts) }, true));
    if (opts.dryRun) return printPlanned(ctx, [plan]);
    const { client } = await authedClient(ctx, { endpoints: ['POST /2/lists'], prefer: USER_CONTEXT, flag: opts.auth });
    const body = await send<{ data?: Record<string, unknown> }>(client, plan);
    ctx.printer.object(
      body.data ?? {},
      [
        { header: 'id', key: 'id' },
        { header: 'name', key: 'name' },
      ],
      body,
    );
    return 0;
  },
});
