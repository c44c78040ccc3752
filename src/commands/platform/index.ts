// Platform v2 groups: webhooks, posts, events, connections (cheap: verbs load lazily).
import type { Command } from 'commander';
import { group, verb, type OptionSpec } from '../define.js';
import { postFieldOptions } from './post-field-options.js';
import { registerPosting, registerStream } from './posting-verbs.js';
import { registerMedia } from './media.js';

const authOption = (dflt: string): OptionSpec => ({ flags: '--auth <mode>', description: `app (bearer token, fetched and cached when needed), user (OAuth 1.0a) or oauth2 (OAuth 2.0 user context from \`auth oauth2\`); default ${dflt}`, choices: ['app', 'user', 'oauth2'] });
const consumerSecretStdin: OptionSpec = { flags: '--consumer-secret-stdin', description: "read the app's consumer secret from stdin instead of the profile / POSTCTL_CONSUMER_SECRET" };

export function registerPlatform(program: Command): void {
  const posts = group(program, 'posts', 'look up, create, edit, delete, search and count posts');
  verb(posts, {
    name: 'lookup [ids...]',
    description: 'look up posts by id (GET /2/posts), 100 ids per request, merged into one envelope',
    examples: [
      'postctl posts lookup 1460323737035677698 1293593516040269825',
      'postctl posts lookup --file ids.txt --all-fields -o json',
      'postctl posts lookup 1460323737035677698 --post-fields created_at,public_metrics --expansions author_id,attachments.media_keys --media-fields type,duration_ms',
      'cut -f1 export.tsv | postctl posts lookup - -o jsonl',
    ],
    options: [
      { flags: '--file <path>', description: 'read ids from a file (- for stdin): one or more per line, comma or space separated, # comments' },
      ...postFieldOptions,
      authOption('app'),
    ],
    load: () => import('./posts-lookup.js'),
  });
  registerPosting(posts);

  registerStream(program);

  const events = group(program, 'events', 'activity events: stream them, subscribe to them');
  verb(events, {
    name: 'stream',
    description: 'print activity events as JSON lines (GET /2/activity/stream), reconnecting and resuming on disconnects until Ctrl-C',
    examples: ['postctl events stream', 'postctl events stream --limit 100 > events.jsonl', 'postctl events stream --backfill-minutes 5 | jq .data.event_type'],
    options: [
      { flags: '--limit <n>', description: 'stop after n events (exit 0)' },
      { flags: '--backfill-minutes <n>', description: 'on the first connection, also deliver events of the last n minutes (1 to 5)' },
      { flags: '--max-reconnects <n>', description: 'reconnect attempts per outage before giving up (default 10)' },
      { flags: '--stall-timeout <seconds>', description: 'reconnect when nothing, not even a keep-alive, arrives for this long (default 30)' },
    ],
    load: () => import('./events-stream.js'),
  });
  verb(events, {
    name: 'subscribe',
    description: 'create activity subscriptions (POST /2/activity/subscriptions), one per event type',
    examples: [
      'postctl events subscribe --event-type profile.update.bio,post.create --user-id 2244994945',
      'postctl events subscribe --event-type dm.received --user-id 2244994945 --direction received --tag support',
    ],
    options: [
      { flags: '--event-type <types>', description: 'dot-separated event types, comma separated or repeated: profile.update.bio, post.create, post.delete, spaces.start, dm.received…', repeatable: true },
      { flags: '--user-id <id>', description: 'filter: the user whose events to deliver' },
      { flags: '--keyword <keyword>', description: 'filter: keyword (news and other high-volume events)' },
      { flags: '--direction <direction>', description: 'filter for dm.* events: sent, received or both (both = no direction filter)' },
      { flags: '--tag <tag>', description: 'label delivered with each event' },
      { flags: '--webhook-id <id>', description: 'deliver to this webhook instead of the stream' },
    ],
    load: () => import('./events-subscribe.js'),
  });

  const connections = group(program, 'connections', 'list and terminate streaming connections (clears TooManyConnections)');
  const loadConnections = () => import('./connections.js');
  verb(connections, {
    name: 'list',
    description: 'streaming connections of the app (GET /2/connections)',
    examples: ['postctl connections list', 'postctl connections list --status all --endpoint activity_stream -o json'],
    options: [
      { flags: '--status <status>', description: 'active (default), inactive or all' },
      { flags: '--endpoint <names>', description: 'only these endpoints, e.g. activity_stream, filtered_stream (comma separated or repeated)', repeatable: true },
      { flags: '--max-results <n>', description: 'connections per page, 1 to 100' },
      { flags: '--all', description: 'follow pagination and list every page' },
    ],
    load: () => loadConnections().then((m) => m.list),
  });
  verb(connections, {
    name: 'terminate [uuids...]',
    description: 'terminate connections by UUID, by --endpoint, or --all (DELETE /2/connections…); asks first unless --yes',
    examples: ['postctl connections terminate --all --yes', 'postctl connections terminate 3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'postctl connections terminate --endpoint activity_stream --yes'],
    options: [
      { flags: '--all', description: 'terminate every active connection of the app' },
      { flags: '--endpoint <name>', description: 'terminate the connections of one endpoint, e.g. activity_stream' },
      { flags: '-y, --yes', description: 'do not ask for confirmation' },
    ],
    load: () => loadConnections().then((m) => m.terminate),
  });
  registerMedia(program);
}
