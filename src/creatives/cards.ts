// Cards (ads-api.md "Creatives"): list, fetch, create from components or
// slides, delete; plus the one-line components summary the tables show.
import { accountPath } from '../ads/common.js';
import { accountResource } from '../ads/resource.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import { idSegment } from '../http/path.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { Card } from './types.js';
import { wire } from '../wire/names.js';

export { CARDS_PAGE } from './pages.js';

export interface NewCard {
  name: string;
  components?: unknown[];
  slides?: unknown[][];
}

const cards = accountResource<Card>(['cards'], { kind: 'numeric', field: 'card_id' });

export const cardsListRequest = cards.listRequest;
export const getCard = cards.get;

/** JSON body only. POST creates a new card each time: not retried on 5xx (a lost response could mean a duplicate). */
export function createCard(client: ApiClient, account: AccountRef, card: NewCard): Promise<ApiResponse<AdsEnvelope<Card>>> {
  return client.request({
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'cards'),
    json: card,
    idempotent: false,
  });
}

/**
 * Card update: a JSON body whose fields replace the card's; only the fields
 * given are sent. The spec leaves the method open ("not shown"); the creatives
 * reference's example request is PUT, which is what is sent. Replacing a field
 * with the same value twice changes nothing, so a lost answer may be retried.
 */
export function updateCard(
  client: ApiClient,
  account: AccountRef,
  id: string,
  fields: Partial<NewCard>,
): Promise<ApiResponse<AdsEnvelope<Card>>> {
  const path = accountPath(account, 'cards', idSegment(id, 'numeric', 'card_id'));
  return client.request({ api: account.api, method: 'PUT', path, json: fields, idempotent: true });
}

/**
 * The live service deletes a card at DELETE accounts/:account_id/cards/:card_id
 * (creatives-reference.mdx); the seeds' text states the image_conversation
 * family path, sent with neutral names. It answers with the card, deleted true.
 */
export function deleteCard(client: ApiClient, account: AccountRef, id: string): Promise<ApiResponse<AdsEnvelope<Card>>> {
  const kind = wire('segment.card_delete_kind', client.names);
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: accountPath(account, 'cards', ...(kind ? [kind] : []), idSegment(id, 'numeric', 'card_id')),
  });
}

function componentText(c: Record<string, unknown>): string {
  const dest = (c.destination ?? {}) as Record<string, unknown>;
  const where = typeof dest.type === 'string' ? dest.type.toLowerCase() : '?';
  switch (c.type) {
    case 'SWIPEABLE_MEDIA':
      return `SWIPEABLE_MEDIA(${Array.isArray(c.media_keys) ? c.media_keys.length : '?'})`;
    case 'DETAILS':
      return `DETAILS(${where})`;
    case 'BUTTON': {
      const label = (c.label as { value?: unknown } | undefined)?.value;
      return `BUTTON(${typeof label === 'string' ? `${label}, ` : ''}${where})`;
    }
    default:
      return String(c.type ?? '?');
  }
}

/** "MEDIA + DETAILS(website)", "SWIPEABLE_MEDIA(3) + BUTTON(INSTALL, app)", "3 slides: MEDIA + DETAILS(website)". */
export function summarizeComponents(card: Pick<Card, 'components' | 'slides'>): string {
  const line = (list: unknown) =>
    Array.isArray(list) ? list.map((c) => componentText((c ?? {}) as Record<string, unknown>)).join(' + ') : '';
  if (Array.isArray(card.slides) && card.slides.length) {
    const shapes = [...new Set(card.slides.map(line))];
    return `${card.slides.length} slides: ${shapes.join(' | ')}`;
  }
  return line(card.components);
}
