// `postctl audiences update <id> --name … --description …`: only what is given is sent.
import { updateAudience } from '../../audiences/manage.js';
import { UsageError } from '../../errors/cli-error.js';
import { accountRef } from '../ads/_account.js';
import { throwIfProblems } from '../ads/_checks.js';
import { accountOption, sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { AUDIENCE_FIELDS, audienceProblems, nameOptions } from './_audience.js';

export default defineVerb({
  name: 'update <custom_audience_id>',
  description: 'rename a custom audience or change its description',
  examples: ['postctl audiences update 1qz4s --name "Newsletter (all)"'],
  options: {
    ...nameOptions,
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([id], opts, ctx) {
    if (opts.name === undefined && opts.description === undefined) throw new UsageError('nothing to update: give --name or --description');
    throwIfProblems(audienceProblems(opts, false), 'invalid custom audience update');
    const params: Record<string, string> = {};
    if (opts.name !== undefined) params.name = opts.name;
    if (opts.description !== undefined) params.description = opts.description;
    const res = await updateAudience(await ctx.client(), await accountRef(ctx, opts), id, params);
    ctx.printer.object(res.body.data, AUDIENCE_FIELDS, res.body);
    ctx.log.success(`updated custom audience ${id}`);
    return 0;
  },
});
