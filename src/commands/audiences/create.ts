// `postctl audiences create --name X`: a placeholder custom audience, ready for `audiences upload <id>`.
import { createAudience } from '../../audiences/manage.js';
import { accountRef } from '../ads/_account.js';
import { throwIfProblems } from '../ads/_checks.js';
import { accountOption, sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { AUDIENCE_FIELDS, audienceProblems, nameOptions } from './_audience.js';

export default defineVerb({
  name: 'create',
  description: 'create a custom audience (empty until `audiences upload <id>` adds users)',
  examples: ['postctl audiences create --name "Newsletter 2027" --description "opted-in subscribers"'],
  options: {
    ...nameOptions,
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    throwIfProblems(audienceProblems(opts, true), 'invalid custom audience');
    const params: Record<string, string> = { name: opts.name! };
    if (opts.description !== undefined) params.description = opts.description;
    const res = await createAudience(await ctx.client(), await accountRef(ctx, opts), params);
    ctx.printer.object(res.body.data, AUDIENCE_FIELDS, res.body);
    ctx.log.success(
      `created custom audience ${String(res.body.data.id)}; add users with \`postctl audiences upload ${String(res.body.data.id)} --file …\``,
    );
    return 0;
  },
});
