// Help fitted to the screen (issue 27): at 80 columns no line is wider and no word is broken, on a real
// terminal, through the launcher's prebuilt texts and through commander alike.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, tempDir } from '../helpers/cli.js';
import { terminal } from '../helpers/terminal.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = baseEnv(tempDir());
const run = (file: string, args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, [file, ...args], { env: { ...env, ...extra }, encoding: 'utf8' });
const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));
// Every word of the unwrapped text, in order: wrapping may only move line breaks, never split a word.
const words = (text: string) => text.split(/\s+/).filter((w) => w && w !== '\\');

describe('help at the width of the screen', () => {
  it('ads line-items update --help on an 80-column terminal: fits, no word broken, descriptions aligned', async () => {
    const term = terminal(['ads', 'line-items', 'update', '--help'], { ...env, POSTCTL_TEST_PTY_COLUMNS: '80' });
    expect(await term.exit).toBe(0);
    const text = term.transcript();
    expect(widest(text)).toBeLessThanOrEqual(80);
    const wide = run(BIN, ['ads', 'line-items', 'update', '--help'], { COLUMNS: '100000' }).stdout;
    expect(words(text)).toEqual(words(wide));
    // The --goal description's continuation lines start in the description column.
    const lines = text.split('\n');
    const goal = lines.findIndex((l) => l.startsWith('  --goal <value>'));
    const column = lines[goal]!.indexOf('optimization goal');
    expect(lines[goal + 1]!.slice(0, column).trim()).toBe('');
    expect(lines[goal + 1]![column]).not.toBe(' ');
  });

  it.each([60, 80, 100])('launcher and commander print the same help at %i columns, and it fits', (cols) => {
    for (const args of [['ads', '--help'], ['ads', 'line-items', 'update', '--help'], ['--help'], ['help', 'globals']]) {
      const viaLauncher = run(BIN, args, { COLUMNS: String(cols) });
      const viaCommander = run(join(root, 'dist/cli.js'), args, { COLUMNS: String(cols) });
      expect(viaLauncher.status, args.join(' ')).toBe(0);
      expect(viaLauncher.stdout, args.join(' ')).toBe(viaCommander.stdout);
      expect(widest(viaLauncher.stdout), args.join(' ')).toBeLessThanOrEqual(cols);
    }
  });

  it('a group command list wraps the same way at 100 columns (not 150)', () => {
    const text = run(BIN, ['ads', '--help'], { COLUMNS: '100' }).stdout;
    expect(widest(text)).toBeLessThanOrEqual(100);
    expect(text).toMatch(/\n {2}accounts {2,}ad accounts: list, show, rename, apps, change history; sandbox\n {30,40}accounts\n/);
  });
});
