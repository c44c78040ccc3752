// Card components (ads-api.md "Creatives": the components table, label and
// destination shapes, "Limits"): the rules as data, and one pure validator
// that names every problem by its JSON path (`components[1].destination.
// country_code`), so `--file card.json` and the flag-built card get the same
// checks and the same messages. Which card_type a combination makes is the
// API's decision; this module only says whether the card is well formed.
import type { InputProblem } from '../errors/cli-error.js';
import { LABEL_VALUES } from '../creatives/enums.js';
import { charLength } from './rules.js';

const CARD_NAME_MAX = 80;
const SWIPEABLE_MEDIA_KEYS = { min: 2, max: 6 } as const;
export const CARD_TYPES = [
  'IMAGE_APP',
  'IMAGE_CAROUSEL_APP',
  'IMAGE_CAROUSEL_WEBSITE',
  'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
  'IMAGE_WEBSITE',
  'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
  'VIDEO_APP',
  'VIDEO_CAROUSEL_APP',
  'VIDEO_CAROUSEL_WEBSITE',
  'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE',
  'VIDEO_WEBSITE',
  'IMAGE_CONVERSATION',
] as const;

type FieldKind = 'string' | 'string[]' | 'object';
type DestinationType = 'WEBSITE' | 'APP';

interface ComponentRule {
  /** A card needs exactly one 'media' component and exactly one 'action' component. */
  role: 'media' | 'action';
  required: ReadonlyArray<{ field: string; kind: FieldKind }>;
  /** The only destination type the component takes. */
  destination?: DestinationType;
}

const COMPONENTS: Readonly<Record<string, ComponentRule>> = {
  MEDIA: { role: 'media', required: [{ field: 'media_key', kind: 'string' }] },
  SWIPEABLE_MEDIA: { role: 'media', required: [{ field: 'media_keys', kind: 'string[]' }] },
  DETAILS: {
    role: 'action',
    required: [
      { field: 'title', kind: 'string' },
      { field: 'destination', kind: 'object' },
    ],
    destination: 'WEBSITE',
  },
  BUTTON: {
    role: 'action',
    required: [
      { field: 'label', kind: 'object' },
      { field: 'destination', kind: 'object' },
    ],
    destination: 'APP',
  },
};

interface DestinationRule {
  required: readonly string[];
  /** At least one of these. */
  anyOf?: readonly string[];
  /** field → the field it needs (a deep link needs its matching app id). */
  needs?: Readonly<Record<string, string>>;
  optional: readonly string[];
}

const DESTINATIONS: Readonly<Record<DestinationType, DestinationRule>> = {
  WEBSITE: { required: ['url'], optional: [] },
  APP: {
    required: ['country_code'],
    anyOf: ['googleplay_app_id', 'ios_app_store_identifier'],
    needs: { googleplay_deep_link: 'googleplay_app_id', ios_deep_link: 'ios_app_store_identifier' },
    optional: ['googleplay_app_id', 'ios_app_store_identifier', 'googleplay_deep_link', 'ios_deep_link'],
  },
};

const TOP_LEVEL = ['name', 'components', 'slides'];
const ACTION_FOR: Record<DestinationType, string> = { WEBSITE: 'DETAILS', APP: 'BUTTON' };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const KIND_TEXT: Record<FieldKind, string> = { string: 'a non-empty string', 'string[]': 'an array of strings', object: 'an object' };

function hasKind(v: unknown, kind: FieldKind): boolean {
  if (kind === 'string') return nonEmptyString(v);
  if (kind === 'object') return isObject(v);
  return Array.isArray(v);
}

/** Absolute http(s) URL: the API rejects other destinations (the exact rule is not shown; this is what it is known to accept). */
function isWebUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

class Collector {
  readonly list: InputProblem[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
}

function checkUnknown(obj: Json, allowed: readonly string[], path: string, out: Collector): void {
  for (const k of Object.keys(obj))
    if (!allowed.includes(k)) out.add(`${path}.${k}`, `is not a field of this object (fields: ${allowed.join(', ')})`);
}

function checkDestination(dest: Json, expected: DestinationType, owner: string, path: string, out: Collector): void {
  const type = dest.type;
  if (type !== 'WEBSITE' && type !== 'APP') {
    out.add(`${path}.type`, `must be ${expected} for a ${owner} component (got ${JSON.stringify(type)})`);
    return;
  }
  if (type !== expected) {
    out.add(
      `${path}.type`,
      `a ${owner} component takes a ${expected} destination only; a ${type} destination goes in a ${ACTION_FOR[type]} component`,
    );
    return;
  }
  const rule = DESTINATIONS[type];
  checkUnknown(dest, ['type', ...rule.required, ...rule.optional], path, out);
  const article = type === 'APP' ? 'an' : 'a';
  for (const f of rule.required) if (!nonEmptyString(dest[f])) out.add(`${path}.${f}`, `is required for ${article} ${type} destination`);
  for (const f of rule.optional)
    if (dest[f] !== undefined && !nonEmptyString(dest[f])) out.add(`${path}.${f}`, 'must be a non-empty string');
  if (rule.anyOf && !rule.anyOf.some((f) => nonEmptyString(dest[f])))
    out.add(`${path}.${rule.anyOf[0]}`, `an ${type} destination needs at least one of ${rule.anyOf.join(' or ')}`);
  for (const [f, need] of Object.entries(rule.needs ?? {})) {
    if (nonEmptyString(dest[f]) && !nonEmptyString(dest[need]))
      out.add(`${path}.${f}`, `needs ${need} (a deep link needs its matching app identifier)`);
  }
  if (type === 'WEBSITE' && nonEmptyString(dest.url) && !isWebUrl(dest.url))
    out.add(`${path}.url`, `must be an http(s) URL (got ${JSON.stringify(dest.url)})`);
  if (type === 'APP' && nonEmptyString(dest.country_code) && !/^[A-Z]{2}$/.test(dest.country_code)) {
    out.add(`${path}.country_code`, `must be an ISO 3166-1 alpha-2 country code such as US (got ${JSON.stringify(dest.country_code)})`);
  }
}

function checkComponent(c: unknown, path: string, out: Collector): ComponentRule | undefined {
  if (!isObject(c)) {
    out.add(path, 'must be a component object with a type');
    return undefined;
  }
  const rule = typeof c.type === 'string' ? COMPONENTS[c.type] : undefined;
  if (!rule) {
    out.add(`${path}.type`, `must be one of ${Object.keys(COMPONENTS).join(', ')} (got ${JSON.stringify(c.type)})`);
    return undefined;
  }
  checkUnknown(c, ['type', ...rule.required.map((r) => r.field)], path, out);
  for (const { field, kind } of rule.required) {
    if (!hasKind(c[field], kind)) out.add(`${path}.${field}`, `is required for ${c.type}: ${KIND_TEXT[kind]}`);
  }
  if (c.type === 'SWIPEABLE_MEDIA' && Array.isArray(c.media_keys)) {
    const keys = c.media_keys as unknown[];
    const { min, max } = SWIPEABLE_MEDIA_KEYS;
    if (keys.length < min || keys.length > max) out.add(`${path}.media_keys`, `takes ${min} to ${max} media keys (got ${keys.length})`);
    keys.forEach((k, i) => {
      if (!nonEmptyString(k)) out.add(`${path}.media_keys[${i}]`, 'must be a non-empty media key string');
    });
  }
  if (c.type === 'BUTTON' && isObject(c.label)) {
    checkUnknown(c.label, ['type', 'value'], `${path}.label`, out);
    if (c.label.type !== 'ENUM') out.add(`${path}.label.type`, `must be ENUM (got ${JSON.stringify(c.label.type)})`);
    if (!(LABEL_VALUES as readonly unknown[]).includes(c.label.value))
      out.add(`${path}.label.value`, `must be one of ${LABEL_VALUES.join(', ')} (got ${JSON.stringify(c.label.value)})`);
  }
  if (rule.destination && isObject(c.destination))
    checkDestination(c.destination, rule.destination, c.type as string, `${path}.destination`, out);
  return rule;
}

/** One card's components: each component well formed, one media component, exactly one of DETAILS or BUTTON. */
function checkComponents(list: unknown, path: string, out: Collector): void {
  if (!Array.isArray(list) || list.length === 0) {
    out.add(path, 'must be a non-empty array of components');
    return;
  }
  const media: number[] = [];
  const actions: number[] = [];
  list.forEach((c, i) => {
    const rule = checkComponent(c, `${path}[${i}]`, out);
    if (rule?.role === 'media') media.push(i);
    if (rule?.role === 'action') actions.push(i);
  });
  if (media.length === 0) out.add(path, 'a card needs one media component (MEDIA or SWIPEABLE_MEDIA)');
  for (const i of media.slice(1)) out.add(`${path}[${i}]`, `a card takes only one media component (${path}[${media[0]}] is one already)`);
  if (actions.length === 0) out.add(path, 'a card needs a DETAILS component (website destination) or a BUTTON component (app destination)');
  for (const i of actions.slice(1))
    out.add(`${path}[${i}]`, `a card takes exactly one of DETAILS or BUTTON (${path}[${actions[0]}] is one already)`);
}

/**
 * Checks a card create body: `name` (required, max 80) and `components` or
 * `slides` (mutually exclusive; slides are an array of component arrays, one
 * per destination, building a multi-destination carousel).
 */
export function validateCard(card: unknown): InputProblem[] {
  const out = new Collector();
  if (!isObject(card)) {
    out.add('(card)', 'must be a JSON object with name and components (or slides)');
    return out.list;
  }
  checkUnknown(card, TOP_LEVEL, '', out);
  for (const p of out.list) p.field = p.field!.replace(/^\./, '');
  if (!nonEmptyString(card.name)) out.add('name', 'is required: a non-empty string');
  else if (charLength(card.name) > CARD_NAME_MAX)
    out.add('name', `must be at most ${CARD_NAME_MAX} characters (got ${charLength(card.name)})`);
  const hasComponents = card.components !== undefined;
  const hasSlides = card.slides !== undefined;
  if (hasComponents && hasSlides) out.add('slides', 'components and slides are mutually exclusive: give one of them');
  else if (!hasComponents && !hasSlides) out.add('components', 'is required (or slides, for a multi-destination carousel)');
  else if (hasComponents) checkComponents(card.components, 'components', out);
  else if (!Array.isArray(card.slides) || card.slides.length === 0)
    out.add('slides', 'must be a non-empty array of slides, each an array of components');
  else
    card.slides.forEach((s, i) => {
      checkComponents(s, `slides[${i}]`, out);
    });
  return out.list;
}

/**
 * Checks a card update body: the fields given replace the card's, so each one
 * given must be well formed on its own (name max 80; components or slides,
 * mutually exclusive, with the same component rules as create), and at least
 * one must be given.
 */
export function validateCardUpdate(body: unknown): InputProblem[] {
  const out = new Collector();
  if (!isObject(body)) {
    out.add('(card)', 'must be a JSON object with name, components or slides');
    return out.list;
  }
  checkUnknown(body, TOP_LEVEL, '', out);
  for (const p of out.list) p.field = p.field!.replace(/^\./, '');
  if (!TOP_LEVEL.some((k) => body[k] !== undefined)) out.add('(card)', 'gives nothing to update: set name, components or slides');
  if (body.name !== undefined) {
    if (!nonEmptyString(body.name)) out.add('name', 'must be a non-empty string');
    else if (charLength(body.name) > CARD_NAME_MAX)
      out.add('name', `must be at most ${CARD_NAME_MAX} characters (got ${charLength(body.name)})`);
  }
  if (body.components !== undefined && body.slides !== undefined)
    out.add('slides', 'components and slides are mutually exclusive: give one of them');
  else if (body.components !== undefined) checkComponents(body.components, 'components', out);
  else if (body.slides !== undefined) {
    if (!Array.isArray(body.slides) || body.slides.length === 0)
      out.add('slides', 'must be a non-empty array of slides, each an array of components');
    else
      body.slides.forEach((s, i) => {
        checkComponents(s, `slides[${i}]`, out);
      });
  }
  return out.list;
}
