// The checked-in completion scripts must be exactly what the command tree
// generates (run `npm run gen` after changing commands or flags).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FILES = { bash: 'completions/postctl.bash', zsh: 'completions/_postctl', fish: 'completions/postctl.fish' } as const;

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

describe('shell completions', () => {
  it.each(Object.entries(FILES))('%s script is fresh', async (shell, file) => {
    const r = await runCli(['completion', shell]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, file), 'utf8'), `${file} is stale: run npm run gen`).toBe(r.stdout);
  });

  it('bash completes verbs, flags and enum values', () => {
    const script = `source ${join(root, FILES.bash)}
t() { COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _postctl; echo "\${COMPREPLY[*]}"; }
t postctl con; t postctl config ''; t postctl config list --output ''; t postctl --profile x -o j`;
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      'connections config',
      'get set unset list path',
      // html and yaml are global choices that only ads stats and ads export accept (other verbs refuse
      // them with exit 2).
      'table json jsonl csv html yaml',
      'json jsonl',
    ]);
  });

  it('profile names complete from the config file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ default_profile: 'work', profiles: { work: {}, home: {} } }), { mode: 0o600 });
    const r = await runCli(['__profiles'], { env: { PATH: process.env.PATH!, POSTCTL_CONFIG_DIR: dir } });
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(['home', 'work']);
  });

  it('a hand-edited profile named $(touch pwned) runs no code on Tab (bash) and is not offered', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { '$(touch pwned)': {}, '`touch pwned2`': {}, work: {}, 'w*': {} } }),
      { mode: 0o600 },
    );
    const bin = tempDir();
    writeFileSync(join(bin, 'postctl'), `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'bin/postctl.js')}" "$@"\n`, { mode: 0o755 });
    const script = `source ${join(root, FILES.bash)}
t() { COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _postctl; printf '%s|' "\${COMPREPLY[@]}"; echo; }
t postctl --profile ''; t postctl --profile w; t postctl --profile '$'`;
    const r = spawnSync('bash', ['-c', script], {
      encoding: 'utf8',
      cwd: dir,
      env: { PATH: `${bin}:${process.env.PATH}`, POSTCTL_CONFIG_DIR: dir, HOME: dir },
    });
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['work|', 'work|', '|']);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(existsSync(join(dir, 'pwned2'))).toBe(false);
    // The script on its own: even a postctl that printed such a name would not have it run.
    writeFileSync(join(bin, 'postctl'), `#!/bin/sh\nprintf '%s\\n' '$(touch pwned3)' '\`touch pwned4\`' work\n`, { mode: 0o755 });
    const raw = spawnSync('bash', ['-c', script], { encoding: 'utf8', cwd: dir, env: { PATH: `${bin}:${process.env.PATH}` } });
    expect(raw.stdout.split('\n')[0]).toBe('$(touch pwned3)|`touch pwned4`|work|');
    expect(existsSync(join(dir, 'pwned3'))).toBe(false);
    expect(existsSync(join(dir, 'pwned4'))).toBe(false);
  });

  it.runIf(has('zsh'))('zsh script parses', () => {
    expect(spawnSync('zsh', ['-n', join(root, FILES.zsh)], { encoding: 'utf8' }).status).toBe(0);
  });
  it.runIf(has('fish'))('fish script parses', () => {
    const r = spawnSync('fish', ['--no-execute', join(root, FILES.fish)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const c = spawnSync(
      'fish',
      ['-c', `source ${join(root, FILES.fish)}; complete -C "postctl config "; echo ---; complete -C "postctl config list --output "`],
      { encoding: 'utf8' },
    );
    const [verbs, formats] = c.stdout.split('---\n');
    expect(
      verbs!
        .split('\n')
        .map((l) => l.split('\t')[0])
        .filter(Boolean),
    ).toEqual(['get', 'list', 'path', 'set', 'unset']);
    expect(
      formats!
        .split('\n')
        .map((l) => l.split('\t')[0])
        .filter(Boolean),
      // html and yaml are global choices only ads stats and ads export accept (others refuse them, exit 2).
    ).toEqual(['csv', 'html', 'json', 'jsonl', 'table', 'yaml']);
  });
});

describe('lazy command groups', () => {
  it("stub descriptions equal the groups' own, so top-level help never drifts", async () => {
    const { buildProgram } = await import('../../src/entry/program.js');
    const describeTop = (p: Awaited<ReturnType<typeof buildProgram>>) => p.commands.map((c) => [c.name(), c.description()]);
    expect(describeTop(await buildProgram([]))).toEqual(describeTop(await buildProgram()));
  });
});
