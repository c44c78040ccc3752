// The rows of the verb sweeps: every verb of the command tree with arguments that get it as deep as it can go
// against the emulator (test/hardening/secrets.test.ts runs each with --verbose and secrets; test/hardening/path-ids-sweep.test.ts
// replaces each id argument with one that would climb out of its path segment). The verb list comes from the tree itself.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { EMU_AUDIENCE, EMU_DNR_LIST, EMU_SIBLING_ACCOUNT } from '../../src/emulator/routes/audiences.js';
import { WEBHOOK_OK } from '../../src/emulator/routes/platform-webhooks.js';
import { filteredStream } from '../../src/emulator/routes/platform-stream.js';
import { EMU_USER } from '../../src/emulator/state.js';
import { buildProgram } from '../../src/entry/program.js';
import { moreVerbRows } from './verb-rows-more.js';
import type { TestEmulator } from './emulator.js';

/** Every leaf command of the tree, as its words. */
export async function allVerbs(): Promise<string[]> {
  const out: string[] = [];
  const walk = (c: Command, path: string[]) => {
    for (const s of c.commands) {
      const p = [...path, s.name()];
      // `creatives <group>` are stand-ins for `ads <group>` (argv is rewritten), tested there.
      if (path.length === 0 && s.name() === 'creatives') continue;
      // A command that runs and also has verbs (`emulator`, `emulator stop`) counts as one itself.
      if (!s.commands.length || (s as unknown as { _actionHandler?: unknown })._actionHandler) out.push(p.join(' '));
      if (s.commands.length) walk(s, p);
    }
  };
  walk(await buildProgram(), []);
  return out.sort();
}

export interface Row {
  args: string[];
  input?: string;
  /** The verb takes no network path at all (local only). */
  local?: true;
  timeoutMs?: number;
  /** Stores credentials in the profile by design (auth login, pin, token): runs with its own config dir, checked for 0600 only. */
  storesCredentials?: true;
  setup?: (emu: TestEmulator) => void;
}

/** One row per verb; input files are written under dir; KEY is the consumer key `auth login` and `auth pin` name. */
export function verbRows(dir: string, KEY: string): Record<string, Row> {
  const file = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const ids = file('ids.txt', '1460323737035677698\n1460323737035677699\n');
  const feed = file(
    'feed.jsonl',
    JSON.stringify({
      id: 'sku-1',
      title: 'Tee',
      description: 'Soft tee',
      availability: 'in stock',
      condition: 'new',
      price: '19.99 USD',
      link: 'https://shop.example/p/1',
      image_link: 'https://shop.example/i/1.jpg',
      brand: 'Acme',
    }) + '\n',
  );
  const emails = file('emails.txt', 'one@example.com\ntwo@example.com\nthree@example.com\n');
  const optouts = file('optouts.txt', 'out1@example.com\nout2@example.com\n');
  const card = file(
    'card.json',
    JSON.stringify({
      name: 'Card',
      slides: [
        [
          { type: 'MEDIA', media_key: '3_1720000000000000004' },
          { type: 'DETAILS', title: 'Shoes', destination: { type: 'WEBSITE', url: 'https://example.com/shoes' } },
        ],
      ],
    }),
  );
  const targeting = file('targeting.json', JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }]));
  const campaignsFile = file(
    'campaigns.yaml',
    'campaigns:\n  - name: Hardening as code\n    funding_instrument_id: lygyi\n    daily_budget: 5\n    entity_status: PAUSED\n',
  );
  const body = file('body.json', '{"for_user_id":"2244994945","event":"x"}');
  const keys = file('keys.txt', 'sku-1\nsku-2\n');
  const reqBody = file('req.json', JSON.stringify({ name: 'x' }));
  const photo = file('photo.png', 'x'.repeat(3000));
  const cardName = file('card-name.json', JSON.stringify({ name: 'Renamed card' }));
  const twurlrc = file(
    'twurlrc',
    'profiles:\n  sweep:\n    sweep-key:\n      username: sweep\n      consumer_key: sweep-key\n      consumer_secret: sweep-consumer-secret\n      token: 1-sweep-token\n      secret: sweep-token-secret\n',
  );
  chmodSync(twurlrc, 0o600);
  return {
    'auth login': { args: ['auth', 'login', '--consumer-key', KEY, '--wait', '1'], storesCredentials: true },
    'auth pin': { args: ['auth', 'pin', '--consumer-key', KEY], storesCredentials: true },
    'auth token': { args: ['auth', 'token', '--refresh'], storesCredentials: true },
    // Step 1 of the headless OAuth 2.0 login is local (it stores the pending verifier); the token paths are in test/cli/auth-oauth2.test.ts.
    'auth oauth2': { args: ['auth', 'oauth2', '--no-browser'], storesCredentials: true, local: true },
    'auth logout': { args: ['auth', 'logout', '--local-only', '--yes'], local: true },
    'auth status': { args: ['auth', 'status', '--check'] },
    'auth use': { args: ['auth', 'use', 'default'], local: true },
    'auth list': { args: ['auth', 'list'], local: true },
    'auth remove': { args: ['auth', 'remove', 'spare', '--yes'], local: true },
    'auth import': { args: ['auth', 'import', 'twurl', '--file', twurlrc], storesCredentials: true, local: true },
    // stdin is closed at once: the server answers nothing and ends.
    mcp: { args: ['mcp'], local: true },
    // The sweep's profile has no OAuth 2.0 login: refused before anything is read or sent (exit 3).
    'mcp bridge': { args: ['mcp', 'bridge'], local: true },
    'webhooks validate': { args: ['webhooks', 'validate', WEBHOOK_OK] },
    'webhooks replay': {
      args: [
        'webhooks',
        'replay',
        WEBHOOK_OK,
        '--from',
        new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000).toISOString(),
        '--to',
        new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString(),
      ],
    },
    'media upload': { args: ['media', 'upload', photo, '--alt-text', 'x'] },
    'webhooks crc': { args: ['webhooks', 'crc', 'crc-token-123'], local: true },
    'webhooks verify-signature': { args: ['webhooks', 'verify-signature', '--body', body, '--signature', 'sha256=AAAA'], local: true },
    'posts lookup': { args: ['posts', 'lookup', '--file', ids, '--expansions', 'author_id'] },
    'posts create': { args: ['posts', 'create', '--text', 'Hello from the hardening test'] },
    'posts edit': { args: ['posts', 'edit', '1460323737035677698', '--text', 'Edited'] },
    'posts delete': { args: ['posts', 'delete', '1460323737035677698', '--yes'] },
    'posts search': { args: ['posts', 'search', 'coffee', '--limit', '12'] },
    'posts counts': { args: ['posts', 'counts', 'coffee', '--granularity', 'day'] },
    'stream rules list': { args: ['stream', 'rules', 'list'] },
    'stream rules add': { args: ['stream', 'rules', 'add', 'hardening', '--dry-run'] },
    'stream rules delete': { args: ['stream', 'rules', 'delete', '1', '--yes'] },
    'stream connect': {
      args: ['stream', 'connect', '--limit', '1', '--stall-timeout', '5'],
      timeoutMs: 15_000,
      // Not rule 1: `stream rules delete 1` must stay unknown (exit 6) whichever emulator runs it after this row.
      setup: (e) => void filteredStream(e.state).rules.push({ id: '2', value: 'coffee' }),
    },
    'events stream': { args: ['events', 'stream', '--limit', '1', '--stall-timeout', '5'], timeoutMs: 15_000 },
    'events subscribe': { args: ['events', 'subscribe', '--event-type', 'profile.update.bio', '--user-id', EMU_USER.id] },
    // Issue 28. Deletes name ids that do not exist (exit 4), so no row changes what another one reads.
    'events subscriptions list': { args: ['events', 'subscriptions', 'list', '--all'] },
    'events subscriptions update': { args: ['events', 'subscriptions', 'update', '1930000000000000002', '--tag', 'hardening'] },
    'events subscriptions delete': { args: ['events', 'subscriptions', 'delete', '1930000000000000099', '--yes'] },
    'webhooks create': { args: ['webhooks', 'create', 'https://hooks.example.com/hardening'] },
    'webhooks list': { args: ['webhooks', 'list'] },
    'webhooks delete': { args: ['webhooks', 'delete', '1146654567674912799', '--yes'] },
    'webhooks subscriptions add': { args: ['webhooks', 'subscriptions', 'add', WEBHOOK_OK] },
    'webhooks subscriptions list': { args: ['webhooks', 'subscriptions', 'list', WEBHOOK_OK] },
    'webhooks subscriptions count': { args: ['webhooks', 'subscriptions', 'count'] },
    'webhooks subscriptions remove': { args: ['webhooks', 'subscriptions', 'remove', WEBHOOK_OK, '1000000002', '--yes'] },
    'users me': { args: ['users', 'me'] },
    'users get': { args: ['users', 'get', '@alice', EMU_USER.id, 'https://x.com/bob'] },
    'users followers': { args: ['users', 'followers', '@alice', '--limit', '5'] },
    'users following': { args: ['users', 'following', EMU_USER.id, '--limit', '5'] },
    'users posts': { args: ['users', 'posts', EMU_USER.id, '--limit', '5'] },
    'users mentions': { args: ['users', 'mentions', EMU_USER.id, '--limit', '5'] },
    'users liked': { args: ['users', 'liked', EMU_USER.id, '--limit', '5'] },
    'users follow': { args: ['users', 'follow', '@alice'] },
    'users unfollow': { args: ['users', 'unfollow', '1000000002'] },
    'users mute': { args: ['users', 'mute', '@bob'] },
    'users unmute': { args: ['users', 'unmute', '1000000002'] },
    'posts like': { args: ['posts', 'like', '1460323737035677698'] },
    'posts unlike': { args: ['posts', 'unlike', '1460323737035677698'] },
    'posts repost': { args: ['posts', 'repost', '1293593516040269825'] },
    'posts unrepost': { args: ['posts', 'unrepost', '1293593516040269825'] },
    'posts bookmark': { args: ['posts', 'bookmark', '1460323737035677698'], local: true },
    'posts unbookmark': { args: ['posts', 'unbookmark', '1460323737035677698'], local: true },
    'dm send': { args: ['dm', 'send', '@alice', '--text', 'hardening'] },
    'dm list': { args: ['dm', 'list', '--all'] },
    'dm conversation create': { args: ['dm', 'conversation', 'create', '--participants', '1000000001,@bob', '--text', 'hi'] },
    'lists get': { args: ['lists', 'get', '1800000000000000001'] },
    'lists create': { args: ['lists', 'create', '--name', 'hardening', '--private'] },
    'lists update': { args: ['lists', 'update', '1800000000000000001', '--description', 'hardened'] },
    'lists delete': { args: ['lists', 'delete', '1800000000000000099', '--yes'] },
    'lists members list': { args: ['lists', 'members', 'list', '1800000000000000001'] },
    'lists members add': { args: ['lists', 'members', 'add', '1800000000000000001', '@carol'] },
    'lists members remove': { args: ['lists', 'members', 'remove', '1800000000000000001', '1000000003', '--yes'] },
    'lists posts': { args: ['lists', 'posts', '1800000000000000001', '--limit', '3'] },
    'lists owned': { args: ['lists', 'owned', '@emu_dev'] },
    'lists followed': { args: ['lists', 'followed', '@alice'] },
    // Listings off posts, lists and users; list follow/pin; DM blocks and events (ids that do not exist: exit 4).
    'posts likers': { args: ['posts', 'likers', '1460323737035677698', '--max-results', '5'] },
    'posts reposters': { args: ['posts', 'reposters', '1460323737035677698'] },
    'posts quotes': { args: ['posts', 'quotes', '1460323737035677698', '--limit', '12'] },
    'posts reposts': { args: ['posts', 'reposts', '1460323737035677698'] },
    'posts bookmarks': { args: ['posts', 'bookmarks', '--all'] },
    'posts bookmark-folders': { args: ['posts', 'bookmark-folders'] },
    'users search': { args: ['users', 'search', 'emu', '--limit', '5'] },
    'users muted': { args: ['users', 'muted', '--all'] },
    'users blocked': { args: ['users', 'blocked'] },
    'users affiliates': { args: ['users', 'affiliates', '@alice'] },
    'users timeline': { args: ['users', 'timeline', '--limit', '5', '--exclude', 'replies'] },
    'users reposts-of-me': { args: ['users', 'reposts-of-me'] },
    'lists followers': { args: ['lists', 'followers', '1800000000000000001'] },
    'lists memberships': { args: ['lists', 'memberships', '@alice'] },
    'lists pinned': { args: ['lists', 'pinned'] },
    'lists follow': { args: ['lists', 'follow', '1800000000000000001'] },
    'lists unfollow': { args: ['lists', 'unfollow', '1800000000000000001'] },
    'lists pin': { args: ['lists', 'pin', '1800000000000000001'] },
    'lists unpin': { args: ['lists', 'unpin', '1800000000000000001'] },
    'dm events': { args: ['dm', 'events', '1582838360831426560'] },
    'dm get': { args: ['dm', 'get', '1582838360831426561'] },
    'dm delete': { args: ['dm', 'delete', '1582838360831426561', '--yes'] },
    'dm block': { args: ['dm', 'block', '@bob'] },
    'dm unblock': { args: ['dm', 'unblock', '1000000002'] },
    'users show': { args: ['users', 'show', '@alice'] },
    'media get': { args: ['media', 'get', '3_1720000000000000004', '13_1720000000000000001'] },
    'posts hide': { args: ['posts', 'hide', '1460323737035677698'] },
    'posts unhide': { args: ['posts', 'unhide', '1460323737035677698'] },
    'webhooks stream-links list': { args: ['webhooks', 'stream-links', 'list'] },
    'webhooks stream-links add': { args: ['webhooks', 'stream-links', 'add', WEBHOOK_OK] },
    'webhooks stream-links remove': { args: ['webhooks', 'stream-links', 'remove', '1146654567674912799'] },
    'webhooks subscriptions check': { args: ['webhooks', 'subscriptions', 'check', WEBHOOK_OK] },
    'connections list': { args: ['connections', 'list', '--all'] },
    'connections terminate': { args: ['connections', 'terminate', '--all', '--yes'] },
    'ads accounts list': { args: ['ads', 'accounts', 'list', '--count', '2', '--limit', '3'] },
    'ads accounts get': { args: ['ads', 'accounts', 'get'] },
    'ads accounts update': { args: ['ads', 'accounts', 'update', '--name', 'Renamed'] },
    'ads accounts create': { args: ['ads', 'accounts', 'create', '--sandbox'] },
    'ads accounts delete': { args: ['ads', 'accounts', 'delete', 'nosuch1', '--yes', '--sandbox'] },
    'ads accounts apps': { args: ['ads', 'accounts', 'apps', '--count', '5', '--limit', '7'] },
    'ads accounts history': {
      args: [
        'ads',
        'accounts',
        'history',
        '--entity-type',
        'LINE_ITEM',
        '--entity-id',
        '8u94t',
        '--start-time',
        '2026-01-01T00:00:00Z',
        '--end-time',
        '2026-01-05T00:00:00Z',
      ],
    },
    'ads business-categories': { args: ['ads', 'business-categories'] },
    'ads curated-categories list': { args: ['ads', 'curated-categories', 'list', '--country-codes', 'US'] },
    'ads curated-categories get': { args: ['ads', 'curated-categories', 'get', '1xh8'] },
    'ads features list': { args: ['ads', 'features', 'list'] },
    'ads features add': { args: ['ads', 'features', 'add', 'AGE_TARGETING', '--sandbox'] },
    'ads audience-estimate': { args: ['ads', 'audience-estimate', '--input', targeting] },
    'ads line-items list': { args: ['ads', 'line-items', 'list', '--count', '2', '--limit', '3'] },
    'ads line-items get': { args: ['ads', 'line-items', 'get', '8u94t'] },
    'ads stats': {
      args: [
        'ads',
        'stats',
        'l0001',
        '--entity',
        'LINE_ITEM',
        '--from',
        '2026-06-01',
        '--to',
        '2026-06-02',
        '--metric-groups',
        'ENGAGEMENT',
        '--mode',
        'sync',
      ],
    },
    'ads stats active': {
      args: ['ads', 'stats', 'active', '--entity', 'LINE_ITEM', '--from', '2026-06-01T00:00:00Z', '--to', '2026-06-01T02:00:00Z'],
    },
    'ads stats reach': {
      args: ['ads', 'stats', 'reach', '--campaigns', 'c1', '--from', '2026-06-01T00:00:00Z', '--to', '2026-06-01T02:00:00Z'],
    },
    'ads stats jobs list': { args: ['ads', 'stats', 'jobs', 'list'] },
    'ads stats jobs get': { args: ['ads', 'stats', 'jobs', 'get', '1120829647711653888'] },
    'ads stats jobs cancel': { args: ['ads', 'stats', 'jobs', 'cancel', '1120829647711653888'] },
    'ads line-items update': { args: ['ads', 'line-items', 'update', '8u94t', '--name', 'Renamed line item'] },
    'ads line-items delete': { args: ['ads', 'line-items', 'delete', 'nosuch2', '--yes'] },
    'ads line-item-categories list': { args: ['ads', 'line-item-categories', 'list', '--all'] },
    'ads line-item-categories get': { args: ['ads', 'line-item-categories', 'get', 'nosuch3'] },
    'ads line-item-categories create': {
      args: ['ads', 'line-item-categories', 'create', '--line-item-id', '8u94t', '--curated-category-id', '1xh8'],
    },
    'ads line-item-categories update': { args: ['ads', 'line-item-categories', 'update', 'nosuch4', '--curated-category-id', '1xh8'] },
    'ads line-item-categories delete': { args: ['ads', 'line-item-categories', 'delete', 'nosuch5', '--yes'] },
    'ads media list': { args: ['ads', 'media', 'list', '--count', '2'] },
    'ads media get': { args: ['ads', 'media', 'get', 'nosuch6'] },
    'ads media delete': { args: ['ads', 'media', 'delete', 'nosuch7', '--yes'] },
    'ads cards list': { args: ['ads', 'cards', 'list', '--count', '2'] },
    'ads cards get': { args: ['ads', 'cards', 'get', '1505723617405960003'] },
    'ads cards create': { args: ['ads', 'cards', 'create', '--file', card] },
    'ads cards update': { args: ['ads', 'cards', 'update', '1505723617405960001', '--file', cardName] },
    'ads cards delete': { args: ['ads', 'cards', 'delete', '1505723617405960099', '--yes'] },
    'ads media-library list': { args: ['ads', 'media-library', 'list', '--count', '2'] },
    'ads media-library get': { args: ['ads', 'media-library', 'get', '3_1720000000000000004'] },
    'ads media-library add': { args: ['ads', 'media-library', 'add', '3_1720000000000009001', '--name', 'Hero'] },
    'ads media-library update': { args: ['ads', 'media-library', 'update', '3_1720000000000000004', '--name', 'Hero 2'] },
    'ads media-library delete': { args: ['ads', 'media-library', 'delete', '3_1720000000000000099', '--yes'] },
    'ads poll-cards list': { args: ['ads', 'poll-cards', 'list'] },
    'ads poll-cards get': { args: ['ads', 'poll-cards', 'get', '9999999908'] },
    'ads poll-cards create': {
      args: ['ads', 'poll-cards', 'create', '--name', 'Poll', '--duration', '1440', '--first-choice', 'Yes', '--second-choice', 'No'],
    },
    // The ads API has no update for poll cards: the verb explains that, locally (exit 2).
    'ads poll-cards update': { args: ['ads', 'poll-cards', 'update', 'nosuch9', '--name', 'Poll 2'], local: true },
    'ads video-conversation-cards update': {
      args: ['ads', 'video-conversation-cards', 'update', '1505723617405960201', '--name', 'Renamed'],
    },
    'ads video-conversation-cards list': { args: ['ads', 'video-conversation-cards', 'list'] },
    'ads video-conversation-cards get': { args: ['ads', 'video-conversation-cards', 'get', '9999999910'] },
    'ads video-conversation-cards create': {
      args: [
        'ads',
        'video-conversation-cards',
        'create',
        '--name',
        'VCC',
        '--media-key',
        '13_1720000000000000001',
        '--title',
        'Watch',
        '--first-cta',
        '#Yes',
        '--first-cta-post',
        'Yes!',
        '--thank-you-text',
        'Thanks',
      ],
    },
    'ads posts create': { args: ['ads', 'posts', 'create', '--as-user', EMU_USER.id, '--text', 'Hello from the hardening test'] },
    'ads posts name': { args: ['ads', 'posts', 'name', '1460323737035677698', 'Named post'] },
    'catalogs list': { args: ['catalogs', 'list'] },
    'catalogs create': { args: ['catalogs', 'create', 'Secret-free shop'] },
    'catalogs rename': { args: ['catalogs', 'rename', '9999999911', 'Other'] },
    'catalogs delete': { args: ['catalogs', 'delete', '9999999912', '--yes'] },
    'catalogs upsert': { args: ['catalogs', 'upsert', '9999999913', '--file', feed] },
    'catalogs products': { args: ['catalogs', 'products', '9999999914', '--all'] },
    'catalogs delete-products': { args: ['catalogs', 'delete-products', '9999999915', '--file', keys, '--yes'] },
    'catalogs sets get': { args: ['catalogs', 'sets', 'get', '9999999916', '9999999917'] },
    'catalogs sets create': {
      args: ['catalogs', 'sets', 'create', '9999999918', '--name', 'Set', '--type', 'MANUAL', '--product-key', 'sku-1'],
    },
    // Batches after the first fail (503): the state file stays, so it can be checked; rejects go to a file too.
    'audiences upload': {
      args: [
        'audiences',
        'upload',
        EMU_AUDIENCE,
        '--file',
        emails,
        '--type',
        'email',
        '--batch-size',
        '1',
        '--rejects',
        join(dir, 'rejects.csv'),
      ],
      setup: (e) =>
        e.state.faults.add({ kind: 'status', status: 503, path: `/custom_audiences/${EMU_AUDIENCE}/users`, after: 1, times: 100 }),
    },
    'audiences do-not-reach upload': {
      args: [
        'audiences',
        'do-not-reach',
        'upload',
        EMU_DNR_LIST,
        '--file',
        optouts,
        '--type',
        'email',
        '--state',
        join(dir, 'dnr-state.json'),
      ],
    },
    'audiences do-not-reach delete': { args: ['audiences', 'do-not-reach', 'delete', 'nosuch19', '--yes'] },
    'audiences permissions list': { args: ['audiences', 'permissions', 'list', EMU_AUDIENCE, '--all'] },
    'audiences permissions grant': {
      args: ['audiences', 'permissions', 'grant', EMU_AUDIENCE, '--granted-account', EMU_SIBLING_ACCOUNT, '--level', 'READ_ONLY'],
    },
    'audiences permissions revoke': { args: ['audiences', 'permissions', 'revoke', EMU_AUDIENCE, 'nosuch20', '--yes'] },
    'audiences list': { args: ['audiences', 'list', '--all'] },
    'audiences create': { args: ['audiences', 'create', '--name', 'Hardening audience'] },
    'audiences get': { args: ['audiences', 'get', EMU_AUDIENCE] },
    'audiences update': { args: ['audiences', 'update', 'nosuch24', '--name', 'Renamed audience'] },
    'audiences delete': { args: ['audiences', 'delete', 'nosuch25', '--yes'] },
    'audiences do-not-reach create': { args: ['audiences', 'do-not-reach', 'create', '--description', 'opt-outs'] },
    'audiences do-not-reach list': { args: ['audiences', 'do-not-reach', 'list'] },
    'ads funding-instruments list': { args: ['ads', 'funding-instruments', 'list', '--all'] },
    'ads funding-instruments get': { args: ['ads', 'funding-instruments', 'get', 'lygyi'] },
    'ads campaigns list': { args: ['ads', 'campaigns', 'list', '--all'] },
    'ads campaigns get': { args: ['ads', 'campaigns', 'get', 'f2qcm'] },
    'ads campaigns create': {
      args: [
        'ads',
        'campaigns',
        'create',
        '--funding-instrument-id',
        'lygyi',
        '--name',
        'Hardening',
        '--daily-budget',
        '5',
        '--entity-status',
        'PAUSED',
      ],
    },
    'ads campaigns update': { args: ['ads', 'campaigns', 'update', 'f2qcm', '--name', 'Renamed campaign'] },
    'ads plan': { args: ['ads', 'plan', campaignsFile] },
    'ads apply': { args: ['ads', 'apply', campaignsFile, '--yes'] },
    'ads export': { args: ['ads', 'export', '--campaign', 'f2qcm'] },
    'ads campaigns delete': { args: ['ads', 'campaigns', 'delete', 'nosuch21', '--yes'] },
    'ads campaigns pause': { args: ['ads', 'campaigns', 'pause', 'nosuch31', '--cascade', '--yes'] },
    'ads campaigns resume': { args: ['ads', 'campaigns', 'resume', 'nosuch32', '--yes'] },
    'ads promoted-posts get': { args: ['ads', 'promoted-posts', 'get', 'nosuch35'] },
    'ads promotable-users get': { args: ['ads', 'promotable-users', 'get', 'l310s'] },
    'ads targeting get': { args: ['ads', 'targeting', 'get', 'nosuch36'] },
    'ads line-items pause': { args: ['ads', 'line-items', 'pause', 'nosuch33', '--yes'] },
    'ads line-items resume': { args: ['ads', 'line-items', 'resume', 'nosuch34', '--yes'] },
    'ads line-items create': {
      args: [
        'ads',
        'line-items',
        'create',
        '--campaign',
        'f2qcm',
        '--objective',
        'ENGAGEMENTS',
        '--product-type',
        'PROMOTED_TWEETS',
        '--placements',
        'ALL_ON_TWITTER',
        '--start-time',
        '2027-03-01T00:00:00Z',
        '--end-time',
        '2027-04-01T00:00:00Z',
      ],
    },
    'ads targeting list': { args: ['ads', 'targeting', 'list', '--line-item', '8u94t', '--all'] },
    'ads targeting add': { args: ['ads', 'targeting', 'add', '--line-item', '8u94x', '--type', 'BROAD_KEYWORD', '--value', 'hardening'] },
    'ads targeting delete': { args: ['ads', 'targeting', 'delete', 'nosuch22', '--yes'] },
    'ads targeting search': { args: ['ads', 'targeting', 'search', 'locations', 'london'] },
    'ads targeting suggestions': { args: ['ads', 'targeting', 'suggestions', '--type', 'KEYWORD', '--values', 'coffee'] },
    'ads promoted-posts list': { args: ['ads', 'promoted-posts', 'list', '--all'] },
    'ads promoted-posts create': { args: ['ads', 'promoted-posts', 'create', '--line-item', '8u94x', '1460323737035677698'] },
    'ads promoted-posts delete': { args: ['ads', 'promoted-posts', 'delete', 'nosuch23', '--yes'] },
    'ads promotable-users list': { args: ['ads', 'promotable-users', 'list', '--all'] },
    'ads promoted-accounts list': { args: ['ads', 'promoted-accounts', 'list', '--line-item', '8u94u', '--all'] },
    'ads promoted-accounts get': { args: ['ads', 'promoted-accounts', 'get', '19pl2'] },
    'ads promoted-accounts create': { args: ['ads', 'promoted-accounts', 'create', '2244994945', '--line-item', '8u94u'] },
    'ads promoted-accounts delete': { args: ['ads', 'promoted-accounts', 'delete', 'nosuch41', '--yes'] },
    'ads scheduled-promoted-posts list': { args: ['ads', 'scheduled-promoted-posts', 'list', '--all'] },
    'ads scheduled-promoted-posts get': { args: ['ads', 'scheduled-promoted-posts', 'get', '1xboq'] },
    'ads scheduled-promoted-posts create': {
      args: ['ads', 'scheduled-promoted-posts', 'create', '870358555227860992', '--line-item', '8u94x'],
    },
    'ads scheduled-promoted-posts delete': { args: ['ads', 'scheduled-promoted-posts', 'delete', 'nosuch42', '--yes'] },
    'ads tracking-tags list': { args: ['ads', 'tracking-tags', 'list', '--all'] },
    'ads tracking-tags get': { args: ['ads', 'tracking-tags', 'get', '3m82'] },
    'ads tracking-tags create': {
      args: ['ads', 'tracking-tags', 'create', '--line-item', '8u94x', '--type', 'CLICK_TRACKER', '--url', 'https://t.example/c?x=1'],
    },
    'ads tracking-tags update': { args: ['ads', 'tracking-tags', 'update', '3m82', '--url', 'https://t.example/i?x=2'] },
    'ads tracking-tags delete': { args: ['ads', 'tracking-tags', 'delete', 'nosuch43', '--yes'] },
    'ads funding-instruments create': {
      args: [
        'ads',
        'funding-instruments',
        'create',
        '--sandbox',
        '--type',
        'CREDIT_CARD',
        '--currency',
        'USD',
        '--start-time',
        '2027-01-01T00:00:00Z',
      ],
    },
    'ads funding-instruments delete': { args: ['ads', 'funding-instruments', 'delete', 'nosuch44', '--sandbox', '--yes'] },
    'ads line-items placements': { args: ['ads', 'line-items', 'placements', '--product-type', 'PROMOTED_ACCOUNT'] },
    'audiences targeted': { args: ['audiences', 'targeted', EMU_AUDIENCE, '--all'] },
    'audiences keywords': {
      args: [
        'audiences',
        'keywords',
        '--keywords',
        'coffee',
        '--granularity',
        'DAY',
        '--start',
        '2026-01-01T00:00:00Z',
        '--end',
        '2026-01-03T00:00:00Z',
      ],
    },
    request: { args: ['request', 'POST', '/2/tweets', '--input', reqBody, '-i'] },
    'config get': { args: ['config', 'get', 'ads_account'], local: true },
    'config set': { args: ['config', 'set', 'ads_account', '18ce54d4x5t'], local: true },
    'config unset': { args: ['config', 'unset', 'output'], local: true },
    'config list': { args: ['config', 'list'], local: true },
    'config path': { args: ['config', 'path'], local: true },
    emulator: { args: ['emulator', '--port', '0'], local: true, timeoutMs: 2500 },
    'emulator status': { args: ['emulator', 'status'], local: true },
    'emulator stop': { args: ['emulator', 'stop'], local: true },
    completion: { args: ['completion', 'bash'], local: true },
    __profiles: { args: ['__profiles'], local: true },
    help: { args: ['help', 'environment'], local: true },
    ...moreVerbRows(),
  };
}

/** Each verb's positional arguments, as the command tree declares them (`get <line_item_id>` → line_item_id). */
export async function verbArguments(): Promise<Map<string, Array<{ name: string; variadic: boolean }>>> {
  const out = new Map<string, Array<{ name: string; variadic: boolean }>>();
  const walk = (c: Command, path: string[]) => {
    for (const s of c.commands) {
      const p = [...path, s.name()];
      if (path.length === 0 && s.name() === 'creatives') continue;
      out.set(
        p.join(' '),
        s.registeredArguments.map((a) => ({ name: a.name(), variadic: a.variadic })),
      );
      if (s.commands.length) walk(s, p);
    }
  };
  walk(await buildProgram(), []);
  return out;
}
