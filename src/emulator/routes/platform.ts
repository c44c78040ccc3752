// Platform v2 routes, one module per resource family: posts lookup, posting,
// search, the filtered stream, webhooks,
// activity events (subscriptions and the stream) and streaming connections.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import * as connections from './platform-connections.js';
import * as dm from './platform-dm.js';
import * as events from './platform-events.js';
import * as listActions from './platform-list-actions.js';
import * as lists from './platform-lists.js';
import * as media from './platform-media.js';
import * as mediaOneShot from './platform-media-oneshot.js';
import * as subtitles from './platform-media-subtitles.js';
import * as posts from './platform-posts.js';
import * as related from './platform-related.js';
import * as users from './platform-users.js';
import * as posting from './platform-posting.js';
import * as search from './platform-search.js';
import * as single from './platform-single.js';
import * as filtered from './platform-stream.js';
import * as webhookReplay from './platform-webhook-replay.js';
import * as webhookAdmin from './platform-webhook-admin.js';
import * as webhooks from './platform-webhooks.js';

export function register(r: Router, state: EmulatorState): void {
  posts.register(r, state);
  // Users, engagement, direct messages, lists, the webhook and subscription lifecycle.
  // Literal /2/users/search and /2/users/reposts_of_me before any /2/users/:id route.
  related.register(r, state);
  users.register(r, state);
  listActions.register(r, state);
  dm.register(r, state);
  lists.register(r, state);
  // Posting: create/edit/delete, search and counts, the filtered stream.
  posting.register(r, state);
  search.register(r, state);
  filtered.register(r, state);
  // /2/webhooks/replay before PUT /2/webhooks/:webhook_id would answer it with 405.
  webhookReplay.register(r, state);
  webhooks.register(r, state);
  webhookAdmin.register(r, state);
  media.register(r, state);
  mediaOneShot.register(r, state);
  subtitles.register(r, state);
  events.register(r, state);
  // /2/connections/all before /2/connections/:endpoint_id, which would match it too.
  connections.register(r, state);
  // Last: GET /2/users/:id and /2/media/:media_key would take /2/users/by, /2/users/me and /2/media/upload.
  single.register(r, state);
}
