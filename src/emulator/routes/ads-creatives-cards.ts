// Cards (ads-api.md "Creatives", card components): JSON-body create with the
// emulator's own component checks (independent of postctl's validator), the
// card_type chosen from the media kinds and the destination, list filters,
// and delete at …/cards/image_conversation/:card_id as the spec gives it.
import { nowIso } from './ads-core-common.js';
import { pageOf, requireAccount } from '../ads-support.js';
import { adsOk } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import {
  bad,
  creatives,
  idFilter,
  len,
  libraryGet,
  missing,
  notFound,
  qParam,
  sorted,
  visible,
  type CardItem,
  type CreativesState,
} from './ads-creatives-state.js';
import { spellingsOf, type ServedNames } from '../spelling.js';

const CARD_TYPES = [
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
];
const LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'];

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

interface Shape {
  /** Media kinds of the one media component ('IMAGE' | 'VIDEO' | 'GIF'). */
  kinds: string[];
  carousel: boolean;
  destination: 'WEBSITE' | 'APP';
}

function checkDestination(req: EmuRequest, d: unknown, want: 'WEBSITE' | 'APP', at: string): void {
  if (!isObj(d)) missing(req, `${at}.destination`);
  if (d.type !== want) bad(req, `${at}.destination.type`, `${at} takes a ${want} destination`);
  if (want === 'WEBSITE' && !str(d.url)) missing(req, `${at}.destination.url`);
  if (want === 'APP') {
    if (!str(d.country_code) || !/^[A-Z]{2}$/.test(d.country_code))
      bad(req, `${at}.destination.country_code`, 'country_code must be an ISO 3166-1 alpha-2 code');
    if (!str(d.googleplay_app_id) && !str(d.ios_app_store_identifier))
      bad(req, `${at}.destination`, 'an APP destination needs googleplay_app_id or ios_app_store_identifier');
    if (str(d.googleplay_deep_link) && !str(d.googleplay_app_id))
      bad(req, `${at}.destination.googleplay_deep_link`, 'googleplay_deep_link needs googleplay_app_id');
    if (str(d.ios_deep_link) && !str(d.ios_app_store_identifier))
      bad(req, `${at}.destination.ios_deep_link`, 'ios_deep_link needs ios_app_store_identifier');
  }
}

function mediaKind(req: EmuRequest, s: CreativesState, key: unknown, at: string): string {
  if (!str(key)) missing(req, at);
  const item = libraryGet(s, key);
  if (!item) bad(req, at, `${key} is not in the account's media library`);
  return item.media_type;
}

function checkComponents(req: EmuRequest, s: CreativesState, list: unknown, at: string): Shape {
  if (!Array.isArray(list) || list.length === 0) bad(req, at, `${at} must be a non-empty array`);
  let media: Pick<Shape, 'kinds' | 'carousel'> | undefined;
  let destination: Shape['destination'] | undefined;
  list.forEach((c: unknown, i) => {
    const p = `${at}[${i}]`;
    if (!isObj(c)) bad(req, p, 'a component must be an object');
    if (c.type === 'MEDIA' || c.type === 'SWIPEABLE_MEDIA') {
      if (media) bad(req, p, 'a card takes one media component');
      if (c.type === 'MEDIA') media = { kinds: [mediaKind(req, s, c.media_key, `${p}.media_key`)], carousel: false };
      else {
        if (!Array.isArray(c.media_keys) || c.media_keys.length < 2 || c.media_keys.length > 6)
          bad(req, `${p}.media_keys`, 'SWIPEABLE_MEDIA takes 2 to 6 media keys');
        media = { kinds: c.media_keys.map((k: unknown, j: number) => mediaKind(req, s, k, `${p}.media_keys[${j}]`)), carousel: true };
      }
    } else if (c.type === 'DETAILS' || c.type === 'BUTTON') {
      if (destination) bad(req, p, 'a card takes exactly one of DETAILS or BUTTON');
      if (c.type === 'DETAILS') {
        if (!str(c.title)) missing(req, `${p}.title`);
        checkDestination(req, c.destination, 'WEBSITE', p);
        destination = 'WEBSITE';
      } else {
        if (!isObj(c.label) || c.label.type !== 'ENUM' || !LABELS.includes(c.label.value))
          bad(req, `${p}.label`, `label must be {type: ENUM, value: ${LABELS.join(' | ')}}`);
        checkDestination(req, c.destination, 'APP', p);
        destination = 'APP';
      }
    } else bad(req, `${p}.type`, `unknown component type ${JSON.stringify(c.type)}`);
  });
  if (!media) bad(req, at, 'a card needs one media component');
  if (!destination) bad(req, at, 'a card needs a DETAILS or a BUTTON component');
  return { ...media, destination };
}

const mediaWord = (kinds: string[]) =>
  kinds.every((k) => k !== 'VIDEO') ? 'IMAGE' : kinds.every((k) => k === 'VIDEO') ? 'VIDEO' : 'MIXED_MEDIA';

function cardType(req: EmuRequest, shapes: Shape[], slides: boolean): string {
  if (slides) {
    if (shapes.some((sh) => sh.destination !== 'WEBSITE')) bad(req, 'slides', 'multi-destination carousels take website destinations only');
    return `${mediaWord(shapes.flatMap((sh) => sh.kinds))}_MULTI_DEST_CAROUSEL_WEBSITE`;
  }
  const [sh] = shapes as [Shape];
  const word = mediaWord(sh.kinds);
  if (!sh.carousel) return `${word}_${sh.destination}`;
  return word === 'MIXED_MEDIA' ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${sh.destination}` : `${word}_CAROUSEL_${sh.destination}`;
}

function account(req: EmuRequest, state: EmulatorState): CreativesState {
  return creatives(state, requireAccount(req, state).id);
}

const findCard = (s: CreativesState, id: string) => s.cards.find((c) => c.id === id);
const view = ({ legacy: _l, ...card }: CardItem) => card;

const listCards: Handler = (req, state) => {
  const s = account(req, state);
  const types = idFilter(req, 'card_types');
  for (const t of types ?? []) if (!CARD_TYPES.includes(t)) bad(req, 'card_types', `${t} is not a card type`);
  const ids = idFilter(req, 'card_id');
  const uris = idFilter(req, 'card_uris');
  const q = qParam(req, 0, 80);
  const legacy = req.query.get('include_legacy_cards') === 'true';
  const items = sorted(
    req,
    s.cards.filter(
      (c) =>
        (legacy || !c.legacy) &&
        (!types || types.includes(c.card_type)) &&
        (!ids || ids.includes(c.id)) &&
        (!uris || uris.includes(c.card_uri)) &&
        (!q || c.name.toLowerCase().startsWith(q)),
    ),
  );
  const page = pageOf(req, items, { min: 1, max: 200, def: 100 });
  return adsOk(req, page.data.map(view), {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const getCard: Handler = (req, state) => {
  const card = visible(req, findCard(account(req, state), req.params.card_id!));
  return card ? adsOk(req, view(card)) : notFound(req, 'card_id', `Card ${req.params.card_id}`);
};

const createCard: Handler = (req, state) => {
  const s = account(req, state);
  if (!/application\/json/i.test(String(req.headers['content-type'] ?? '')))
    bad(req, 'body', 'this endpoint takes a JSON body (Content-Type: application/json)');
  const body = req.json();
  if (!isObj(body)) bad(req, 'body', 'the body must be a JSON object');
  for (const k of Object.keys(body)) if (!['name', 'components', 'slides'].includes(k)) bad(req, k, `unknown parameter ${k}`);
  if (!str(body.name)) missing(req, 'name');
  if (len(body.name) > 80) bad(req, 'name', 'name must be at most 80 characters');
  if (body.components !== undefined && body.slides !== undefined) bad(req, 'slides', 'components and slides are mutually exclusive');
  let type: string;
  if (body.slides !== undefined) {
    if (!Array.isArray(body.slides) || body.slides.length === 0) bad(req, 'slides', 'slides must be a non-empty array of component arrays');
    type = cardType(
      req,
      body.slides.map((sl: unknown, i: number) => checkComponents(req, s, sl, `slides[${i}]`)),
      true,
    );
  } else {
    if (body.components === undefined) missing(req, 'components');
    type = cardType(req, [checkComponents(req, s, body.components, 'components')], false);
  }
  const id = state.nextId();
  const t = nowIso(state);
  const card: CardItem = {
    id,
    name: body.name,
    card_type: type,
    card_uri: `card://${id}`,
    ...(body.slides ? { slides: body.slides } : { components: body.components }),
    created_at: t,
    updated_at: t,
    deleted: false,
  };
  s.cards.push(card);
  return adsOk(req, view(card), {}, 201);
};

const updateCard: Handler = (req, state) => {
  const s = account(req, state);
  const card = findCard(s, req.params.card_id!);
  if (!card || card.deleted) notFound(req, 'card_id', `Card ${req.params.card_id}`);
  if (!/application\/json/i.test(String(req.headers['content-type'] ?? '')))
    bad(req, 'body', 'this endpoint takes a JSON body (Content-Type: application/json)');
  const body = req.json();
  if (!isObj(body) || Object.keys(body).length === 0) bad(req, 'body', 'the body must be a JSON object with name, components or slides');
  for (const k of Object.keys(body)) if (!['name', 'components', 'slides'].includes(k)) bad(req, k, `unknown parameter ${k}`);
  if (body.name !== undefined && (!str(body.name) || len(body.name) > 80)) bad(req, 'name', 'name must be 1 to 80 characters');
  if (body.components !== undefined && body.slides !== undefined) bad(req, 'slides', 'components and slides are mutually exclusive');
  if (body.slides !== undefined) {
    if (!Array.isArray(body.slides) || body.slides.length === 0) bad(req, 'slides', 'slides must be a non-empty array of component arrays');
    card.card_type = cardType(
      req,
      body.slides.map((sl: unknown, i: number) => checkComponents(req, s, sl, `slides[${i}]`)),
      true,
    );
    card.slides = body.slides;
    delete card.components;
  } else if (body.components !== undefined) {
    card.card_type = cardType(req, [checkComponents(req, s, body.components, 'components')], false);
    card.components = body.components;
    delete card.slides;
  }
  if (body.name !== undefined) card.name = body.name;
  card.updated_at = nowIso(state);
  return adsOk(req, view(card));
};

const deleteCard: Handler = (req, state) => {
  const card = findCard(account(req, state), req.params.card_id!);
  if (!card || card.deleted) notFound(req, 'card_id', `Card ${req.params.card_id}`);
  Object.assign(card, { deleted: true, updated_at: nowIso(state) });
  return adsOk(req, view(card));
};

export function registerCards(r: Router, served: ServedNames): void {
  r.route({ method: 'GET', path: '/12/accounts/:account_id/cards', api: 'ads', auth: 'user', handler: listCards });
  r.route({ method: 'GET', path: '/12/accounts/:account_id/cards/:card_id', api: 'ads', auth: 'user', handler: getCard });
  r.route({ method: 'POST', path: '/12/accounts/:account_id/cards', api: 'ads', auth: 'user', handler: createCard });
  // Card update (creatives reference: PUT, JSON body): each field given replaces
  // the card's; fields not given stay. Components replace slides and back.
  r.route({ method: 'PUT', path: '/12/accounts/:account_id/cards/:card_id', api: 'ads', auth: 'user', handler: updateCard });
  // Card deletion: the live service's …/cards/:card_id (creatives-reference.mdx) and the spec's …/cards/image_conversation/:card_id.
  for (const to of spellingsOf(served))
    r.route({
      method: 'DELETE',
      path: to === 'official' ? '/12/accounts/:account_id/cards/:card_id' : '/12/accounts/:account_id/cards/image_conversation/:card_id',
      api: 'ads',
      auth: 'user',
      handler: deleteCard,
    });
}
