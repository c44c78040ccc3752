// `postctl ads video-conversation-cards create`: checked locally, then its
// video against the media library (unless --no-fetch), then sent.
import { createVideoConversationCard } from '../../../creatives/video-conversation-cards.js';
import { videoConversationMediaProblem } from '../../../validate/creatives-media.js';
import { VCC_FIELDS, validateVideoConversationCard } from '../../../validate/creatives-video-conversation.js';
import { accountRef } from '../_account.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { checkLibraryKeys, noFetchOption, pairs, printOne } from '../_creatives.js';
import { FIELDS, cta, vccValues } from './_vcc.js';

/** The card's fields: each flag names the field it sets (`wire`). */
const options = {
  name: { flags: '--name <name>', wire: 'name', description: 'card name (required)' },
  mediaKey: { flags: '--media-key <key>', wire: 'media_key', description: 'a 16:9 video in the media library (required)' },
  title: { flags: '--title <title>', wire: 'title', description: 'title (max 23 characters; required when --second-cta is absent)' },
  ...cta('first', true),
  ...cta('second'),
  ...cta('third'),
  ...cta('fourth'),
  thankYouText: { flags: '--thank-you-text <text>', wire: 'thank_you_text', description: 'thank-you text (required, max 23 characters)' },
  thankYouUrl: { flags: '--thank-you-url <url>', wire: 'thank_you_url', description: 'thank-you URL' },
  posterMediaKey: { flags: '--poster-media-key <key>', wire: 'poster_media_key', description: 'poster image media key' },
  unlockedImageMediaKey: {
    flags: '--unlocked-image-media-key <key>',
    wire: 'unlocked_image_media_key',
    description: 'image shown once unlocked (write-only)',
  },
  unlockedVideoMediaKey: {
    flags: '--unlocked-video-media-key <key>',
    wire: 'unlocked_video_media_key',
    description: 'video shown once unlocked',
  },
  fetch: noFetchOption,
  ...accountOptions,
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
