// `ads video-conversation-cards` output columns, the CTA flag pairs that
// create and update declare, and the card's fields read from those flags.
import type { VideoConversationCard } from '../../../creatives/types.js';
import type { Column } from '../../../output/printer.js';
import { VCC_FIELDS, type VccParams } from '../../../validate/creatives-video-conversation.js';
import { valuesByWire, type ParamFlag } from '../../../validate/wire-flags.js';
import type { OptionTable } from '../../define.js';
import { wire, type WireKey } from '../../../wire/names.js';

const ctas = (c: VideoConversationCard) => [c.first_cta, c.second_cta, c.third_cta, c.fourth_cta].filter((x) => x).join(' ');
export const COLUMNS: Column<VideoConversationCard>[] = [
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
export const FIELDS: Column<VideoConversationCard>[] = [
  ...(['id', 'name', 'card_type', 'card_uri', 'title'] as const).map((k) => ({ header: k, key: k })),
  ...(['first_cta', 'second_cta', 'third_cta', 'fourth_cta'] as const).flatMap((k, i) => [
    { header: k, key: k },
    { header: `${k}_text`, get: ctaText(i) },
  ]),
  ...(
    [
      'thank_you_text',
      'thank_you_url',
      'media_key',
      'media_url',
      'poster_media_url',
      'video_width',
      'video_height',
      'created_at',
      'updated_at',
      'deleted',
    ] as const
  ).map((k) => ({ header: k, key: k })),
];

/** --<n>-cta and --<n>-cta-post (n: first … fourth), keyed as commander names them (firstCta, firstCtaPost). */
type CtaOptions<N extends string> = {
  readonly [K in `${N}Cta`]: { readonly flags: `--${N}-cta <hashtag>`; readonly wire: `${N}_cta`; readonly description: string };
} & {
  readonly [K in `${N}CtaPost`]: { readonly flags: `--${N}-cta-post <text>`; readonly wire: `${N}_cta_post`; readonly description: string };
};
const cta = <const N extends string>(n: N, required = false): CtaOptions<N> =>
  ({
    [`${n}Cta`]: {
      flags: `--${n}-cta <hashtag>`,
      wire: `${n}_cta`,
      description: `${n} call to action, a hashtag (max 20 characters not counting a leading #; sent as given)${required ? ' (required)' : ''}`,
    },
    [`${n}CtaPost`]: {
      flags: `--${n}-cta-post <text>`,
      wire: `${n}_cta_post`,
      description: `text of the post made when the ${n} CTA is used (required with --${n}-cta)`,
    },
  }) as CtaOptions<N>;

/**
 * The flags of the card's fields, each naming the field it sets (`wire`, the spec's neutral spelling); `create`
 * marks the ones a new card needs. Both verbs declare the same set.
 */
export const vccFieldFlags = (create: boolean) =>
  ({
    name: { flags: '--name <name>', wire: 'name', description: create ? 'card name (required)' : 'card name (max 80 characters)' },
    mediaKey: {
      flags: '--media-key <key>',
      wire: 'media_key',
      description: `a 16:9 video in the media library${create ? ' (required)' : ''}`,
    },
    title: {
      flags: '--title <title>',
      wire: 'title',
      description: `title (max 23 characters${create ? '; required when --second-cta is absent' : ''})`,
    },
    ...cta('first', create),
    ...cta('second'),
    ...cta('third'),
    ...cta('fourth'),
    thankYouText: {
      flags: '--thank-you-text <text>',
      wire: 'thank_you_text',
      description: `thank-you text (${create ? 'required, ' : ''}max 23 characters)`,
    },
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
  }) as const satisfies OptionTable;

/**
 * The card's fields from the flags given: each flag names its field (`wire`, the spec's neutral spelling; the
 * update renames the CTA post texts for the live service). Only VCC_FIELDS are read.
 */
export function vccValues<D extends Readonly<Record<string, ParamFlag>>>(
  declared: D,
  given: { readonly [K in keyof D]?: unknown },
): VccParams {
  const values = valuesByWire(declared, given);
  const out: VccParams = {};
  for (const f of VCC_FIELDS) if (values[f] !== undefined) out[f] = values[f];
  return out;
}
