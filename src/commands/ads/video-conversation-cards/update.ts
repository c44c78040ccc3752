// `postctl ads video-conversation-cards update <card_id>`: only the flags given
// are sent; the required-with rules are checked against the card as it would
// be after the update (a GET first, unless --no-fetch).
import type { ApiClient } from '../../../http/client.js';
import type { AccountRef } from '../../../ads/types.js';
import { getVideoConversationCard, updateVideoConversationCard } from '../../../creatives/video-conversation-cards.js';
import type { VideoConversationCard } from '../../../creatives/types.js';
import type { Params } from '../../../http/encode.js';
import { idSegment } from '../../../http/path.js';
import type { Problems } from '../../../validate/rules.js';
import { videoConversationMediaProblem } from '../../../validate/creatives-media.js';
import { VCC_FIELDS, validateVideoConversationUpdate, type VccParams } from '../../../validate/creatives-video-conversation.js';
import { wire, type NameStyle, type WireKey } from '../../../wire/names.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { checkLibraryKeys, pairs, printOne } from '../_creatives.js';
import { FIELDS, vccFieldFlags, vccValues } from './_vcc.js';

/** The CTA post texts have a branded wire name (first_cta_tweet); the other fields are spelled the same in both styles. */
const wireKeyOf = (f: string): WireKey | undefined => (f.endsWith('_cta_post') ? (`param.${f}` as WireKey) : undefined);
const wireName = (f: string, style: NameStyle) => {
  const key = wireKeyOf(f);
  return key ? wire(key, style) : f;
};

/** The card's current fields, read under either spelling. */
function currentFields(card: VideoConversationCard): VccParams {
  const out: VccParams = {};
  for (const f of VCC_FIELDS) {
    const v = card[wireName(f, 'official')] ?? card[wireName(f, 'neutral')];
    if (typeof v === 'string') out[f] = v;
  }
  return out;
}

/** The update checked against the card as it would be, and its new video against the media library. */
async function checkAgainstCard(client: ApiClient, t: AccountRef, id: string, given: VccParams, problems: Problems): Promise<void> {
  const current = (await getVideoConversationCard(client, t, id)).body.data;
  validateVideoConversationUpdate(given, currentFields(current), problems);
  if (given.media_key !== undefined)
    await checkLibraryKeys(client, t, problems, [{ field: 'media_key', key: given.media_key, kindProblem: videoConversationMediaProblem }]);
  problems.throwIfAny(`invalid update for video conversation card ${id}`);
}

/** The card's fields: each flag names the field it sets (`wire`). */
const options = {
  ...vccFieldFlags(false),
  fetch: {
    flags: '--no-fetch',
    description: 'do not fetch the card first: only the given fields are checked (lengths), the required-with rules are left to the API',
  },
  ...writeOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'update <card_id>',
  description:
    'change fields of a video conversation card: only the flags given are sent; the required-with rules are checked against the card as it would be (unless --no-fetch)',
  examples: [
    'postctl ads video-conversation-cards update 1505723617405960201 --first-cta "#TeamRed" --first-cta-post "I am #TeamRed"',
    'postctl ads video-conversation-cards update 1505723617405960201 --name "Launch v2" --thank-you-text "Thanks again!"',
  ],
  options,
  async run([id], opts, ctx) {
    idSegment(id, 'token', 'card_id');
    const given = vccValues(options, opts);
    const problems = validateVideoConversationUpdate(given);
    problems.throwIfAny('invalid video conversation card update');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.fetch !== false) await checkAgainstCard(client, t, id, given, problems);
    const params: Params = pairs(VCC_FIELDS, given).map(([k, v]) => [wireName(k, client.names), v]);
    const res = await updateVideoConversationCard(client, t, id, params);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`updated video conversation card ${id} (${params.map(([k]) => k).join(', ')})`);
  },
});
