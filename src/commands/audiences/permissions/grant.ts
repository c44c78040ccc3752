// `postctl audiences permissions grant <tailored_audience_id>`: share the audience with one ad account.
import { grantPermission } from '../../../audiences/api.js';
import { UsageError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { PERMISSION_LEVELS } from '../../../validate/audiences.js';
import { commaList } from '../../../validate/rules.js';
import { accountRef } from '../../ads/_account.js';
import { accountOption, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { COLUMNS, explained } from './_permissions.js';

export default defineVerb({
  name: 'grant <tailored_audience_id>',
  description:
    'let another ad account use the audience (the calling account must own it; same business, or SHARE_AUDIENCE_OUTSIDE_BUSINESS)',
  examples: ['postctl audiences permissions grant 1qz4s --granted-account 18ce54d4x5u --level READ_ONLY'],
  options: {
    grantedAccount: { flags: '--granted-account <id>', description: 'the ad account that receives the permission (required)' },
    level: { flags: '--level <level>', description: 'READ_ONLY or READ_WRITE (required)', choices: ['READ_ONLY', 'READ_WRITE'] },
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([audience], opts, ctx) {
    const granted = commaList(opts.grantedAccount);
    if (granted.length !== 1)
      throw new UsageError(
        granted.length ? '--granted-account takes one account id when granting' : '--granted-account is required',
        'grant to one ad account per call.',
      );
    const level = opts.level;
    if (!level) throw new UsageError(`--level is required (${PERMISSION_LEVELS.join(' or ')})`);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await explained(account.id, audience, () => grantPermission(client, account, audience, granted[0]!, level));
    ctx.printer.object(res.body?.data ?? {}, COLUMNS, res.body);
    return EXIT.OK;
  },
});
