// `postctl ads video-conversation-cards create`: checked locally, then its
// video against the media library (unless --no-fetch), then sent.
import { createVideoConversationCard } from '../../../creatives/video-conversation-cards.js';
import { videoConversationMediaProblem } from '../../../validate/creatives-media.js';
import { VCC_FIELDS, validateVideoConversationCard } from '../../../validate/creatives-video-conversation.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { checkLibraryKeys, noFetchOption, pairs, printOne } from '../_creatives.js';
import { FIELDS, vccFieldFlags, vccValues } from './_vcc.js';

/** The card's fields: each flag names the field it sets (`wire`). */
const options = {
  ...vccFieldFlags(true),
  fetch: noFetchOption,
  ...writeOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'create',
  description: 'create a video conversation card',
  examples: [
    'postctl ads video-conversation-cards create --name Launch --media-key 7_1720000000000000021 --title "Pick one" --first-cta "#TeamBlue" --first-cta-post "I am #TeamBlue" --thank-you-text "Thanks!"',
  ],
  options,
  async run(_args, opts, ctx) {
    const values = vccValues(options, opts);
    const problems = validateVideoConversationCard(values);
    problems.throwIfAny('invalid video conversation card');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.fetch !== false) {
      await checkLibraryKeys(client, t, problems, [
        { field: 'media_key', key: values.media_key!, kindProblem: videoConversationMediaProblem },
      ]);
      problems.throwIfAny('invalid video conversation card');
    }
    const res = await createVideoConversationCard(client, t, pairs(VCC_FIELDS, values));
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`created video conversation card ${res.body.data.id}; attach it with --card-uri ${res.body.data.card_uri}`);
  },
});
