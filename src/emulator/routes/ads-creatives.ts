// Creatives (ads-api.md "Creatives"): account media, media library, cards,
// poll cards, video conversation cards, posts and post names. State per ad
// account lives in ads-creatives-state.ts; each family registers its routes.
// Poll and video conversation routes come before /cards/:card_id so that
// /cards/poll is not taken for a card id.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import { registerCards } from './ads-creatives-cards.js';
import { registerMedia } from './ads-creatives-media.js';
import { registerPolls } from './ads-creatives-polls.js';
import { registerPosts } from './ads-creatives-posts.js';

export function register(r: Router, state: EmulatorState): void {
  registerMedia(r);
  registerPolls(r);
  registerCards(r, state.names);
  registerPosts(r, state.names);
}
