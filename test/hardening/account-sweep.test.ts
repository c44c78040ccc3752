// `--account` reaches every ads verb that shows it in its help, in every spelling: after the verb
// (`--account acc1`, `--account=acc1`), before its arguments, and — below a verb that has the flag
// too (`ads stats` and `ads stats jobs list`) — before the sub-verb's words. The verbs come from the
// command manifests; each argv is parsed by commander and by the launcher's fast path, and the verb
// that runs must see acc1. Three runs of the built CLI against the emulator check the end to end.
import { describe, expect, it, vi } from 'vitest';
import { SpecNode, specTree, parsedVerb, type VerbSpec } from '../../src/commands/define.js';
import { GROUPS } from '../../src/commands/groups.js';
import { resolveVerb } from '../../src/entry/fast-path.js';
import { buildProgram } from '../../src/entry/program.js';
import { fileEmulator } from '../helpers/emulator.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';

let seen: { spec: VerbSpec; opts: Record<string, unknown> } | undefined;

async function viaCommander(argv: string[]): Promise<{ spec: VerbSpec; opts: Record<string, unknown> } | string> {
  seen = undefined;
  const program = await buildProgram(argv);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await program.parseAsync(['node', 'postctl', ...argv]);
    seen = parsedVerb(program);
    return seen ?? 'no verb';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  } finally {
    err.mockRestore();
    out.mockRestore();
  }
}

interface AdsVerb {
  words: string[];
  spec: VerbSpec;
  /** How many leading words end at a verb that also takes --account (where the flag may stand before the rest). */
  flagStops: number[];
}

const hasAccount = (spec: VerbSpec | undefined): boolean => Boolean(spec?.options?.some((o) => o.flags.startsWith('--account ')));

/** Every verb under `ads` from the manifests, with the places --account may stand. */
async function adsVerbs(): Promise<AdsVerb[]> {
  const root = new SpecNode('postctl');
  (await GROUPS.find((g) => g.word === 'ads')!.register())(specTree(root));
  const out: AdsVerb[] = [];
  const walk = (node: SpecNode, words: string[], stops: number[]) => {
    for (const [name, child] of node.children) {
      if (child.verb && child.verb.name.split(' ')[0] !== name) continue; // an alias: the verb is listed under its name
      const path = [...words, name];
      const here = hasAccount(child.verb) && child.children.size ? [...stops, path.length] : stops;
      if (child.verb) out.push({ words: path, spec: child.verb, flagStops: stops });
      walk(child, path, here);
    }
  };
  walk(root.children.get('ads')!, ['ads'], []);
  return out;
}

/** Placeholder values for the verb's required arguments ('get <id>' → ['1']). */
const requiredArgs = (spec: VerbSpec): string[] =>
  spec.name
    .split(' ')
    .slice(1)
    .filter((a) => a.startsWith('<'))
    .map(() => '1');

// In order: commander's runs share `seen`.
describe('--account on every ads verb that shows it', async () => {
  const verbs = await adsVerbs();
  const withFlag = verbs.filter((v) => hasAccount(v.spec));

  it('finds the ads verbs and the ones below a verb (the sweep can fail)', () => {
    expect(withFlag.length).toBeGreaterThan(60);
    expect(withFlag.map((v) => v.words.join(' '))).toEqual(
      expect.arrayContaining(['ads stats jobs list', 'ads stats jobs get', 'ads stats jobs cancel', 'ads line-items list']),
    );
    expect(withFlag.find((v) => v.words.join(' ') === 'ads stats jobs list')!.flagStops).toEqual([2]);
  });

  const cases = withFlag.flatMap((v) => {
    const args = requiredArgs(v.spec);
    const spellings: Array<[string, string[]]> = [
      ['after', [...v.words, ...args, '--account', 'acc1']],
      ['after, =', [...v.words, ...args, '--account=acc1']],
      ['before the arguments', [...v.words, '--account', 'acc1', ...args]],
      ...v.flagStops.flatMap(
        (stop): Array<[string, string[]]> => [
          [`before word ${stop + 1}`, [...v.words.slice(0, stop), '--account', 'acc1', ...v.words.slice(stop), ...args]],
          [`before word ${stop + 1}, =`, [...v.words.slice(0, stop), '--account=acc1', ...v.words.slice(stop), ...args]],
        ],
      ),
    ];
    return spellings.map(([how, argv]) => [`${v.words.join(' ')} (${how})`, v.spec, argv] as const);
  });

  it.each(cases)('%s', async (_name, spec, argv) => {
    const commander = await viaCommander([...argv]);
    if (typeof commander === 'string') expect.fail(`commander refuses ${argv.join(' ')}: ${commander}`);
    expect([commander.spec.name, commander.spec.description]).toEqual([spec.name, spec.description]);
    expect(commander.opts.account, argv.join(' ')).toBe('acc1');
    const fast = await resolveVerb(argv);
    // The fast path may leave argv to commander; when it takes it, it reads the same.
    if (fast) {
      expect(fast.spec.name).toBe(spec.name);
      expect(fast.opts.account, argv.join(' ')).toBe('acc1');
    }
  });
});

describe.concurrent('ads stats jobs through the CLI with --account, no default account', () => {
  const emu = fileEmulator();
  const env = { POSTCTL_ADS_ACCOUNT: '' };
  it.each([
    ['list, flag after', ['ads', 'stats', 'jobs', 'list', '--account', EMU_ACCOUNT, '-o', 'json']],
    ['list, flag before the sub-verb', ['ads', 'stats', '--account', EMU_ACCOUNT, 'jobs', 'list', '-o', 'json']],
    ['get, --account=', ['ads', 'stats', 'jobs', `--account=${EMU_ACCOUNT}`, 'get', '1120829647711653888', '-o', 'json']],
  ])('%s', async (_name, argv) => {
    const r = await emu.run(argv, { env });
    expect(r.stderr).not.toContain('no ads account given');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toBeTruthy();
  });
});
