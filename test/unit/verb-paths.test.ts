// Command path = file path: every verb is the default export of
// src/commands/<words>.ts (or <words>/index.ts), every other file there is a
// helper named _*.ts, and the generated manifests list exactly these verbs
// with their current declarations.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isVerb, optionList, type Manifest } from '../../src/commands/define.js';

const root = join(import.meta.dirname, '..', '..');
const commands = join(root, 'src', 'commands');
const manifests = join(commands, 'manifest');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === manifests ? [] : files(path);
    return e.name.endsWith('.ts') && !(dir === commands && ['define.ts', 'groups.ts'].includes(e.name)) ? [path] : [];
  });
}

const rel = (f: string): string => relative(commands, f).split(sep).join('/');
const wordsOf = (f: string): string[] => {
  const parts = rel(f).slice(0, -3).split('/');
  return parts.at(-1) === 'index' ? parts.slice(0, -1) : parts;
};

async function manifestVerbs(): Promise<Manifest['verbs']> {
  const out: Array<Manifest['verbs'][number]> = [];
  for (const f of readdirSync(manifests).filter((n) => n.endsWith('.ts') && n !== 'index.ts')) {
    const m = (await import(pathToFileURL(join(manifests, f)).href)) as { MANIFEST: Manifest };
    out.push(...m.MANIFEST.verbs);
  }
  return out;
}

describe('verb files', () => {
  it('each verb sits at the path of its command words; other files are _helpers', async () => {
    const listed = await manifestVerbs();
    const seen = new Set<string>();
    for (const file of files(commands)) {
      const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
      if (!isVerb(mod.default)) {
        const name = rel(file);
        expect(name.split('/').at(-1)!.startsWith('_'), `${name} is neither a verb nor a _helper`).toBe(true);
        continue;
      }
      const words = wordsOf(file);
      expect(mod.default.name.split(' ')[0], `${rel(file)} declares another verb`).toBe(words.at(-1));
      const entry = listed.find((v) => v.words.join(' ') === words.join(' '));
      expect(entry, `postctl ${words.join(' ')} is missing from the manifest (npm run gen)`).toBeDefined();
      const { load: _load, words: _words, ...declared } = entry!;
      const { verb: _verb, run: _run, options, ...own } = mod.default;
      // The manifest lists the keyed flags as the parsers take them (optionList).
      const expected = options ? { ...own, options: optionList(options) } : own;
      expect(declared, `manifest entry of postctl ${words.join(' ')} is out of date (npm run gen)`).toEqual(
        JSON.parse(JSON.stringify(expected)),
      );
      seen.add(words.join(' '));
    }
    expect(
      listed.map((v) => v.words.join(' ')).filter((w) => !seen.has(w)),
      'manifest verbs without a file',
    ).toEqual([]);
  });

  it('the committed manifests are what scripts/manifest.mjs writes', () => {
    const check = spawnSync(process.execPath, [join(root, 'scripts', 'manifest.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('options keyed by attribute', () => {
  it("a key that is not its flag's attribute is refused; a negate entry lists its --no- twin after it", () => {
    expect(() => optionList({ dry: { flags: '--dry-run', description: 'x' } })).toThrow(
      /option key 'dry' does not match its flags '--dry-run' \(dryRun\)/,
    );
    expect(
      optionList({ fetch: { flags: '--no-fetch', description: 'skip' }, wait: { flags: '--wait', description: 'w', negate: 'nw' } }),
    ).toEqual([
      { flags: '--no-fetch', description: 'skip' },
      { flags: '--wait', description: 'w' },
      { flags: '--no-wait', description: 'nw' },
    ]);
    expect(optionList({ bid: { flags: '--bid <amount>', description: 'b', wire: 'bid_amount_local_micro', type: 'money' } })).toEqual([
      { flags: '--bid <amount>', description: 'b' },
    ]);
  });
});
