// Packaging: `npm pack` of a staging copy (so the clean build does not touch
// the dist/ other tests use) produces a small tarball holding only what it
// needs; it installs globally into an empty prefix and runs on its own.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

describe('npm package', () => {
  it('packs only bin, dist, completions, README and package.json; installs into an empty prefix and runs', async () => {
    const stage = tempDir('postctl-stage-');
    for (const entry of [
      'package.json',
      'package-lock.json',
      'README.md',
      'tsconfig.json',
      'bin',
      'src',
      'scripts',
      'completions',
      'schemas',
    ])
      cpSync(join(root, entry), join(stage, entry), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'));
    const packed = JSON.parse(sh('npm', ['pack', '--json', '--loglevel=error'], stage))[0] as {
      filename: string;
      size: number;
      files: Array<{ path: string }>;
    };
    const files = packed.files.map((f) => f.path);
    for (const f of files)
      expect(f, f).toMatch(
        /^(bin\/((postctl|code-cache|safe-file|clock)\.js|package\.json)|dist\/.+\.js|dist\/chunks\/llhttp(_simd)?\.wasm|dist\/help\.txt|dist\/help\/[a-z0-9_-]+\.txt|completions\/.+|schemas\/[a-z-]+\.schema\.json|README\.md|package\.json|LICENSE)$/,
      );
    expect(files).toContain('dist/cli.js');
    expect(files).toContain('dist/chunks/llhttp_simd.wasm');
    expect(files).toContain('dist/help/ads_line-items.txt');
    expect(files).toContain('completions/postctl.bash');
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.map') || f.endsWith('meta.json'))).toBe(false);
    // Measured 1,767,475 bytes with the agency round (accounts at once, `ads sync` and `ads sql` with their store
    // code — the DuckDB and PostgreSQL drivers are dependencies, not packed — and the MCP tool texts, toolsets and
    // prompts). Measured 1,720,427 bytes with the client report (HTML page, KPI strip, charts), exactly-once posting, resuming
    // streams and paging, dry runs on every write verb, webhooks listen and the injectable world (1,664,160 before
    // them). Measured 1,664,160 bytes with the change journal and ads history, plan/apply's live and ownership rules, the
    // hardening round's input and credential rules and the run clock (1,578,937 before them, with the MCP
    // server's chunk and the platform verbs of round three).
    expect(packed.size).toBeLessThan(1_800_000);

    const prefix = tempDir('postctl-prefix-');
    const home = tempDir('postctl-home-');
    // A new HOME, but the machine's npm settings (registry, CA file) still apply: they live in the real
    // user's .npmrc. The real npm cache too, preferred to the registry: the dependencies `npm ci` just
    // fetched are not fetched again (content-addressed, safe to share; 22 s of a busy suite run before).
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('POSTCTL_')));
    const userconfig = join(homedir(), '.npmrc');
    const env = {
      ...inherited,
      PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
      HOME: home,
      POSTCTL_CONFIG_DIR: home,
      NO_COLOR: '1',
      npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
      npm_config_prefer_offline: 'true',
      ...(existsSync(userconfig) ? { npm_config_userconfig: userconfig } : {}),
    };
    sh(
      'npm',
      ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', join(stage, packed.filename)],
      home,
      env,
    );
    const bin = join(prefix, 'bin', 'postctl');
    expect(existsSync(bin)).toBe(true);
    const pkg = JSON.parse(sh('cat', [join(root, 'package.json')], root));
    expect(sh(bin, ['--version'], home, env).trim()).toBe(pkg.version);

    const emu = spawn(bin, ['emulator', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const emuEnv = await new Promise<Record<string, string>>((resolve, reject) => {
        emu.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          if (out.includes('POSTCTL_ADS_ACCOUNT='))
            resolve(
              Object.fromEntries(
                out
                  .trim()
                  .split('\n')
                  .map((l) => l.replace(/^export /, '').split('=') as [string, string]),
              ),
            );
        });
        emu.on('exit', (c) => reject(new Error(`emulator exited ${c}`)));
      });
      const r = spawnSync(bin, ['request', 'GET', '/2/posts', '-f', 'ids=42'], { env: { ...env, ...emuEnv }, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout).data[0].id).toBe('42');
      // Packages the Node 20 API script imports on demand (chalk, cli-table3) resolve from the installed package.
      const table = spawnSync(bin, ['posts', 'lookup', '42', '-o', 'table'], {
        env: { ...env, ...emuEnv, FORCE_COLOR: '1', NO_COLOR: '' },
        encoding: 'utf8',
      });
      expect(table.stderr).toBe('');
      expect(table.status).toBe(0);
      expect(table.stdout).toContain('\u001b[1mid\u001b[22m');
      expect(table.stdout).toMatch(/^.*\n42 /m);
    } finally {
      emu.kill('SIGTERM');
    }
  }, 180_000);
});
