// `postctl ads cards delete <card_id>`: asks first (or --yes).
import { deleteCard } from '../../../creatives/cards.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { confirmDelete, printOne, yesDelete } from '../_creatives.js';
import { CARD_FIELDS } from './_columns.js';

export default defineVerb({
  name: 'delete <card_id>',
  description: 'delete a card (DELETE …/cards/:card_id; asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads cards delete 1505723617405960001 --yes'],
  options: {
    yes: yesDelete,
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const t = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `card ${id} of account ${t.id}`, opts.yes))) return;
    const res = await deleteCard(await ctx.client(), t, id);
    printOne(ctx, res.body, CARD_FIELDS);
    ctx.log.success(`deleted card ${id}`);
  },
});
