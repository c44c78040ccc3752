// Poll cards (ads-api.md "Creatives"): list, fetch, create. Poll cards cannot
// be updated. Create takes query parameters (no JSON body is stated).
import { accountResource } from '../ads/resource.js';
import type { PollCard } from './types.js';

export { POLL_CARDS_PAGE } from './pages.js';

const polls = accountResource<PollCard>(['cards', 'poll'], { kind: 'numeric', field: 'card_id' });

export const pollCardsListRequest = polls.listRequest;
export const getPollCard = polls.get;
/** POST creates a new card each time: not retried on 5xx. */
export const createPollCard = polls.create;
