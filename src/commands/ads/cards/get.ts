// `postctl ads cards get <card_id>`: one card with its components.
import { getCard } from '../../../creatives/cards.js';
import { accountRef } from '../_account.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { printOne } from '../_creatives.js';
import { CARD_FIELDS } from './_columns.js';

export default defineVerb({
  name: 'get <card_id>',
  description: 'show one card with its components',
  examples: ['postctl ads cards get 1505723617405960001', 'postctl ads cards get 1505723617405960001 -o json'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const t = await accountRef(ctx, opts);
    const res = await getCard(await ctx.client(), t, id, Boolean(opts.withDeleted));
    printOne(ctx, res.body, CARD_FIELDS);
  },
});
