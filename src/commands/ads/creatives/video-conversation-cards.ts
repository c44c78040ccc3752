// `ads video-conversation-cards list|get|create`.
import { printAdsList } from '../../../ads/common.js';
import { VIDEO_CONVERSATION_PAGE, createVideoConversationCard, getVideoConversationCard, updateVideoConversationCard, videoConversationListRequest } from '../../../creatives/video-conversation-cards.js';
import type { VideoConversationCard } from '../../../creatives/types.js';
import type { Context } from '../../../context.js';
import type { Column } from '../../../output/printer.js';
import { videoConversationMediaProblem } from '../../../validate/creatives-media.js';
import { VCC_FIELDS, validateVideoConversationCard, validateVideoConversationUpdate, type VccParams } from '../../../validate/creatives-video-conversation.js';
import type { Params } from '../../../http/encode.js';
import { idSegment } from '../../../http/path.js';
import { wire, type NameStyle, type WireKey } from '../../../wire/names.js';
import type { VerbModule } from '../../define.js';
import { checkLibraryKeys } from './library-check.js';
import { cardIdFilters, listParams, pairs, printOne, str } from './shared.js';
import { accountRef } from '../_account.js';

const ctas = (c: VideoConversationCard) => [c.first_cta, c.second_cta, c.third_cta, c.fourth_cta].filter((x) => x).join(' ');
const COLUMNS: Column<VideoConversationCard>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'title', key: 'title' },
  { header: 'ctas', get: ctas },
  { header: 'thank_you_text', key: 'thank_you_text' },
  { header: 'media_key', key: 'media_key' },
  { header: 'card_uri', key: 'card_uri' },
];
const CTA_TEXTS: readonly WireKey[] = ['param.first_cta_post', 'param.second_cta_post', 'param.third_cta_post', 'param.fourth_cta_post'];
/** A CTA's post text under either spelling of its key (the live service answers first_cta_tweet …). */
const ctaText = (i: number) => (c: VideoConversationCard) => {
  const r = c as unknown as Record<string, unknown>;
  return r[wire(CTA_TEXTS[i]!, 'official')] ?? r[wire(CTA_TEXTS[i]!, 'neutral')];
};
const FIELDS: Column<VideoConversationCard>[] = [
  ...(['id', 'name', 'card_type', 'card_uri', 'title'] as const).map((k) => ({ header: k, key: k })),
  ...(['first_cta', 'second_cta', 'third_cta', 'fourth_cta'] as const).flatMap((k, i) => [{ header: k, key: k }, { header: `${k}_text`, get: ctaText(i) }]),
  ...(['thank_you_text', 'thank_you_url', 'media_key', 'media_url', 'poster_media_url', 'video_width', 'video_height', 'created_at', 'updated_at', 'deleted'] as const).map((k) => ({ header: k, key: k })),
];

const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export const list: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const query = listParams(opts, VIDEO_CONVERSATION_PAGE, cardIdFilters(opts));
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), videoConversationListRequest(t, query), opts, COLUMNS);
  },
};

export const get: VerbModule = {
  async run([id], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    printOne(ctx, (await getVideoConversationCard(await ctx.client(), t, id!, Boolean(opts.withDeleted))).body, FIELDS);
  },
};

export const create: VerbModule = {
  async run(_args, opts, ctx: Context) {
    // Each flag is the field's name in kebab-case (--first-cta-post → first_cta_post).
    const values: VccParams = {};
    for (const f of VCC_FIELDS) values[f] = str(opts[camel(f)]);
    const problems = validateVideoConversationCard(values);
    problems.throwIfAny('invalid video conversation card');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.fetch !== false) {
      await checkLibraryKeys(client, t, problems, [{ field: 'media_key', key: values.media_key!, kindProblem: videoConversationMediaProblem }]);
      problems.throwIfAny('invalid video conversation card');
    }
    const res = await createVideoConversationCard(client, t, pairs(VCC_FIELDS, values));
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`created video conversation card ${res.body.data.id}; attach it with --card-uri ${res.body.data.card_uri}`);
  },
};

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

export const update: VerbModule = {
  async run([id], opts, ctx: Context) {
    idSegment(id!, 'token', 'card_id');
    const given: VccParams = {};
    for (const f of VCC_FIELDS) given[f] = str(opts[camel(f)]);
    const problems = validateVideoConversationUpdate(given);
    problems.throwIfAny('invalid video conversation card update');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.fetch !== false) {
      const current = (await getVideoConversationCard(client, t, id!)).body.data;
      validateVideoConversationUpdate(given, currentFields(current), problems);
      if (given.media_key !== undefined) await checkLibraryKeys(client, t, problems, [{ field: 'media_key', key: given.media_key, kindProblem: videoConversationMediaProblem }]);
      problems.throwIfAny(`invalid update for video conversation card ${id}`);
    }
    const params: Params = pairs(VCC_FIELDS, given).map(([k, v]) => [wireName(k, client.names), v]);
    const res = await updateVideoConversationCard(client, t, id!, params);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`updated video conversation card ${id} (${params.map(([k]) => k).join(', ')})`);
  },
};
