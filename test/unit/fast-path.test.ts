// The launcher's fast path and commander must read argv the same way: every
// example of every verb, and a set of edge cases, are parsed both ways and the
// verb, arguments and options compared. Where the fast path declines, commander
// must be the one to decide (help, errors).
import { describe, expect, it, vi } from 'vitest';
import { SpecNode, specTree, parsedVerb, type VerbSpec } from '../../src/commands/define.js';
import { BUILTINS, GROUPS } from '../../src/commands/groups.js';
import { resolveVerb } from '../../src/entry/fast-path.js';
import { buildProgram } from '../../src/entry/program.js';

interface Seen {
  spec: VerbSpec;
  args: string[];
  opts: Record<string, unknown>;
  globals: Record<string, unknown>;
}

let seen: Seen | undefined;

/** Commander's reading of argv: the verb it would run, or the error code it stops with. */
async function viaCommander(argv: string[]): Promise<Seen | string> {
  seen = undefined;
  const program = await buildProgram(argv);
  const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await program.parseAsync(['node', 'postctl', ...argv]);
    seen = parsedVerb(program);
    return seen ?? 'no verb';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  } finally {
    quiet.mockRestore();
    out.mockRestore();
  }
}

/** The words after `postctl` in an example, split as a shell would (variables become VALUE). */
function exampleArgv(example: string): string[] | undefined {
  const at = example.indexOf('postctl ');
  if (at < 0) return undefined;
  const text = example.slice(at + 'postctl '.length);
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") [quote, started] = [c, true];
    else if (/\s/.test(c)) {
      if (started) words.push(word);
      [word, started] = ['', false];
    } else if ('|;&<>#)'.includes(c) || (c === '2' && text[i + 1] === '>')) break;
    else [word, started] = [word + c, true];
  }
  if (started) words.push(word);
  return words.map((w) => w.replace(/\$\([^)]*\)|\$\{?[A-Z_]+\}?/g, 'VALUE'));
}

/** Every verb's examples, read from the declarations themselves. */
async function examples(): Promise<string[][]> {
  const root = new SpecNode('postctl');
  for (const entry of [...GROUPS, ...BUILTINS]) (await entry.register())(specTree(root));
  const specs: VerbSpec[] = [];
  const walk = (node: SpecNode) => {
    if (node.verb && !specs.includes(node.verb)) specs.push(node.verb);
    node.children.forEach(walk);
  };
  walk(root);
  return specs.flatMap((s) => s.examples.map(exampleArgv).filter((a): a is string[] => a !== undefined));
}

const EDGE_CASES: string[][] = [
  ['-o', 'json', 'posts', 'lookup', '20'],
  ['posts', 'lookup', '20', '--json'],
  ['posts', '--output=csv', 'lookup', '20', '21'],
  ['posts', 'lookup', '-ojsonl', '20', '--no-color', '--verbose'],
  ['posts', 'lookup', '20', '--post-fields', 'a,b', '--post-fields=c', '--expansions', 'author_id'],
  ['posts', 'lookup', '20', '--auth', 'bogus'],
  ['posts', 'lookup', '20', '--nope'],
  ['posts', 'lookup', '20', '--help'],
  ['posts', 'lookup', '--', '20'],
  ['posts', 'lookup', '20', '--timeout'],
  ['ads', 'line-items', 'update'],
  ['ads', 'line-items', 'update', '8u94t', 'extra'],
  ['ads', 'line-items', 'update', '8u94t', '--bid', '2.50', '--entity-status', 'PAUSED', '-y'],
  ['ads', 'line-items', 'get', '8u94t', '--profile', 'other', '--max-wait', '5'],
  ['request', 'GET', '/2/tweets', '-f', 'ids=1', '-f', 'x=-o', '-H', 'a:b', '-i'],
  ['request', 'GET', '/2/tweets', '-fids=1'],
  ['emulator', '--no-approve', '--port', '0'],
  ['config', 'get', 'api_url'],
  ['auth', 'status', '--no-input'],
  ['help', 'posts'],
  ['posts'],
  ['nope'],
  [],
  ['-V'],
];

describe('the fast path parses argv as commander does', async () => {
  const verbExamples = await examples();

  it('finds every verb example (the check can fail)', () => {
    expect(verbExamples.length).toBeGreaterThan(150);
  });

  async function compare(argv: readonly string[], mustResolve: boolean): Promise<void> {
    const fast = await resolveVerb(argv);
    const commander = await viaCommander([...argv]);
    if (!fast) {
      // Declined: commander alone decides, as it did before the fast path existed.
      if (mustResolve)
        expect.fail(
          `the fast path declined a valid example: ${argv.join(' ')} (commander: ${typeof commander === 'string' ? commander : 'runs it'})`,
        );
      return;
    }
    if (typeof commander === 'string') expect.fail(`the fast path runs what commander refuses (${commander}): ${argv.join(' ')}`);
    expect(fast.spec.name).toBe(commander.spec.name);
    expect(fast.spec.description).toBe(commander.spec.description);
    expect(fast.args).toEqual(commander.args);
    expect(fast.opts).toEqual(commander.opts);
    expect(fast.globals).toEqual(commander.globals);
  }

  // `emulator stop|status`, `mcp bridge`, `ads stats active|reach|jobs …` and `ads sync status` are verbs below a verb: commander's (see fast-path.ts).
  const belowVerb = (argv: readonly string[]) =>
    (argv[0] === 'emulator' && ['stop', 'status'].includes(argv[1] ?? '')) ||
    (argv[0] === 'mcp' && argv[1] === 'bridge') ||
    (argv[0] === 'ads' && argv[1] === 'stats' && ['active', 'reach', 'jobs'].includes(argv[2] ?? '')) ||
    (argv[0] === 'ads' && argv[1] === 'sync' && argv[2] === 'status');
  it.each(verbExamples.map((c) => [c.join(' '), c] as const))('example: %s', (_name, argv) => compare(argv, !belowVerb(argv)));
  it.each(EDGE_CASES.map((c) => [c.join(' '), c] as const))('edge case: %s', (_name, argv) => compare(argv, false));

  it('declines what commander must answer (help, errors, unknown words)', async () => {
    for (const argv of [
      ['posts', 'lookup', '20', '--help'],
      ['posts', 'lookup', '20', '--nope'],
      ['posts', 'lookup', '20', '--auth', 'bogus'],
      ['ads', 'line-items', 'get'],
      ['ads', 'line-items', 'get', '8u94t', 'extra'],
      ['posts'],
      ['nope'],
      [],
      ['help', 'posts'],
    ]) {
      expect(await resolveVerb(argv), argv.join(' ')).toBeUndefined();
    }
  });
});
