// The sweep rows (test/helpers/verb-rows.ts) in a second, before the sweeps that run them take minutes: every
// verb of the tree has one (its first example's argv or an override), an override is there only where the
// example cannot serve, and a verb whose example is no argv is named with the reason.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { exampleArgv, firstExamples, shellWords } from '../helpers/example-argv.js';
import { allVerbs, verbRows } from '../helpers/verb-rows.js';

describe('sweep rows', () => {
  it('every verb of the tree has a row, and no override repeats what its first example gives', async () => {
    const rows = await verbRows(tempDir('postctl-rows-'), 'rows-consumer-key');
    const verbs = await allVerbs();
    expect(Object.keys(rows).sort()).toEqual(verbs);
    const examples = await firstExamples();
    // An override with nothing but the example's own argv: delete it from test/helpers/verb-rows.ts.
    const redundant = Object.entries(rows).filter(([verb, row]) => {
      if (row.example !== undefined || Object.keys(row).length > 1) return false;
      const derived = exampleArgv(verb, examples.get(verb));
      return 'args' in derived && JSON.stringify(derived.args) === JSON.stringify(row.args);
    });
    expect(redundant.map(([verb]) => verb)).toEqual([]);
    // Most verbs need no row of their own.
    expect(Object.values(rows).filter((r) => r.example !== undefined).length).toBeGreaterThan(verbs.length / 2);
  });

  it('an example becomes an argv: quotes kept together, the output format left to the sweep', () => {
    expect(shellWords(`postctl posts search "coffee -is:retweet" --tag 'a b' x\\ y`)).toEqual([
      'postctl',
      'posts',
      'search',
      'coffee -is:retweet',
      '--tag',
      'a b',
      'x y',
    ]);
    expect(exampleArgv('lists posts', 'postctl lists posts 1800000000000000001 --limit 50 -o jsonl')).toEqual({
      args: ['lists', 'posts', '1800000000000000001', '--limit', '50'],
    });
    expect(exampleArgv('ads cards create', `postctl ads cards create --name "Spring | sale #1"`)).toEqual({
      args: ['ads', 'cards', 'create', '--name', 'Spring | sale #1'],
    });
  });

  it('an example that is no argv is a reason naming it', () => {
    expect(exampleArgv('openapi', 'postctl openapi > openapi.json')).toEqual({
      reason: 'its first example uses shell syntax: postctl openapi > openapi.json',
    });
    expect(exampleArgv('webhooks verify-signature', 'postctl webhooks verify-signature --signature "$SIG"')).toMatchObject({
      reason: expect.stringContaining('shell syntax'),
    });
    expect(exampleArgv('completion', 'postctl completion bash   # print it')).toMatchObject({
      reason: expect.stringContaining('shell syntax'),
    });
    expect(exampleArgv('ads line-items get', 'postctl ads line-items list')).toEqual({
      reason: 'its first example does not start with `postctl ads line-items get`: postctl ads line-items list',
    });
    expect(exampleArgv('users me', undefined)).toEqual({ reason: 'it declares no example' });
  });
});
