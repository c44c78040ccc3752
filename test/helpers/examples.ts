// The runner of the `--help` examples and the docs' commands (issue 27): each runs against a fresh emulator
// (seeded with the sample product catalog the catalog examples name) in its own directory holding the files
// examples read, with `postctl` on PATH; an example that needs an earlier step (a profile to switch to, a card
// to update) has that step run first, and an id that exists only once made stands in for the example's.
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { SpecNode, specTree } from '../../src/commands/define.js';
import { BUILTINS, GROUPS } from '../../src/commands/groups.js';
import { futureYear, movedClock } from './clock.js';
import { testEmulator } from './emulator.js';
import { sharedCodeCache } from './cli.js';
import { linkedDir, shellRun } from './shell.js';
import { plainCommand } from './example-argv.js';
import { needsProcess, runCli } from './cli.js';
import type { TestEmulator } from './emulator.js';

/** Every `--help` example of the command tree, each once. */
export async function helpExamples(): Promise<string[]> {
  const root = new SpecNode('postctl');
  for (const entry of [...GROUPS, ...BUILTINS]) (await entry.register())(specTree(root));
  const out = new Set<string>();
  const walk = (node: SpecNode) => {
    for (const e of node.verb?.examples ?? []) out.add(e);
    for (const child of node.children.values()) walk(child);
  };
  walk(root);
  return [...out];
}

/** Examples that cannot end by themselves in a test, and why (each must still be an example). */
export const NOT_RUN: Record<string, string> = {
  'postctl auth login --web': 'waits for a browser to open the authorize URL (test/cli/auth.test.ts drives it)',
  'postctl auth login --access read --force-login': 'waits for a browser (test/cli/auth.test.ts)',
  'postctl stream connect': 'an endless stream (test/cli/stream.test.ts)',
  'postctl stream connect --state bot.stream-state.json >> posts.jsonl':
    'an endless stream (test/cli/stream-resume.test.ts runs it with --limit)',
  'postctl events stream': 'an endless stream (test/cli/platform-events.test.ts)',
  'postctl emulator --port 8787                          # in the foreground, Ctrl-C to stop': 'a foreground server',
  'postctl emulator --latency 50 --fault-rate 0.1 --seed 7': 'a foreground server',
  "postctl emulator --names official                     # a server that knows only the live service's names": 'a foreground server',
  'postctl stream connect --limit 100 --post-fields created_at,author_id > posts.jsonl':
    'the emulator stream sends fewer than 100 posts, then waits',
  'postctl events stream --limit 100 > events.jsonl': 'the emulator sends fewer than 100 events, then waits',
  'postctl events stream --backfill-minutes 5 | jq .data.event_type': 'an endless stream',
  'postctl request GET /2/tweets/search/stream --reconnect --limit 10': 'the emulator stream sends fewer than 10 posts, then waits',
  'postctl --profile work auth login --consumer-key KEY --consumer-secret-stdin --callback-port 8765 < secret.txt':
    'waits for a browser (test/cli/auth.test.ts)',
  'postctl auth pin --pin 1234567     # headless step 2':
    'the PIN is shown on the authorize page (test/cli/auth-pin.test.ts runs both steps)',
  'echo 1234567 | postctl auth pin --pin -': 'the PIN is shown on the authorize page (test/cli/auth-pin.test.ts)',
  'postctl emulator --dialect 2.167                      # post.fields on /2/tweets, as openapi v2.167 spells it': 'a foreground server',
  'postctl mcp': 'a server waiting for its MCP client on stdin (test/cli/mcp-server.test.ts drives it)',
  'postctl ads sync --into postgres://postctl@db.internal/ads --accounts 18ce54d4x5t,gq1a2b3c --restate 14':
    'a PostgreSQL server of its own (test/cli/ads-sync-postgres.test.ts runs a sync into a throwaway one)',
  'postctl ads sync status --into postgres://postctl@db.internal/ads -o json': 'a PostgreSQL server (test/cli/ads-sync-postgres.test.ts)',
  'postctl ads sql postgres://postctl@db.internal/ads "SELECT * FROM sync_runs ORDER BY started_at DESC LIMIT 10" -o csv':
    'a PostgreSQL server (test/cli/ads-sync-postgres.test.ts)',
  'postctl mcp --tools "posts_*,users_*"': 'a server waiting for its MCP client on stdin (test/cli/mcp-server.test.ts)',
  'postctl mcp --toolsets default,ads_stats': 'a server waiting for its MCP client on stdin (test/cli/mcp-toolsets.test.ts)',
  'postctl mcp --dynamic': 'a server waiting for its MCP client on stdin (test/cli/mcp-toolsets.test.ts)',
  'postctl mcp --allow-writes --tools "ads_*"': 'a server waiting for its MCP client on stdin (test/cli/mcp-server.test.ts)',
  'postctl mcp --root ./ads-files --tools "ads_*"': 'a server waiting for its MCP client on stdin (test/hardening/mcp-local-files.test.ts)',
  'postctl mcp bridge': 'a relay waiting for its MCP client on stdin (test/cli/mcp-bridge.test.ts drives it)',
  'postctl webhooks listen --port 8080 >> events.jsonl': 'a foreground server (test/cli/webhooks-listen.test.ts drives it)',
  'postctl webhooks listen --port 8080 --exec "jq -c .for_user_id >> users.log"':
    'a foreground server (test/cli/webhooks-listen.test.ts drives it)',
  'postctl webhooks listen --port 8080 --host 0.0.0.0   # reachable from other machines': 'a foreground server',
};

const FIXTURES = new URL('../fixtures/', import.meta.url);
const fixture = (path: string) => new URL(path, FIXTURES).pathname;
const mp4 = (bytes: number) => Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(bytes - 12, 1)]);
const emails = Array.from({ length: 20 }, (_, i) => `subscriber${i}@example.com`).join('\n') + '\n';
const product = { id: 'sock-1', title: 'Wool socks', description: 'Warm socks', availability: 'in stock', condition: 'new' };
const productLine = JSON.stringify({
  ...product,
  brand: 'Acme',
  price: '9.00 USD',
  link: 'https://shop.example/p/sock-1',
  image_link: 'https://shop.example/i/sock-1.jpg',
});

// A webhook delivery and its signature with the emulator's consumer secret (the webhooks verify-signature examples).
const DELIVERY = '{"for_user_id":"2244994945","favorite_events":[]}';
const SIG = `sha256=${createHmac('sha256', 'emu-consumer-secret-0123456789').update(DELIVERY).digest('base64')}`;

/** The campaigns file of docs/campaigns-as-code.md's worked example. */
function campaignsYaml(): string {
  return `account: 18ce54d4x5t
campaigns:
  - name: Spring sale
    funding_instrument_id: lygyi
    daily_budget: 50
    total_budget: "150.00"
    line_items:
      - name: Timeline
        objective: ENGAGEMENTS
        product_type: PROMOTED_TWEETS
        placements: [ALL_ON_TWITTER]
        bid_strategy: MAX
        bid: 2.50
        start_time: ${futureYear()}-03-01T00:00:00Z
        end_time: ${futureYear()}-04-01T00:00:00Z
        targeting:
          - { targeting_type: LOCATION, targeting_value: 96683cc9126741d1 }
        promoted_posts: [1460323737035677698]
`;
}

/** The files the examples read, in a fresh directory. */
function exampleDir(): string {
  const dir = linkedDir('postctl-examples-');
  const files: Record<string, string | Buffer> = {
    'targeting.json': JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }]),
    'ids.txt': '20\n21\n',
    'handles.txt': '@alice\n1000000002\n',
    'export.tsv': '20\tfirst\n21\tsecond\n',
    'secret.txt': 'emu-consumer-secret-0123456789\n',
    'thread-1.txt': 'The first post of a thread\n',
    'fixed.txt': 'Fixed the typo\n',
    'rules.txt': 'cats has:images\ndogs lang:en\n',
    'photo.png': Buffer.alloc(2048, 7),
    'photo.jpg': Buffer.alloc(2048, 7),
    'a.png': Buffer.alloc(1024, 1),
    'b.gif': Buffer.alloc(1024, 2),
    'clip.mp4': mp4(4096),
    'launch.mp4': mp4(8192),
    'subs.srt': '1\n00:00:00,000 --> 00:00:02,000\nHello\n',
    'campaigns.jsonl': `${JSON.stringify({ name: 'Batch A', funding_instrument_id: 'lygyi', daily_budget: '50' })}\n`,
    'campaign-changes.jsonl': `${JSON.stringify({ campaign_id: '8wku2', name: 'Renamed in a batch' })}\n`,
    'line-item-changes.jsonl': `${JSON.stringify({ line_item_id: '8u94v', bid: 2.5 })}\n`,
    'line-items.jsonl': `${JSON.stringify({ campaign_id: '8wku2', name: 'Batch line item', objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER', bid_strategy: 'AUTO', start_time: `${futureYear()}-03-01T00:00:00Z`, end_time: `${futureYear()}-04-01T00:00:00Z` })}\n`,
    // ads plan / apply (docs/campaigns-as-code.md): a campaign with a line item, targeting and a promoted post.
    'campaigns.yaml': campaignsYaml(),
    'campaigns.json': JSON.stringify({
      account: '18ce54d4x5t',
      campaigns: [{ name: 'Summer sale', funding_instrument_id: 'lygyi', daily_budget: '50' }],
    }),
    'criteria.jsonl': `${JSON.stringify({ line_item_id: '8u94t', targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' })}\n`,
    'products.jsonl': `${productLine}\n`,
    'feed.csv': `id,title,description,availability,condition,price,link,image_link,brand\nsock-1,Wool socks,Warm socks,in stock,new,9.00 USD,https://shop.example/p/sock-1,https://shop.example/i/sock-1.jpg,Acme\n`,
    'feed.tsv': `id\ttitle\tdescription\tavailability\tcondition\tprice\tlink\timage_link\tbrand\nsock-1\tWool socks\tWarm socks\tin stock\tnew\t9.00 USD\thttps://shop.example/p/sock-1\thttps://shop.example/i/sock-1.jpg\tAcme\n`,
    'feed.json.gz': gzipSync(JSON.stringify([JSON.parse(productLine)])),
    'keys.txt': 'pk-1\npk-2\n',
    'emails.txt': emails,
    'optouts.txt': emails,
    'crm.csv': `email,phone\nsubscriber1@example.com,+44 20 7946 0000\n`,
    'users.jsonl': `${JSON.stringify({ email: 'subscriber1@example.com' })}\n`,
    'optouts.csv': `email\nsubscriber1@example.com\n`,
    'subscription.json': JSON.stringify({ event_type: 'profile.update.bio', filter: { user_id: '1000000002' } }),
    'line-items.txt': '8u94t\n8u94u\n',
    'announcement.txt': 'We are launching today\n',
    'muted.txt': '@alice\n',
    'users.txt': emails,
    'plan.png': Buffer.alloc(2048, 7),
    'big.mp4': mp4(16384),
    'sub.json': JSON.stringify({ event_type: 'profile.update.bio', filter: { user_id: '1000000002' } }),
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  for (const name of ['card.json', 'carousel.json', 'components.json', 'body.json'])
    copyFileSync(fixture('creatives/card-website.json'), join(dir, name));
  writeFileSync(join(dir, 'other-tool'), '#!/bin/sh\ncat > /dev/null\n', { mode: 0o755 });
  for (const sub of ['.local/share/bash-completion/completions', '.zfunc', '.config/fish/completions'])
    mkdirSync(join(dir, 'home', sub), { recursive: true });
  writeFileSync(join(dir, 'delivery.json'), DELIVERY);
  return dir;
}

// The headless OAuth 2.0 login's first step, approved at the emulator's authorize page (which approves at once):
// prints the address the browser is sent back to, which the second step takes.
const OAUTH2_STEP1 = `postctl auth oauth2 --client-id "$CLIENT_ID" --scopes tweet.read,tweet.write,users.read,bookmark.read,bookmark.write,offline.access --no-browser -o json | jq -r .authorize_url | xargs curl -s -o /dev/null -w '%{redirect_url}'`;

/** Steps an example needs first (shell lines, run in the example's directory) and the env it reads. */
const BEFORE: Array<[RegExp, string]> = [
  // A store to read (docs/sync.md): a short sync of the emulator's account first.
  [/^postctl ads (sql ads\.duckdb|sync status --into ads\.duckdb)/, 'postctl ads sync --into ads.duckdb --since 3-days-ago'],
  // The client report from the store reads the range and the week before it: two weeks synced first.
  [
    /^postctl ads stats -o html --db ads\.duckdb/,
    'postctl ads sync --into ads.duckdb --since 15-days-ago --entity CAMPAIGN --metric-groups ENGAGEMENT,BILLING',
  ],
  // The client report's logo (docs/analytics.md): a 1×1 PNG.
  [
    /--logo acme\.png/,
    'echo iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg== | base64 -d | tee acme.png',
  ],
  // Docs lines shown failing (docs/security.md): a config directory others may write, a FIFO as upload state.
  [
    /^postctl ads accounts list => refusing to use the config directory/,
    'mkdir -p "$POSTCTL_CONFIG_DIR" && chmod 777 "$POSTCTL_CONFIG_DIR"',
  ],
  [/^postctl media upload clip.mp4 --resume => refusing the upload state/, 'mkfifo clip.mp4.postctl-state.json'],
  [
    /^postctl config set output json => refusing to use the lock file/,
    'mkdir -p "$POSTCTL_CONFIG_DIR" && mkfifo "$POSTCTL_CONFIG_DIR/config.json.lock"',
  ],
  [/auth oauth2 --redirect-url '[^']*state=forged/, `${OAUTH2_STEP1} > /dev/null`],
  [/posts (un)?bookmark|request GET \/2\/users\/me --auth oauth2/, `postctl auth oauth2 --redirect-url "$(${OAUTH2_STEP1})"`],
  // Ticket buyers take an OAuth 2.0 login with space.read.
  [/spaces buyers/, `postctl auth oauth2 --redirect-url "$(${OAUTH2_STEP1.replace('bookmark.write,', 'bookmark.write,space.read,')})"`],
  [
    /auth (use work|remove old)/,
    'postctl --profile work config set ads_account 18ce54d4x5t && postctl --profile old config set ads_account 18ce54d4x5t',
  ],
  [/webhooks subscriptions remove 1146654567674912769/, 'postctl webhooks subscriptions add 1146654567674912769'],
  // The criteria to delete in a batch exist only once made: two added, their ids written as the file's lines.
  [
    /ads targeting delete --file criterion-ids\.jsonl/,
    "for v in 96683cc9126741d1 en; do t=LOCATION; [ $v = en ] && t=LANGUAGE; postctl ads targeting add --line-item 8u94t --type $t --value $v -o json | jq -c '{targeting_criterion_id: .data.id}' >> criterion-ids.jsonl; done",
  ],
  [/audiences do-not-reach create/, 'postctl audiences do-not-reach delete 3dnr8 --yes'],
  [/dm send --conversation 1000000001-2244994945/, 'postctl dm send 1000000001 --text "hello"'],
  [/dm events 1000000001-2244994945/, 'postctl dm send 1000000001 --text "hello"'],
  [/webhooks stream-links remove 1146654567674912769/, 'postctl webhooks stream-links add 1146654567674912769'],
  [/^postctl emulator stop$/, 'postctl emulator --port 0 --print-env'],
  // What twurl and xurl leave on disk (mode 0600, as they write it).
  [
    /^postctl auth import twurl/,
    `printf 'profiles:\\n  alice:\\n    k1:\\n      username: alice\\n      consumer_key: k1\\n      consumer_secret: s1\\n      token: 1-t\\n      secret: s2\\n' > "$HOME/.twurlrc" && chmod 600 "$HOME/.twurlrc" && cp -p "$HOME/.twurlrc" twurlrc-backup`,
  ],
  [
    /^postctl auth import xurl/,
    `mkdir -p "$HOME/.xurl" && printf 'apps:\\n  default:\\n    client_id: c1\\n    oauth2_tokens:\\n      alice:\\n        oauth2:\\n          access_token: a1\\n' > "$HOME/.xurl/auth.yml" && chmod 600 "$HOME/.xurl/auth.yml"`,
  ],
];
/**
 * Ids an example names that only exist once made (a post of one's own to edit or delete, a targeting
 * criterion, a promoted post): the step prints the new id, which stands in for the example's.
 */
const MADE: Array<[RegExp, string | RegExp, string]> = [
  [
    /stream rules delete .*1165037377523306499/,
    '1165037377523306499',
    'postctl stream rules add "tea -is:retweet" -o json | jq -r .data[0].id',
  ],
  [
    /dm events 1582838360831426560/,
    '1582838360831426560',
    'postctl dm conversation create --participants 1000000001,1000000002 --text hi -o json | jq -r .data.dm_conversation_id',
  ],
  [/dm (get|delete) 1582838360831426561/, '1582838360831426561', 'postctl dm send 1000000001 --text hi -o json | jq -r .data.dm_event_id'],
  [
    /dm send 1000000001 --media 1600000000000000286/,
    '1600000000000000286',
    'postctl media upload photo.png --media-category dm_image -o json | jq -r .data[0].media_id',
  ],
  [
    /ads stats jobs cancel 1120829647711653888/,
    '1120829647711653888',
    'postctl request POST /12/stats/jobs/accounts/18ce54d4x5t --api ads -f entity=LINE_ITEM -f entity_ids=8u94t -f start_time=2026-10-01T04:00:00Z -f end_time=2026-10-02T04:00:00Z -f granularity=DAY -f placement=ALL_ON_TWITTER -f metric_groups=ENGAGEMENT | jq -r .data.id_str',
  ],
  // The redirect address of a headless OAuth 2.0 login (not the forged one docs/oauth2.md shows refused).
  [/auth oauth2 --redirect-url '(?![^']*state=forged)/, /http:\/\/127\.0\.0\.1:8765\/callback\?[^']*/, OAUTH2_STEP1],
  // A fixed port may be taken on a shared machine: the emulator stopped by port is started on a free one.
  [/emulator stop --port 8788/, '8788', "postctl emulator --port 0 --print-env | sed -n 's/.*stop --port \\([0-9]*\\).*/\\1/p'"],
  [/ads (accounts delete|features add .*--account) gq1x7a/, 'gq1x7a', 'postctl ads accounts create --sandbox -o json | jq -r .data.id'],
  [/posts (edit|delete) 1460323737035677698/, '1460323737035677698', 'postctl posts create --text "Draft" -o json | jq -r .data.id'],
  [/posts delete .*1460323737035677699/, '1460323737035677699', 'postctl posts create --text "Draft 2" -o json | jq -r .data.id'],
  [
    /ads targeting (delete|get) dpl3a6/,
    'dpl3a6',
    'postctl ads targeting add --line-item 8u94t --type LOCATION --value 96683cc9126741d1 -o json | jq -r .data.id',
  ],
  [
    /ads promoted-posts (delete|get) 1gp8a5/,
    '1gp8a5',
    'postctl ads promoted-posts create --line-item 8u94t 1460323737035677698 -o json | jq -r .data[0].id',
  ],
  // The estimate reads the line item's criteria: one is added first (its line item id stands in for itself).
  [
    /ads audience-estimate --line-item 8u94t/,
    '8u94t',
    'postctl ads targeting add --line-item 8u94t --type LANGUAGE --value en -o json | jq -r .data.line_item_id',
  ],
  [
    /ads posts name 1505723617405960500/,
    '1505723617405960500',
    'postctl ads posts create --as-user 756201191 --text hi -o json | jq -r .data.id_str',
  ],
  [
    /audiences permissions revoke 1qz4s 7xk2p/,
    '7xk2p',
    'postctl audiences permissions grant 1qz4s --granted-account 18ce54d4x5u --level READ_ONLY -o json | jq -r .data.id',
  ],
  [
    /stream rules delete 1165037377523306498/,
    '1165037377523306498',
    'postctl stream rules add "coffee -is:retweet" -o json | jq -r .data[0].id',
  ],
];
/**
 * Examples whose fixed date is their point (an expiry that must lie ahead): run on the clock of the day they
 * were written, in today's run and the year-ahead one alike, so they never turn into time bombs.
 */
const WRITTEN_ON: Array<[RegExp, string]> = [[/do-not-reach upload .*--expires-at 2027-06-30T/, '2026-12-01T12:00:00Z']];

/** Examples that ask before acting (no --yes): without a terminal they stop with exit 2 and send nothing. */
const ASKS = new Set([
  'postctl auth remove old',
  'postctl posts delete 1460323737035677698',
  'postctl catalogs delete 1456789',
  'postctl connections terminate 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
]);
/** `catalogs create`: a user has one catalog, so it runs against an emulator without the sample one. */
const NO_CATALOG = /^postctl catalogs create /;
// PORTAL_BEARER: a bearer token as the developer portal shows one (auth token --stdin stores it without a request).
export const ENV = {
  CLIENT_ID: 'emu-oauth2-public-client',
  SECRET: 'emu-consumer-secret-0123456789',
  SIG,
  PORTAL_BEARER: 'AAAAAAAAAAAAAAAAAAAAAPortalBearerOfTheExamples%3D0123',
};
const exec = promisify(execFile);
/** The emulator's fixed ports are taken one example at a time. */
let portTurn: Promise<unknown> = Promise.resolve();

/** A moved clock for postctl and the emulator together (test/helpers/clock.ts movedClock). */
type Clock = ReturnType<typeof movedClock>;

/**
 * Runs one example or docs command (exit 0; or, for a docs line shown failing, a failure with the shown
 * error; examples that start or stop background emulators one at a time), on the real clock or, with
 * `clock`, on a moved one (postctl's, the emulator's and every background emulator's).
 */
export function runExampleInTurn(example: string, shownError?: string, clock?: Clock): Promise<void> {
  if (!/emulator .*(8788|--port 0)|emulator stop/.test(example)) return runExample(example, shownError, clock);
  const turn = portTurn.then(() => runExample(example, shownError, clock));
  portTurn = turn.catch(() => undefined);
  return turn;
}

async function runExample(example: string, shownError?: string, moved?: Clock): Promise<void> {
  const writtenOn = WRITTEN_ON.find(([when]) => when.test(example))?.[1];
  const clock = writtenOn ? movedClock(writtenOn) : moved;
  const emu = await testEmulator({ sampleCatalog: !NO_CATALOG.test(example), ...(clock ? { now: clock.now } : {}) });
  const dir = exampleDir();
  const env = emu.cliEnv({ ...ENV, HOME: join(dir, 'home'), ...clock?.env });
  // Only an emulator command (the example or a step before it) can leave a background emulator to stop.
  let startsEmulator = /emulator/.test(example);
  try {
    const key = shownError === undefined ? example : `${example} => ${shownError}`;
    for (const [when, step] of BEFORE) {
      if (!when.test(key)) continue;
      startsEmulator ||= /emulator/.test(step);
      const r = await shellRun(step, dir, env);
      expect(r.code, `${step}\n${r.stderr}`).toBe(0);
    }
    let command = example;
    for (const [when, id, step] of MADE) {
      if (!when.test(example)) continue;
      startsEmulator ||= /emulator/.test(step);
      const made = await exec('bash', ['-o', 'pipefail', '-c', step], {
        env: sharedCodeCache({ ...env, PATH: `${dir}:${process.env.PATH}` }),
        cwd: dir,
      });
      const fresh = made.stdout.trim();
      expect(fresh, step).toMatch(/^[^\s']+$/);
      command = command.replace(id, fresh);
    }
    const r = await runLine(command, dir, env, emu);
    if (shownError !== undefined) {
      expect(r.code, r.stderr).not.toBe(0);
      // Paths in the docs are the reader's (/home/me/…): compared as <path>.
      const paths = (t: string) => t.replace(/\/[^\s:]+/g, '<path>');
      expect(paths(r.stderr)).toContain(paths(`error: ${shownError}`));
    } else if (ASKS.has(example)) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('pass --yes to confirm');
    } else expect(r.code, `${command}\n${r.stderr}`).toBe(0);
  } finally {
    if (startsEmulator) await shellRun('postctl emulator stop 2>/dev/null || true', dir, env);
    await emu.close();
  }
}

/** A word that reads as a file name (a dot and an extension, or a slash), not a flag, number or URL. */
const PATHLIKE = /^(?!-)(?![a-z]+:\/\/)(?=.*(\.[A-Za-z0-9]{1,6}$|\/))/;
/**
 * One docs or example line: a plain `postctl …` line (quoted words, a trailing comment, stdout to a file)
 * runs in-process against the example's emulator (the test world, in the line's directory); a line with
 * pipes, substitutions, variables or globs runs in bash.
 */
async function runLine(command: string, dir: string, env: Record<string, string | undefined>, emu: TestEmulator) {
  const plain = plainCommand(command);
  const words = plain?.words;
  if (words?.[0] !== 'postctl' || needsProcess(words.slice(1), { env })) return shellRun(command, dir, env);
  // A line that names a file (an input or an output beside it) enters its directory; others only tell the
  // world their directory, and run side by side.
  const names = words.slice(1).some((w) => PATHLIKE.test(w) || existsSync(join(dir, w.replace(/^[^=]*=/, ''))));
  const where = names ? { cwd: dir } : { worldCwd: dir };
  const r = await runCli(words.slice(1), { env, ...where, clock: emu.clock, dispatcher: emu.dispatcher });
  if (plain?.stdoutTo) writeFileSync(join(dir, plain.stdoutTo), r.stdout);
  return { code: r.code ?? 1, stderr: r.stderr };
}
