// `postctl ads poll-cards get <card_id>`.
import { getPollCard } from '../../../creatives/poll-cards.js';
import { accountRef } from '../_account.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { printOne } from '../_creatives.js';
import { FIELDS } from './_poll.js';

export default defineVerb({
  name: 'get <card_id>',
  description: 'show one poll card',
  examples: ['postctl ads poll-cards get 1505723617405960101'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const t = await accountRef(ctx, opts);
    printOne(ctx, (await getPollCard(await ctx.client(), t, id, Boolean(opts.withDeleted))).body, FIELDS);
  },
});
