// The README is tested: its quick start and headless walkthrough run as written
// (bash, `postctl` on PATH as after `npm link`) against the emulator, its command
// index equals the command tree, and it stays a short front door.
import { execFile } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/entry/program.js';
import { commandIndex, groupMarkdown, indexMarkdown } from '../../src/help/command-index.js';
import { BIN, baseEnv, tempDir } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(root, 'README.md'), 'utf8');

/** The fenced sh block after `<!-- tested: name -->`. */
function block(name: string): string {
  const m = new RegExp(`<!-- tested: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(README);
  if (!m) throw new Error(`README.md has no tested block "${name}"`);
  return m[1]!;
}

/** A directory with `postctl` in it, as `npm link` would give. */
function linkedPath(): string {
  const dir = tempDir('postctl-bin-');
  writeFileSync(join(dir, 'postctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(dir, 'postctl'), 0o755);
  return `${dir}:${process.env.PATH}`;
}

const bash = (script: string, env: Record<string, string | undefined>, input?: string) => {
  const run = exec('bash', ['-e', '-o', 'pipefail', '-c', script], {
    env: env as NodeJS.ProcessEnv,
    timeout: 30_000,
    maxBuffer: 10 * 1024 * 1024,
  });
  if (input !== undefined) run.child.stdin!.end(input);
  return run;
};

describe('README', () => {
  it('the quick start, pasted into bash with a fresh config dir, runs to the end with exit 0 (30 s bound)', async () => {
    const script = block('quick-start');
    expect(script.split('\n').filter((l) => l.startsWith('postctl') || l.startsWith('eval')).length).toBeGreaterThanOrEqual(5);
    const dir = tempDir();
    const { stdout, stderr } = await bash(script, { ...baseEnv(dir), PATH: linkedPath() });
    // Piped, so JSON and CSV: the lookups, the accounts, the dry run and the CSV all printed.
    expect(stdout).toContain('"username": "emu_dev"');
    expect(stdout).toContain('18ce54d4x5t');
    expect(stdout).toMatch(/^id,text,public_metrics\.retweet_count,/m);
    expect(stderr).toContain('stopped the emulator');
  }, 40_000);

  it('the headless walkthrough logs in with the PIN the authorize page shows', async () => {
    const emu = await testEmulator();
    try {
      const seeded = emu.env();
      const dir = tempDir();
      const env = {
        ...baseEnv(dir),
        PATH: linkedPath(),
        POSTCTL_API_URL: seeded.POSTCTL_API_URL,
        POSTCTL_ADS_URL: seeded.POSTCTL_ADS_URL,
        CONSUMER_KEY: seeded.POSTCTL_CONSUMER_KEY,
        CONSUMER_SECRET: seeded.POSTCTL_CONSUMER_SECRET,
      };
      const [start, ...finish] = block('headless').trim().split('\n');
      const step1 = await bash(start!, env);
      const { authorize_url: url } = JSON.parse(step1.stdout) as { authorize_url: string };
      const page = await (await fetch(url)).text();
      const pin = /PIN: (\d+)/.exec(page)![1]!;
      const rest = await bash(finish.join('\n'), { ...env, PIN: pin });
      expect(rest.stderr, rest.stdout).toContain('logged in as @');
      expect(rest.stdout).toMatch(/"check": \{\s+"ok": true/);
      expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('access_token');
    } finally {
      await emu.close();
    }
  }, 40_000);

  it('the command index is the command tree: one line per verb in docs/commands.md, per top-level word in the README', async () => {
    const between = (text: string) => /<!-- commands:start[^\n]*-->\n([\s\S]*?)<!-- commands:end -->/.exec(text)![1]!;
    const program = await buildProgram();
    const entries = commandIndex(program);
    const verbs = between(readFileSync(join(root, 'docs', 'commands.md'), 'utf8'));
    expect(verbs, 'docs/commands.md is stale: run npm run gen').toBe(indexMarkdown(entries));
    expect(verbs).toContain('- `postctl ads line-items get <line_item_id>` — ');
    expect(verbs).toContain('- `postctl emulator stop` — ');
    const groups = between(README);
    expect(groups, 'README.md is stale: run npm run gen').toBe(groupMarkdown(program, entries));
    expect(groups).toMatch(/^- `postctl ads` — .* \(\d+ commands\)$/m);
    expect(groups).toMatch(/^- `postctl users` — /m);
  });

  it('is a front door: at most 300 lines, links to each docs page that exists', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(300);
    for (const page of [
      'auth',
      'platform',
      'ads',
      'catalogs',
      'audiences',
      'creatives',
      'cron-and-failures',
      'emulator',
      'performance',
      'architecture',
    ]) {
      expect(README).toContain(`(docs/${page}.md)`);
      expect(readFileSync(join(root, 'docs', `${page}.md`), 'utf8')).toMatch(/^# /);
    }
    // Benchmark tables live in docs/performance.md only.
    expect(README).not.toMatch(/wall ÷ ideal|peak RSS/);
  });
});
