// `postctl ads video-conversation-cards list`.
import { printAdsList } from '../../_ads-list.js';
import { VIDEO_CONVERSATION_PAGE, videoConversationListRequest } from '../../../creatives/video-conversation-cards.js';
import { accountRef } from '../_account.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { cardIdFilters, cardIdsOption, listParams, q80Option } from '../_creatives.js';
import { COLUMNS } from './_vcc.js';

export default defineVerb({
  name: 'list',
  description: 'list video conversation cards',
  examples: ['postctl ads video-conversation-cards list'],
  options: {
    cardIds: cardIdsOption,
    q: q80Option,
    ...listOptions(VIDEO_CONVERSATION_PAGE),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const query = listParams(opts, VIDEO_CONVERSATION_PAGE, cardIdFilters(opts));
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), videoConversationListRequest(t, query), opts, COLUMNS);
  },
});
