// `postctl ads video-conversation-cards get <card_id>`.
import { getVideoConversationCard } from '../../../creatives/video-conversation-cards.js';
import { accountRef } from '../_account.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { printOne } from '../_creatives.js';
import { FIELDS } from './_vcc.js';

export default defineVerb({
  name: 'get <card_id>',
  description: 'show one video conversation card',
  examples: ['postctl ads video-conversation-cards get 1505723617405960201'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const t = await accountRef(ctx, opts);
    printOne(ctx, (await getVideoConversationCard(await ctx.client(), t, id, Boolean(opts.withDeleted))).body, FIELDS);
  },
});
