// Every --help example of the reading verbs (list, get, lookup, search, counts, status, history, …) runs
// against the emulator and exits 0 (issue 27): an example ends in data from the emulator's seed, never in
// "not found". The files examples name are made here; pipes run in bash with `postctl` on PATH.
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { asParent, SpecNode, type VerbSpec } from '../../src/commands/define.js';
import { BUILTINS, GROUPS } from '../../src/commands/groups.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const exec = promisify(execFile);
const emu = fileEmulator();
const READING = /^(list|get|lookup|search|counts|status|history|apps|business-categories|targeted|keywords|audience-estimate)$/;
// The emulator seeds no product catalog: a catalog's id is made by `catalogs create` (see docs/catalogs.md).
const NEEDS_A_CATALOG = /^postctl catalogs (products|sets get) 1456789\b/;

async function readingExamples(): Promise<string[]> {
  const root = new SpecNode('postctl');
  for (const entry of [...GROUPS, ...BUILTINS]) (await entry.register())(asParent(root));
  const specs: VerbSpec[] = [];
  const walk = (node: SpecNode, words: string[]) => {
    if (node.verb && READING.test(words.at(-1) ?? '') && !specs.includes(node.verb)) specs.push(node.verb);
    for (const [word, child] of node.children) walk(child, [...words, word]);
  };
  walk(root, []);
  return specs.flatMap((s) => s.examples).filter((e) => !NEEDS_A_CATALOG.test(e));
}

const examples = await readingExamples();
const dir = tempDir('postctl-examples-');
writeFileSync(join(dir, 'targeting.json'), JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }]));
writeFileSync(join(dir, 'ids.txt'), '20\n21\n');
writeFileSync(join(dir, 'export.tsv'), '20\tfirst\n21\tsecond\n');
writeFileSync(join(dir, 'postctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
chmodSync(join(dir, 'postctl'), 0o755);

describe('--help examples of the reading verbs run against the emulator', () => {
  it('there are many of them', () => {
    expect(examples.length).toBeGreaterThan(70);
  });

  it.each(examples)('%s', async (example) => {
    const env = { ...emu.cliEnv(), PATH: `${dir}:${process.env.PATH}` } as NodeJS.ProcessEnv;
    const r = await exec('bash', ['-o', 'pipefail', '-c', `${example} > /dev/null`], { env, cwd: dir, timeout: 30_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(r.code, r.stderr).toBe(0);
  });
});
