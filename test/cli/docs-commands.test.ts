// The reading commands shown in the README and docs/ (list, get, lookup, search, counts, status, history, …)
// run against the emulator and exit 0 (issue 27). Synopsis lines (with [optional] parts) and the catalog
// commands (the emulator seeds no catalog; docs/catalogs.md creates one first) are left out, as are
// placeholders and $VARIABLEs of walkthroughs (test/cli/campaigns-walkthrough.test.ts runs docs/campaigns.md).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { linkedDir, shellRun } from '../helpers/shell.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const root = fileURLToPath(new URL('../..', import.meta.url));
const READING = new Set([
  'list',
  'get',
  'lookup',
  'search',
  'counts',
  'status',
  'history',
  'apps',
  'business-categories',
  'targeted',
  'keywords',
]);

function readingCommands(): Array<[string, string]> {
  const files = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).map((f) => join(root, 'docs', f))].filter((f) =>
    f.endsWith('.md'),
  );
  const out: Array<[string, string]> = [];
  for (const file of files) {
    for (const [, block] of readFileSync(file, 'utf8').matchAll(/```(?:sh|console)\n([\s\S]*?)```/g)) {
      for (let line of block!.replace(/\\\n\s*/g, ' ').split('\n')) {
        line = line.trim().replace(/^\$ /, '');
        // Synopsis lines ([optional] parts, <placeholders>) and walkthrough steps that need an
        // earlier step's $VARIABLE are not runnable as written (the walkthroughs run in their own tests).
        if (!line.startsWith('postctl ') || /[[<$]/.test(line.replace(/\s+#.*$/, ''))) continue;
        const words = line
          .split(/\s+/)
          .slice(1, 5)
          .filter((w) => /^[a-z][a-z-]*$/.test(w));
        if (!words.some((w) => READING.has(w)) || /^postctl catalogs (products|sets)/.test(line)) continue;
        out.push([`${file.slice(root.length)}: ${line}`, line.replace(/\s+#.*$/, '')]);
      }
    }
  }
  return out;
}

const commands = readingCommands();
const dir = linkedDir('postctl-docs-');
writeFileSync(join(dir, 'ids.txt'), '20\n21\n');

describe('reading commands of the docs run against the emulator', () => {
  it('there are many of them', () => {
    expect(commands.length).toBeGreaterThan(40);
  });

  it.each(commands)('%s', async (_name, command) => {
    const r = await shellRun(command, dir, emu.cliEnv());
    expect(r.code, r.stderr).toBe(0);
  });
});
