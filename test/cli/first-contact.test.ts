// First contact (issue 13): the emulator in the background for `eval`, commander's
// own errors as JSON when piped, the help/usage split, and exit 6 for postctl's value checks.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, BIN, runCli, tempDir } from '../helpers/cli.js';

const exec = promisify(execFile);

describe('emulator --print-env', () => {
  const dir = tempDir();
  const env = baseEnv(dir);
  afterAll(async () => {
    await runCli(['emulator', 'stop'], { env });
  });

  it('returns at once under eval, serves in the background, and `emulator stop` ends it', async () => {
    // The README's line, run by a real shell: eval must return, then a command reaches the emulator.
    const script = `eval "$(node ${JSON.stringify(BIN)} emulator --port 0 --print-env)" && node ${JSON.stringify(BIN)} posts lookup 20 -o json && echo "PORT=\${POSTCTL_API_URL##*:}"`;
    const { stdout } = await exec('bash', ['-c', script], { env, timeout: 20_000 });
    expect(JSON.parse(stdout.slice(0, stdout.lastIndexOf('PORT='))).data[0].id).toBe('20');
    const port = /PORT=(\d+)/.exec(stdout)![1]!;
    expect(existsSync(join(dir, 'emulators', `${port}.json`))).toBe(true);
    const stop = await runCli(['emulator', 'stop', '--port', port], { env });
    expect(stop.code).toBe(0);
    expect(stop.stderr).toContain(`stopped the emulator on port ${port}`);
    expect(existsSync(join(dir, 'emulators', `${port}.json`))).toBe(false);
    const again = await runCli(['emulator', 'stop'], { env });
    expect(again.code).toBe(4);
  });

  it('a busy port is a usage error (exit 2) naming the port, in the foreground and in the background', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = String((server.address() as { port: number }).port);
    try {
      for (const args of [
        ['emulator', '--port', port],
        ['emulator', '--port', port, '--print-env'],
      ]) {
        const r = await runCli(args, { env });
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr).toContain(`port ${port} is in use; pick another --port or 0`);
        expect(r.errorJson().error.exit_code).toBe(2);
      }
    } finally {
      server.close();
    }
  });
});

describe("commander's own errors end stderr with the JSON error object when piped", () => {
  it.each([
    [['ads', 'line-items', 'get'], 2, /missing required argument 'line_item_id'/],
    [['posts', 'lookup', '--bogus'], 2, /unknown option '--bogus'/],
    [['frobnicate'], 2, /unknown command 'frobnicate'/],
    [['posts'], 2, /missing command: posts <command>/],
    [['config', 'list', '-o', 'xml'], 6, /argument 'xml' is invalid/],
  ])('%j exits %i', async (args, code, message) => {
    const r = await runCli(args as string[]);
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    const last = r.errorJson();
    expect(last.error.exit_code).toBe(code);
    expect(last.error.message).toMatch(message);
  });

  it('with -o table the text error comes first and, stderr not being a terminal, the JSON line last', async () => {
    const r = await runCli(['ads', 'line-items', 'get', '-o', 'table']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain("missing required argument 'line_item_id'");
    expect(r.errorJson().error).toMatchObject({ code: 'usage', exit_code: 2 });
  });
});

describe('help: asked for → stdout, exit 0; a group without a verb → usage on stderr, exit 2', () => {
  it.each([[['posts', '--help']], [['help', 'posts']], [['posts', 'help']]])('%j', async (args) => {
    const r = await runCli(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: postctl posts');
    expect(r.stderr).toBe('');
  });

  it('postctl posts', async () => {
    const r = await runCli(['posts', '-o', 'table']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: postctl posts');
  });
});

describe('help layout', () => {
  it('a group: commands before options, no global options, examples from its verbs', async () => {
    const r = await runCli(['ads', '--help']);
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out.indexOf('Commands:')).toBeGreaterThan(0);
    expect(out.indexOf('Commands:')).toBeLessThan(out.indexOf('Options:'));
    expect(out).not.toContain('Global Options:');
    expect(out).not.toContain('--max-wait');
    expect(out).toContain('postctl help globals');
    expect(out).toMatch(/Examples:\n {2}\$ postctl ads accounts list\n/);
    expect(out).toMatch(/\$ postctl ads line-items \w+/);
  });

  it('postctl help globals lists the options every command takes', async () => {
    const r = await runCli(['help', 'globals']);
    expect(r.code).toBe(0);
    for (const flag of [
      '--output <format>',
      '--json',
      '--profile <name>',
      '--no-input',
      '--verbose',
      '--timeout <seconds>',
      '--max-wait <seconds>',
    ])
      expect(r.stdout).toContain(flag);
  });

  it('creatives: a group listing the creative verbs of ads; `creatives cards list` runs `ads cards list`', async () => {
    const help = await runCli(['creatives', '--help']);
    expect(help.code).toBe(0);
    for (const g of ['cards', 'media', 'media-library', 'poll-cards', 'video-conversation-cards', 'posts'])
      expect(help.stdout).toMatch(new RegExp(`^  ${g}\\s`, 'm'));
    const verbHelp = await runCli(['creatives', 'cards', '--help']);
    expect(verbHelp.stdout).toContain('Usage: postctl ads cards');
    expect(verbHelp.stdout).toMatch(/^ {2}list \[options\]/m);
    const viaHelp = await runCli(['help', 'creatives', 'poll-cards']);
    expect(viaHelp.stdout).toContain('Usage: postctl ads poll-cards');
  });

  it('the top-level help lists every group, creatives included, before the options', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout.indexOf('  creatives')).toBeGreaterThan(0);
    expect(r.stdout.indexOf('Commands:')).toBeLessThan(r.stdout.indexOf('Options:'));
    expect(r.stdout).toContain('postctl help commands');
  });
});

describe("postctl's own value checks exit 6, nothing sent", () => {
  it.each([
    [['catalogs', 'list', '--user-id', 'me']],
    [['ads', 'accounts', 'list', '--count', '0']],
    [['--timeout', 'soon', 'ads', 'accounts', 'list']],
    [['completion', 'tcsh']],
    [['request', 'FETCH', '/2/posts']],
    [['auth', 'login', '--callback-port', '70000']],
  ])('%j', async (args) => {
    // The URLs point at a closed loopback port: a request would fail with exit 7, not 6.
    const r = await runCli(args, {
      env: {
        ...baseEnv(tempDir()),
        POSTCTL_API_URL: 'http://127.0.0.1:9',
        POSTCTL_ADS_URL: 'http://127.0.0.1:9/ads',
        POSTCTL_ADS_ACCOUNT: '18ce54d4x5t',
        POSTCTL_BEARER_TOKEN: 'x',
        POSTCTL_CONSUMER_KEY: 'k',
        POSTCTL_CONSUMER_SECRET: 's',
        POSTCTL_ACCESS_TOKEN: 't',
        POSTCTL_ACCESS_TOKEN_SECRET: 'u',
      },
    });
    expect(r.code, r.stderr).toBe(6);
    expect(r.errorJson().error.exit_code).toBe(6);
  });
});
