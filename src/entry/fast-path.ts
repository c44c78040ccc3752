// The launcher's fast path: resolves argv to one verb and parses its declared
// flags without loading commander or building the command tree (that costs a
// signed API call ~15 ms of its start-up). It follows commander's rules for
// the cases it accepts — program options anywhere, `--flag value`,
// `--flag=value`, `-fvalue`, `--no-x`, repeatable flags, choices, defaults,
// required and variadic arguments — and gives up (returns undefined) on
// everything else: help, `--`, unknown or misspelt flags, a bad choice, a
// missing or extra argument. Commander then parses the same argv and prints
// its own messages, so what a user sees is the same either way (test:
// test/unit/fast-path.test.ts parses every verb's examples both ways).
import { SpecNode, attributeOf, choiceOf, optionList, specTree, type OptionSpec, type VerbSpec } from '../commands/define.js';
// The launcher installs the command tree through whichever of the two parsers it loads.
export { setCommandTree } from '../commands/define.js';
import { BUILTINS, GLOBAL_OPTIONS, GROUPS, creativesToAds } from '../commands/groups.js';

export interface ParsedVerb {
  /** The top-level word the verb is under (its group, or a built-in such as `request`). */
  group: string;
  spec: VerbSpec;
  args: string[];
  /** What commander's `command.opts()` gives the verb. */
  opts: Record<string, unknown>;
  /** What `command.optsWithGlobals()` gives: program options overlaid by the verb's. */
  globals: Record<string, unknown>;
}

interface FlagDef {
  spec: OptionSpec;
  short: string | undefined;
  long: string;
  attr: string;
  takesValue: boolean;
  negate: boolean;
}

/** Flags in the shapes postctl declares: `--x`, `--no-x`, `--x <v>`, `-x, --y <v>`; undefined for any other shape. */
function flagDef(spec: OptionSpec): FlagDef | undefined {
  const m = /^(?:-([A-Za-z]), )?--([a-z][a-z0-9-]*)(?: <[a-z_:=-]+>)?$/i.exec(spec.flags);
  if (!m) return undefined;
  const long = m[2]!;
  const negate = long.startsWith('no-');
  return { spec, short: m[1], long, attr: attributeOf(spec.flags), takesValue: spec.flags.includes('<'), negate };
}

function flagDefs(specs: readonly OptionSpec[]): FlagDef[] | undefined {
  const defs = specs.map(flagDef);
  return defs.every((d): d is FlagDef => d !== undefined) ? defs : undefined;
}

function defaults(defs: readonly FlagDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const d of defs) {
    // A lone --no-x defaults x to true, as in commander.
    if (d.negate && !defs.some((o) => o.attr === d.attr && !o.negate)) out[d.attr] = true;
    if (d.spec.default !== undefined) out[d.attr] = d.spec.default;
  }
  return out;
}

const isOptionLike = (t: string): boolean => t.length > 1 && t.startsWith('-');

/** Finds the flag `token` names: the flag, and an inline value (`--x=v`, `-xv`). */
function match(defs: readonly FlagDef[], token: string): { def: FlagDef; inline: string | undefined } | undefined {
  if (token.startsWith('--')) {
    const eq = token.indexOf('=');
    const name = eq < 0 ? token.slice(2) : token.slice(2, eq);
    const def = defs.find((d) => d.long === name);
    if (!def || (eq >= 0 && !def.takesValue)) return undefined;
    return { def, inline: eq < 0 ? undefined : token.slice(eq + 1) };
  }
  const def = defs.find((d) => d.short === token[1]);
  if (!def || (token.length > 2 && !def.takesValue)) return undefined; // -abc: combined booleans are commander's
  return { def, inline: token.length > 2 ? token.slice(2) : undefined };
}

/** Reads one flag at tokens[i] into `into`; returns the next index, or -1 when commander must decide. */
function take(defs: readonly FlagDef[], tokens: readonly string[], i: number, into: Record<string, unknown>): number {
  const found = match(defs, tokens[i]!);
  if (!found) return -1;
  const { def, inline } = found;
  if (!def.takesValue) {
    into[def.attr] = !def.negate;
    return i + 1;
  }
  const typed = inline ?? tokens[i + 1];
  const value = typed !== undefined && def.spec.choices ? choiceOf(def.spec.choices, typed) : typed;
  if (value === undefined || (def.spec.choices && !def.spec.choices.includes(value))) return -1;
  into[def.attr] = def.spec.repeatable ? [...((into[def.attr] as string[] | undefined) ?? []), value] : value;
  return inline === undefined ? i + 2 : i + 1;
}

/** Program options are taken wherever they stand (commander's program parses them first). */
function splitGlobals(
  tokens: readonly string[],
  defs: readonly FlagDef[],
): { globals: Record<string, unknown>; rest: string[] } | undefined {
  const globals = defaults(defs);
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i]!;
    if (t === '--' || t === '-h' || t === '--help' || t === '-V' || t === '--version') return undefined;
    if (isOptionLike(t) && match(defs, t)) {
      i = take(defs, tokens, i, globals);
      if (i < 0) return undefined;
    } else rest.push(tokens[i++]!);
  }
  return { globals, rest };
}

async function registerInto(root: SpecNode, word: string): Promise<boolean> {
  const group = GROUPS.find((g) => g.word === word);
  const builtin = BUILTINS.find((b) => b.words.includes(word));
  const register = await (group ?? builtin)?.register();
  if (!register) return false;
  register(specTree(root));
  return true;
}

/** Argument counts from a verb name such as 'get <catalog_id> <set_id>' or 'lookup [ids...]'. */
function arity(name: string): { required: number; max: number } {
  const args = name.split(' ').slice(1);
  const variadic = args.some((a) => a.includes('...'));
  return { required: args.filter((a) => a.startsWith('<')).length, max: variadic ? Infinity : args.length };
}

/** The verb argv names and its parsed flags, or undefined when commander should handle argv. */
export async function resolveVerb(argv: readonly string[]): Promise<ParsedVerb | undefined> {
  const globalDefs = flagDefs(optionList(GLOBAL_OPTIONS));
  const split = globalDefs && splitGlobals(creativesToAds(argv), globalDefs);
  if (!split?.rest.length) return undefined;
  const root = new SpecNode('postctl');
  if (!(await registerInto(root, split.rest[0]!))) return undefined;
  // Down the tree while the next word names a subcommand (as commander dispatches:
  // `emulator stop` runs stop, although `emulator` is a verb of its own).
  let node: SpecNode = root;
  let i = 0;
  let underVerb = false;
  for (let next = split.rest[0]; next !== undefined && node.children.has(next); next = split.rest[++i]) {
    underVerb ||= Boolean(node.verb);
    node = node.children.get(next)!;
  }
  // A verb below another verb (`emulator stop`): commander lets the parent verb
  // take its own flags anywhere after it; that is commander's to do.
  if (underVerb) return undefined;
  const spec = node.verb;
  const defs = spec && flagDefs(spec.options ?? []);
  if (!spec || !defs) return undefined;
  const opts = defaults(defs);
  const args: string[] = [];
  for (const tokens = split.rest; i < tokens.length; ) {
    if (!isOptionLike(tokens[i]!)) args.push(tokens[i++]!);
    else if ((i = take(defs, tokens, i, opts)) < 0) return undefined;
  }
  // A verb with subcommands (`ads stats` and `ads stats jobs`): a first argument that names one after
  // flags (`ads stats --account a jobs list`) is commander's to dispatch.
  if (args.length && node.children.has(args[0]!)) return undefined;
  const { required, max } = arity(spec.name);
  if (args.length < required || args.length > max) return undefined;
  // optsWithGlobals() lets program options win over a verb flag of the same name.
  return { group: split.rest[0]!, spec, args, opts, globals: { ...opts, ...split.globals } };
}
