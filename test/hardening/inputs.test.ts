// Input hardening (issue 19): non-seekable --file inputs (a pipe as
// /dev/stdin, a fifo, bash process substitution) are read once and every
// product or user is sent — never a silent "0 sent", an ESPIPE internal error
// or a hang; a directory as --file is exit 6 naming it; a 10 MB product id
// gives a short stderr; a per-item status the client does not know is a
// failure of that item (exit 8); bulk jobs check their state and rejects
// files before the first request.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { audienceStore, Received } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
let catalog: string;
const AUDIENCE = 'hinputs1';

function product(i: number, id = `sku-${i}`): Record<string, unknown> {
  return {
    id,
    title: `Product ${i}`,
    description: `Description ${i}`,
    availability: 'in stock',
    condition: 'new',
    price: '19.99 USD',
    link: `https://shop.example/p/${i}`,
    image_link: `https://shop.example/i/${i}.jpg`,
    brand: 'Acme',
  };
}
const feedText = (n: number, from = 0): string => Array.from({ length: n }, (_, i) => JSON.stringify(product(from + i))).join('\n') + '\n';
const emails = (n: number): string => Array.from({ length: n }, (_, i) => `user.${i}@example.net`).join('\n') + '\n';
const puts = () => emu.state.log.filter((e) => e.method === 'PUT' && e.path.includes('/products')).length;
const posts = () => emu.state.log.filter((e) => e.method === 'POST' && e.path.includes(`/${AUDIENCE}/users`)).length;

beforeAll(async () => {
  catalog = (await emu.run(['catalogs', 'create', 'Inputs', '-o', 'json'])).json().data.id;
  audienceStore(emu.state).audiences.set(AUDIENCE, {
    id: AUDIENCE,
    name: 'inputs',
    owner: EMU_ACCOUNT,
    received: new Received(),
    permissions: [],
    targeted: [],
  });
});

/** Counts of a catalogs upsert's jsonl results by status. */
function statuses(stdout: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of stdout.trim().split('\n').filter(Boolean)) {
    const s = (JSON.parse(l) as { status: string }).status;
    out[s] = (out[s] ?? 0) + 1;
  }
  return out;
}

describe('non-seekable --file inputs', () => {
  it('catalogs upsert --file /dev/stdin with 100 products piped in (no --format): 100 sent in 4 requests', async () => {
    const before = puts();
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', '/dev/stdin', '-o', 'jsonl'], { input: feedText(100, 1000) });
    expect(r.stderr).not.toMatch(/ESPIPE|internal error/);
    expect(r.code).toBe(0);
    expect(statuses(r.stdout)).toEqual({ CREATE_SUCCESS: 100 });
    expect(r.stderr).toContain('100 products sent');
    expect(puts() - before).toBe(4);
  });

  it('catalogs upsert --file FIFO: 100 sent, no hang', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'feed.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    writeFileSync(join(dir, 'src.jsonl'), feedText(100, 2000));
    const writer = spawn('sh', ['-c', `cat "${join(dir, 'src.jsonl')}" > "${fifo}"`]);
    const before = puts();
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', fifo, '-o', 'jsonl'], { timeoutMs: 30_000 });
    writer.kill();
    expect(r.code).toBe(0);
    expect(statuses(r.stdout)).toEqual({ CREATE_SUCCESS: 100 });
    expect(puts() - before).toBe(4);
  });

  it('catalogs upsert --file <(…) (bash process substitution): 100 sent', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'src.jsonl'), feedText(100, 3000));
    const env = Object.fromEntries(Object.entries(emu.cliEnv()).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const before = puts();
    // Asynchronous: the emulator runs in this process and must keep answering.
    const child = spawn(
      'bash',
      ['-c', `"${process.execPath}" "${BIN}" catalogs upsert ${catalog} --file <(cat "${join(dir, 'src.jsonl')}") -o jsonl`],
      { env },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const [code] = (await once(child, 'close')) as [number];
    const r = { status: code, stdout };
    expect(r.status).toBe(0);
    expect(statuses(r.stdout)).toEqual({ CREATE_SUCCESS: 100 });
    expect(puts() - before).toBe(4);
  });

  it('a piped feed leaves no temporary copy behind', async () => {
    const tmp = tempDir('postctl-tmpdir-');
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', '/dev/stdin', '-o', 'jsonl'], {
      input: feedText(30, 4000),
      env: { TMPDIR: tmp },
    });
    expect(r.code).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('audiences upload --file /dev/stdin: every user sent in one pass, no state file; --resume refused', async () => {
    const before = posts();
    const r = await emu.run(
      ['audiences', 'upload', AUDIENCE, '--file', '/dev/stdin', '--type', 'email', '--batch-size', '50', '-o', 'json'],
      { input: emails(200) },
    );
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ read: 200, sent: 200, accepted: 200, state_file: null });
    expect(posts() - before).toBe(4);
    const resume = await emu.run(['audiences', 'upload', AUDIENCE, '--file', '/dev/stdin', '--type', 'email', '--resume'], {
      input: emails(10),
    });
    expect(resume.code).toBe(2);
    expect(resume.stderr).toContain('--resume and --state need a regular --file');
    expect(posts() - before).toBe(4);
  });
});

describe('bad --file paths and huge values', () => {
  it.each([
    ['catalogs upsert', (f: string) => ['catalogs', 'upsert', catalog, '--file', f]],
    ['audiences upload', (f: string) => ['audiences', 'upload', AUDIENCE, '--file', f, '--type', 'email']],
    ['catalogs delete-products', (f: string) => ['catalogs', 'delete-products', catalog, '--file', f, '--yes']],
  ])('%s with a directory as --file: exit 6 naming the path, nothing sent', async (_name, args) => {
    const dir = join(tempDir(), 'a-directory');
    mkdirSync(dir);
    const before = emu.state.log.length;
    const r = await emu.run(args(dir));
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`${dir} is a directory, not a file`);
    expect(r.stdout).toBe('');
    expect(emu.state.log.length - before).toBe(0);
  });

  it('a 10 MB product id on an invalid product: exit 6, stderr under 2 KB with the id cut to 80 characters and its size', async () => {
    const f = join(tempDir(), 'huge-id.jsonl');
    const id = 'x'.repeat(10 * 1024 * 1024);
    // No brand, gtin or mpn: a problem reported with the product's id.
    writeFileSync(f, JSON.stringify({ ...product(1, id), brand: undefined }) + '\n');
    const before = puts();
    for (const format of ['table', 'json']) {
      const r = await emu.run(['catalogs', 'upsert', catalog, '--file', f, '-o', format]);
      expect(r.code).toBe(6);
      expect(r.stderr.length).toBeLessThan(2048);
      expect(r.stderr).toContain(`${'x'.repeat(80)}…(${id.length} bytes)`);
    }
    expect(puts() - before).toBe(0);
  });
});

describe('unknown per-item status', () => {
  it('PENDING for every product: each is a failure (ERROR, listed), exit 8', async () => {
    emu.state.faults.add({ kind: 'item-status', path: '/products', itemStatus: 'PENDING', times: 10 });
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', '/dev/stdin', '-o', 'jsonl'], { input: feedText(30, 5000) });
    expect(r.code, r.stderr).toBe(8);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; status: string; errors: string[] });
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      expect(row.status).toBe('ERROR');
      expect(row.errors[0]).toContain('the API answered status "PENDING"');
    }
    expect(r.stderr).toContain('30 of 30 products failed');
  });
});

describe('state and rejects files are checked before the first request', () => {
  const emailFile = (): string => {
    const f = join(tempDir(), 'emails.txt');
    writeFileSync(f, emails(120));
    return f;
  };

  it.each([
    [
      'a state file in a missing directory',
      (f: string) => ['--state', join(f, '..', 'no-such-dir', 's.json')],
      /cannot write the upload state .*no-such-dir\/s\.json/,
    ],
    ['a state file that is a directory', (f: string) => ['--state', join(f, '..')], /upload state \/.*(not a regular file|directory)/],
    [
      'a rejects file in a missing directory',
      (f: string) => ['--rejects', join(f, '..', 'no-such-dir', 'r.csv')],
      /cannot write the rejects file .*no-such-dir\/r\.csv: its directory does not exist/,
    ],
  ])('audiences upload with %s: exit 2 naming it, nothing sent', async (_what, extra, message) => {
    const f = emailFile();
    const before = posts();
    const r = await emu.run(['audiences', 'upload', AUDIENCE, '--file', f, '--type', 'email', ...extra(f)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(posts() - before).toBe(0);
  });

  it('a symlink planted as the state file is refused, its target untouched', async () => {
    const f = emailFile();
    const victim = join(tempDir(), 'victim.txt');
    writeFileSync(victim, 'keep me');
    symlinkSync(victim, `${f}.postctl-state.json`);
    const before = posts();
    const r = await emu.run(['audiences', 'upload', AUDIENCE, '--file', f, '--type', 'email']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(posts() - before).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
  });

  it('do-not-reach upload with an unwritable rejects path: exit 2, nothing sent', async () => {
    const f = emailFile();
    const before = emu.state.log.length;
    const r = await emu.run([
      'audiences',
      'do-not-reach',
      'upload',
      'dnr1',
      '--file',
      f,
      '--type',
      'email',
      '--rejects',
      join(f, '..', 'missing', 'r.csv'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write the rejects file');
    expect(emu.state.log.length - before).toBe(0);
  });

  it('an existing rejects file with mode 0644 is made 0600 before it is written', async () => {
    const f = join(tempDir(), 'mixed.txt');
    writeFileSync(f, 'good.one@example.net\nnot-an-email\n');
    const rejects = join(tempDir(), 'rejects.csv');
    writeFileSync(rejects, 'old\n');
    chmodSync(rejects, 0o644);
    const r = await emu.run(['audiences', 'upload', AUDIENCE, '--file', f, '--type', 'email', '--rejects', rejects]);
    expect(r.code).toBe(0);
    expect(statSync(rejects).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(`${f}.postctl-state.json`, 'utf8')).done).toBe(true);
  });
});

describe('the state file is replaced whole, never rewritten in place', () => {
  it('a rerun writes a new file by rename: a hard link to the old one keeps the old bytes; the new one is 0600', async () => {
    const f = join(tempDir(), 'in-place.txt');
    writeFileSync(f, emails(3));
    const state = `${f}.postctl-state.json`;
    const args = ['audiences', 'upload', AUDIENCE, '--file', f, '--type', 'email', '--batch-size', '1', '--concurrency', '1'];
    // One batch confirmed, then refused: a state file that a --resume continues.
    emu.state.faults.add({ kind: 'status', status: 503, path: `/${AUDIENCE}/users`, after: 1, times: 100 });
    const partial = await emu.run(args, { env: { POSTCTL_MAX_RETRIES: '0' } });
    emu.state.faults.clear();
    expect(partial.code, partial.stderr).toBe(8);
    expect(statSync(state).mode & 0o777).toBe(0o600);
    const saved = readFileSync(state, 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ confirmed: '0' });
    // Another name for the same file: written in place, it would change too.
    const other = join(tempDir(), 'other-name.json');
    linkSync(state, other);

    const resumed = await emu.run([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8')).done).toBe(true);
    expect(readFileSync(other, 'utf8')).toBe(saved);
    expect(statSync(state).ino).not.toBe(statSync(other).ino);
    expect(statSync(state).mode & 0o777).toBe(0o600);
  });
});
