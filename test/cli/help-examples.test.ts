// Every --help example of the reading verbs (list, get, lookup, search, counts, status, history, …) runs
// against the emulator and exits 0 (issue 27): an example ends in data from the emulator's seed, never in
// "not found". The files examples name are made here; pipes run in bash with `postctl` on PATH.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpecNode, specTree, type VerbSpec } from '../../src/commands/define.js';
import { BUILTINS, GROUPS } from '../../src/commands/groups.js';
import { linkedDir, shellRun } from '../helpers/shell.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const READING = /^(list|get|lookup|search|counts|status|history|apps|business-categories|targeted|keywords|audience-estimate)$/;
// The emulator seeds no product catalog: a catalog's id is made by `catalogs create` (see docs/catalogs.md).
const NEEDS_A_CATALOG = /^postctl catalogs (products|sets get) 1456789\b/;

async function readingExamples(): Promise<string[]> {
  const root = new SpecNode('postctl');
  for (const entry of [...GROUPS, ...BUILTINS]) (await entry.register())(specTree(root));
  const specs: VerbSpec[] = [];
  const walk = (node: SpecNode, words: string[]) => {
    if (node.verb && READING.test(words.at(-1) ?? '') && !specs.includes(node.verb)) specs.push(node.verb);
    for (const [word, child] of node.children) walk(child, [...words, word]);
  };
  walk(root, []);
  return specs.flatMap((s) => s.examples).filter((e) => !NEEDS_A_CATALOG.test(e));
}

const examples = await readingExamples();
const dir = linkedDir('postctl-examples-');
writeFileSync(join(dir, 'targeting.json'), JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }]));
writeFileSync(join(dir, 'ids.txt'), '20\n21\n');
writeFileSync(join(dir, 'handles.txt'), '@alice\n1000000002\n');
writeFileSync(join(dir, 'export.tsv'), '20\tfirst\n21\tsecond\n');

describe('--help examples of the reading verbs run against the emulator', () => {
  it('there are many of them', () => {
    expect(examples.length).toBeGreaterThan(70);
  });

  it.each(examples)('%s', async (example) => {
    const r = await shellRun(example, dir, emu.cliEnv());
    expect(r.code, r.stderr).toBe(0);
  });
});
