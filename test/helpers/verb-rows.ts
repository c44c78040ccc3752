// The rows of the verb sweeps: every verb of the command tree with arguments that get it as deep as it can go
// against the emulator (test/hardening/secrets.test.ts runs each with --verbose and secrets, test/hardening/mcp-secrets.test.ts
// as an MCP tool call; test/hardening/path-ids-sweep.test.ts replaces each id argument with one that would climb out
// of its path segment; test/helpers/coverage.ts matches what each sends to the API's operations). The verb list comes
// from the tree itself, and a verb's row is the argv of its first `--help` example (test/helpers/example-argv.ts)
// unless overrideRows below gives one: a new verb needs a row here only when its first example cannot run in the sweep
// (it names a file, an id made by an earlier step, deletes a seeded object others read, or uses shell syntax).
// A verb with neither fails every sweep, naming it (test/unit/verb-rows.test.ts says so in a second).
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { EMU_AUDIENCE, EMU_DNR_LIST } from '../../src/emulator/routes/audiences.js';
import { WEBHOOK_OK } from '../../src/emulator/routes/platform-webhooks.js';
import { filteredStream } from '../../src/emulator/routes/platform-stream.js';
import { buildProgram } from '../../src/entry/program.js';
import { exampleArgv, firstExamples } from './example-argv.js';
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
  /** The first example the row was derived from; none for an override. */
  example?: string;
  input?: string;
  /** The verb takes no network path at all (local only). */
  local?: true;
  timeoutMs?: number;
  /** Stores credentials in the profile by design (auth login, pin, token): runs with its own config dir, checked for 0600 only. */
  storesCredentials?: true;
  setup?: (emu: TestEmulator) => void;
}

/**
 * One row per verb: its override, else its first example's argv. Throws, naming each verb, when a verb has
 * neither or an override names no verb. Input files are written under dir; KEY is the consumer key
 * `auth login` and `auth pin` name.
 */
export async function verbRows(dir: string, KEY: string): Promise<Record<string, Row>> {
  const overrides = overrideRows(dir, KEY);
  const verbs = await allVerbs();
  const examples = await firstExamples();
  const rows: Record<string, Row> = {};
  const problems: string[] = [];
  for (const verb of verbs) {
    const example = examples.get(verb);
    const row = overrides[verb] ?? exampleArgv(verb, example);
    if ('reason' in row) problems.push(`${verb}: ${row.reason}`);
    else rows[verb] = overrides[verb] ?? { args: row.args, example };
  }
  for (const verb of Object.keys(overrides))
    if (!verbs.includes(verb)) problems.push(`${verb}: an override for a verb the tree does not have`);
  if (problems.length)
    throw new Error(
      `no sweep row for these verbs: give each a first example that runs as is, or an override in overrideRows (test/helpers/verb-rows.ts):\n  ${problems.join('\n  ')}`,
    );
  return rows;
}

/** The rows a first example cannot give (see the file's head); the comment above a row says why where it is not plain. */
function overrideRows(dir: string, KEY: string): Record<string, Row> {
  const file = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
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
  const targeting = file('targeting.json', JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }]));
  const campaignsFile = file(
    'campaigns.yaml',
    'campaigns:\n  - name: Hardening as code\n    funding_instrument_id: lygyi\n    daily_budget: 5\n    entity_status: PAUSED\n',
  );
  const reqBody = file('req.json', JSON.stringify({ name: 'x' }));
  const body = file('body.json', '{"for_user_id":"2244994945","event":"x"}');
  const keys = file('keys.txt', 'sku-1\nsku-2\n');
  const photo = file('photo.png', 'x'.repeat(3000));
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
    // Serves until stopped: ended by the row's timeout.
    'webhooks listen': { args: ['webhooks', 'listen', '--port', '0'], local: true, timeoutMs: 2500 },
    'webhooks verify-signature': { args: ['webhooks', 'verify-signature', '--body', body, '--signature', 'sha256=AAAA'], local: true },
    'posts edit': { args: ['posts', 'edit', '1460323737035677698', '--text', 'Edited'] },
    'posts delete': { args: ['posts', 'delete', '1460323737035677698', '--yes'] },
    'stream rules delete': { args: ['stream', 'rules', 'delete', '1', '--yes'] },
    'stream connect': {
      args: ['stream', 'connect', '--limit', '1', '--stall-timeout', '5'],
      timeoutMs: 15_000,
      // Not rule 1: `stream rules delete 1` must stay unknown (exit 6) whichever emulator runs it after this row.
      setup: (e) => void filteredStream(e.state).rules.push({ id: '2', value: 'coffee' }),
    },
    'events stream': { args: ['events', 'stream', '--limit', '1', '--stall-timeout', '5'], timeoutMs: 15_000 },
    'events subscriptions delete': { args: ['events', 'subscriptions', 'delete', '1930000000000000099', '--yes'] },
    'webhooks delete': { args: ['webhooks', 'delete', '1146654567674912799', '--yes'] },
    'webhooks subscriptions remove': { args: ['webhooks', 'subscriptions', 'remove', WEBHOOK_OK, '1000000002', '--yes'] },
    'posts bookmark': { args: ['posts', 'bookmark', '1460323737035677698'], local: true },
    'posts unbookmark': { args: ['posts', 'unbookmark', '1460323737035677698'], local: true },
    'lists delete': { args: ['lists', 'delete', '1800000000000000099', '--yes'] },
    'lists members remove': { args: ['lists', 'members', 'remove', '1800000000000000001', '1000000003', '--yes'] },
    'dm events': { args: ['dm', 'events', '1582838360831426560'] },
    'webhooks stream-links remove': { args: ['webhooks', 'stream-links', 'remove', '1146654567674912799'] },
    'ads accounts delete': { args: ['ads', 'accounts', 'delete', 'nosuch1', '--yes', '--sandbox'] },
    'ads features add': { args: ['ads', 'features', 'add', 'AGE_TARGETING', '--sandbox'] },
    'ads audience-estimate': { args: ['ads', 'audience-estimate', '--input', targeting] },
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
    'ads line-items delete': { args: ['ads', 'line-items', 'delete', 'nosuch2', '--yes'] },
    'ads line-item-categories delete': { args: ['ads', 'line-item-categories', 'delete', 'nosuch5', '--yes'] },
    'ads media delete': { args: ['ads', 'media', 'delete', 'nosuch7', '--yes'] },
    'ads cards delete': { args: ['ads', 'cards', 'delete', '1505723617405960099', '--yes'] },
    'ads media-library delete': { args: ['ads', 'media-library', 'delete', '3_1720000000000000099', '--yes'] },
    // The ads API has no update for poll cards: the verb explains that, locally (exit 2).
    'ads poll-cards update': { args: ['ads', 'poll-cards', 'update', 'nosuch9', '--name', 'Poll 2'], local: true },
    'ads posts name': { args: ['ads', 'posts', 'name', '1460323737035677698', 'Named post'] },
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
    'audiences permissions revoke': { args: ['audiences', 'permissions', 'revoke', EMU_AUDIENCE, 'nosuch20', '--yes'] },
    'audiences delete': { args: ['audiences', 'delete', 'nosuch25', '--yes'] },
    'audiences do-not-reach create': { args: ['audiences', 'do-not-reach', 'create', '--description', 'opt-outs'] },
    'ads plan': { args: ['ads', 'plan', campaignsFile] },
    'ads apply': { args: ['ads', 'apply', campaignsFile, '--yes'] },
    'ads export': { args: ['ads', 'export', '--campaign', 'f2qcm'] },
    // The change journal is a local file: nothing is sent.
    'ads history': { args: ['ads', 'history'], local: true },
    // A store in the sweep's dir (the example's ads.duckdb would be the cwd's), three days back;
    // status and sql read DuckDB's in-memory database (no file, nothing sent).
    'ads sync': {
      args: [
        'ads',
        'sync',
        '--into',
        join(dir, 'sweep.duckdb'),
        '--since',
        new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      ],
    },
    'ads sync status': { args: ['ads', 'sync', 'status', '--into', ':memory:'], local: true },
    'ads sql': { args: ['ads', 'sql', ':memory:', 'SELECT 42 AS answer'], local: true },
    'ads campaigns delete': { args: ['ads', 'campaigns', 'delete', 'nosuch21', '--yes'] },
    'ads campaigns pause': { args: ['ads', 'campaigns', 'pause', 'nosuch31', '--cascade', '--yes'] },
    'ads campaigns resume': { args: ['ads', 'campaigns', 'resume', 'nosuch32', '--yes'] },
    'ads promoted-posts get': { args: ['ads', 'promoted-posts', 'get', 'nosuch35'] },
    'ads targeting get': { args: ['ads', 'targeting', 'get', 'nosuch36'] },
    'ads line-items pause': { args: ['ads', 'line-items', 'pause', 'nosuch33', '--yes'] },
    'ads line-items resume': { args: ['ads', 'line-items', 'resume', 'nosuch34', '--yes'] },
    'ads targeting delete': { args: ['ads', 'targeting', 'delete', 'nosuch22', '--yes'] },
    'ads promoted-posts delete': { args: ['ads', 'promoted-posts', 'delete', 'nosuch23', '--yes'] },
    'ads promotable-users list': { args: ['ads', 'promotable-users', 'list', '--all'] },
    'ads promoted-accounts list': { args: ['ads', 'promoted-accounts', 'list', '--line-item', '8u94u', '--all'] },
    'ads promoted-accounts create': { args: ['ads', 'promoted-accounts', 'create', '2244994945', '--line-item', '8u94u'] },
    'ads promoted-accounts delete': { args: ['ads', 'promoted-accounts', 'delete', 'nosuch41', '--yes'] },
    'ads scheduled-promoted-posts list': { args: ['ads', 'scheduled-promoted-posts', 'list', '--all'] },
    'ads scheduled-promoted-posts create': {
      args: ['ads', 'scheduled-promoted-posts', 'create', '870358555227860992', '--line-item', '8u94x'],
    },
    'ads scheduled-promoted-posts delete': { args: ['ads', 'scheduled-promoted-posts', 'delete', 'nosuch42', '--yes'] },
    'ads tracking-tags list': { args: ['ads', 'tracking-tags', 'list', '--all'] },
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
    // A write (POST): the MCP sweep checks a read-only server refuses it (a GET, as the example, would be allowed).
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
