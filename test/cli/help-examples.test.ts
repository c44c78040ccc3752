// Every `--help` example of every verb — reading and writing — runs against a fresh emulator and exits 0
// (issue 27; the runner, its files and prior steps: test/helpers/examples.ts). The few that cannot end by
// themselves (a browser login, an endless stream, a foreground server) are listed there with the reason and
// checked here to still exist, so the list cannot hide a renamed example.
import { describe, expect, it } from 'vitest';
import { SpecNode, specTree } from '../../src/commands/define.js';
import { BUILTINS, GROUPS } from '../../src/commands/groups.js';
import { NOT_RUN, runExampleInTurn } from '../helpers/examples.js';

async function allExamples(): Promise<string[]> {
  const root = new SpecNode('postctl');
  for (const entry of [...GROUPS, ...BUILTINS]) (await entry.register())(specTree(root));
  const out = new Set<string>();
  const walk = (node: SpecNode) => {
    for (const e of node.verb?.examples ?? []) out.add(e);
    for (const child of node.children.values()) walk(child);
  };
  walk(root);
  return [...out];
}

const examples = await allExamples();
const runnable = examples.filter((e) => !(e in NOT_RUN));

describe('--help examples run against the emulator', () => {
  it('there are many of them, reading and writing, and every one left out is still an example', () => {
    expect(runnable.length).toBeGreaterThan(300);
    expect(Object.keys(NOT_RUN).filter((e) => !examples.includes(e))).toEqual([]);
  });

  it.concurrent.each(runnable)('%s', (example) => runExampleInTurn(example));
});
