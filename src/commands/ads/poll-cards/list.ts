// `postctl ads poll-cards list`.
import { printAdsList } from '../../_ads-list.js';
import { POLL_CARDS_PAGE, pollCardsListRequest } from '../../../creatives/poll-cards.js';
import { accountRef } from '../_account.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { cardIdFilters, cardIdsOption, listParams, q80Option } from '../_creatives.js';
import { COLUMNS } from './_poll.js';

export default defineVerb({
  name: 'list',
  description: 'list poll cards',
  examples: ['postctl ads poll-cards list', 'postctl ads poll-cards list --q lunch --all'],
  options: {
    cardIds: cardIdsOption,
    q: q80Option,
    ...listOptions(POLL_CARDS_PAGE),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const query = listParams(opts, POLL_CARDS_PAGE, cardIdFilters(opts));
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), pollCardsListRequest(t, query), opts, COLUMNS);
  },
});
