// Video conversation card create rules (ads-api.md "Creatives", "Limits", "Errors").
import { charLength, maxLength, Problems } from './rules.js';

const VCC_CTA_MAX = 20;
const VCC_THANK_YOU_MAX = 23;
const VCC_TITLE_MAX = 23;
/** Video conversation cards are cards: the card name limit (80) applies. */
const VCC_NAME_MAX = 80;
const CTAS = ['first_cta', 'second_cta', 'third_cta', 'fourth_cta'] as const;
export const VCC_FIELDS = [
  'name',
  'media_key',
  'title',
  ...CTAS,
  'first_cta_post',
  'second_cta_post',
  'third_cta_post',
  'fourth_cta_post',
  'thank_you_text',
  'thank_you_url',
  'poster_media_key',
  'unlocked_image_media_key',
  'unlocked_video_media_key',
] as const;
export type VccParams = Partial<Record<(typeof VCC_FIELDS)[number], string>>;

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/**
 * CTAs are hashtags: the limit counts characters after an optional leading
 * `#`. The value is sent as given, with or without the `#`.
 */
export function ctaLength(cta: string): number {
  return charLength(cta.startsWith('#') ? cta.slice(1) : cta);
}

export function validateVideoConversationCard(p: VccParams, problems = new Problems()): Problems {
  if (blank(p.name)) problems.add('name', 'is required');
  else problems.check('name', p.name, [maxLength(VCC_NAME_MAX)]);
  if (blank(p.media_key)) problems.add('media_key', 'is required: a 16:9 video in the media library');
  if (blank(p.first_cta)) problems.add('first_cta', 'is required');
  for (const cta of CTAS) {
    const v = p[cta];
    const post = `${cta}_post` as const;
    if (v !== undefined && !blank(v)) {
      const n = ctaLength(v);
      if (n === 0) problems.add(cta, 'must not be empty');
      else if (n > VCC_CTA_MAX) problems.add(cta, `must be at most ${VCC_CTA_MAX} characters, not counting the leading # (got ${n})`);
      if (blank(p[post])) problems.add(post, `is required with ${cta}`);
    } else if (!blank(p[post])) problems.add(post, `is given without ${cta}`);
  }
  if (blank(p.title) && blank(p.second_cta))
    problems.add('title', 'is required when second_cta is absent (give a title, or a second_cta with its second_cta_post)');
  problems.check('title', p.title, [maxLength(VCC_TITLE_MAX)]);
  if (blank(p.thank_you_text)) problems.add('thank_you_text', 'is required');
  else problems.check('thank_you_text', p.thank_you_text, [maxLength(VCC_THANK_YOU_MAX)]);
  return problems;
}

/**
 * Video conversation card update (creatives reference: every parameter
 * optional). The fields given are checked on their own (lengths, not empty);
 * with the card as it is now (`current`), the required-with rules are checked
 * on the card as it would be after the update: each CTA with its post, and a
 * title or a second CTA.
 */
export function validateVideoConversationUpdate(given: VccParams, current?: VccParams, problems = new Problems()): Problems {
  const set = VCC_FIELDS.filter((f) => given[f] !== undefined);
  if (set.length === 0) problems.add('(card)', 'gives nothing to update: pass at least one field flag');
  for (const f of set) if (blank(given[f])) problems.add(f, 'must not be empty');
  problems.check('name', given.name, [maxLength(VCC_NAME_MAX)]);
  problems.check('title', given.title, [maxLength(VCC_TITLE_MAX)]);
  problems.check('thank_you_text', given.thank_you_text, [maxLength(VCC_THANK_YOU_MAX)]);
  for (const cta of CTAS) {
    const v = given[cta];
    if (v !== undefined && !blank(v) && ctaLength(v) > VCC_CTA_MAX)
      problems.add(cta, `must be at most ${VCC_CTA_MAX} characters, not counting the leading # (got ${ctaLength(v)})`);
  }
  if (!current) return problems;
  const after = (f: (typeof VCC_FIELDS)[number]) => (given[f] !== undefined ? given[f] : current[f]);
  for (const cta of CTAS) {
    const post = `${cta}_post` as const;
    if (!blank(after(cta)) && blank(after(post))) problems.add(post, `is required with ${cta} (the card has none)`);
    if (given[post] !== undefined && blank(after(cta))) problems.add(post, `is given but the card has no ${cta}`);
  }
  if (blank(after('title')) && blank(after('second_cta')))
    problems.add('title', 'the card would have neither a title nor a second_cta: one is required');
  return problems;
}
