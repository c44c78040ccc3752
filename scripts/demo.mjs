// `npm run demo`: a short tour of the main jobs against the bundled emulator,
// with nothing configured: an emulator on a free port, its seeded (fake)
// credentials in the environment, a throwaway config directory. Each step
// prints the command, then what the built CLI printed; the demo fails (exit 1)
// when a step exits with another code than expected.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulatorProcess } from './emulator-process.mjs';

const BIN = fileURLToPath(new URL('../bin/postctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'postctl-demo-'));
const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[22m` : s);

const emu = await startEmulatorProcess();
const vars = emu.env;
const env = {
  ...process.env,
  ...vars,
  POSTCTL_CONFIG_DIR: join(dir, 'config'),
  POSTCTL_NO_INPUT: '1',
  FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
};
let failed = 0;

/** Runs one step; returns its stdout. */
function step(title, args, { expect = 0, input, show = true } = {}) {
  process.stdout.write(`\n${bold(`# ${title}`)}\n$ postctl ${args.map((a) => (/[\s"']/.test(a) ? `'${a}'` : a)).join(' ')}\n`);
  const r = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8' });
  if (show) process.stdout.write(r.stdout);
  process.stdout.write(r.stderr.replace(/^/gm, '  stderr│ ').replace(/ {2}stderr│ $/, ''));
  const note = r.status === expect ? `exit ${r.status}` : `exit ${r.status}, expected ${expect}  ✗`;
  process.stdout.write(`  → ${note}\n`);
  if (r.status !== expect) failed++;
  return r.stdout;
}

try {
  process.stdout.write(`emulator at ${vars.POSTCTL_API_URL}; credentials from the environment, config in ${env.POSTCTL_CONFIG_DIR}\n`);
  step('Who am I? Credentials and where each comes from (secrets masked)', ['auth', 'status', '-o', 'table', '--check']);
  step('Posts with their authors, as a table', ['posts', 'lookup', '20', '21', '--expansions', 'author_id', '-o', 'table']);
  step('The same as JSON for scripts (the API envelope, merged)', ['posts', 'lookup', '20', '--json']);
  step('What a webhook receiver must answer to a CRC check', ['webhooks', 'crc', 'challenge-token-123']);
  step('A bad webhook id is refused before anything is sent (exit 6)', ['webhooks', 'validate', 'not-a-number'], { expect: 6 });
  step('A bid change, checked against the line item and shown before/after, not sent', [
    'ads',
    'line-items',
    'update',
    '8u94t',
    '--bid',
    '2.50',
    '--dry-run',
    '-o',
    'table',
  ]);

  const feed = join(dir, 'feed.jsonl');
  const product = (n) => ({
    id: `demo-${n}`,
    title: `Demo product ${n}`,
    description: 'A product of the demo feed.',
    availability: 'in stock',
    condition: 'new',
    price: `${9 + n}.99 USD`,
    link: `https://shop.example/p/${n}`,
    image_link: `https://cdn.example/i/${n}.jpg`,
    brand: 'Acme',
  });
  writeFileSync(feed, [1, 2, 3].map((n) => JSON.stringify(product(n))).join('\n') + '\n');
  const created = JSON.parse(step('A product catalog', ['catalogs', 'create', 'Demo shop', '--json']));
  const catalog = created.data.id;
  step('Upsert a feed: every product validated first, then sent in batches', [
    'catalogs',
    'upsert',
    catalog,
    '--file',
    feed,
    '-o',
    'jsonl',
  ]);
  step('The same feed again: nothing changed', ['catalogs', 'upsert', catalog, '--file', feed, '-o', 'jsonl']);

  const emails = join(dir, 'emails.txt');
  writeFileSync(emails, ['Alice@Example.com', ' bob.smith+ads@example.org ', 'not-an-email', 'carol@example.net'].join('\n') + '\n');
  step('What an audience upload would send: normalized, hashed, batched (dry run)', [
    'audiences',
    'upload',
    '1qz4s',
    '--type',
    'email',
    '--file',
    emails,
    '--dry-run',
  ]);
  step('Upload it: the invalid line is skipped and reported with its line number', [
    'audiences',
    'upload',
    '1qz4s',
    '--type',
    'email',
    '--file',
    emails,
    '--json',
  ]);
  step('Exit codes, for scripts', ['help', 'exit-codes']);
} finally {
  emu.stop();
  rmSync(dir, { recursive: true, force: true });
}

process.stdout.write(failed ? `\n${failed} step(s) did not exit as expected\n` : '\nDemo complete: every step exited as expected.\n');
process.exitCode = failed ? 1 : 0;
