// Declarative verbs: each verb file declares its name, flags and examples with
// `defineVerb`, and the generated manifests (src/commands/manifest/) carry
// those declarations with a lazy loader, so a verb's implementation is
// imported only when that verb runs and --help and --version never load
// undici, conf or @inquirer/prompts.
//
// The same declarations feed two parsers: commander (help, errors, completion,
// anything unusual) and the launcher's fast path (src/entry/fast-path.ts), which
// registers a manifest into a SpecNode tree instead and never loads commander.
// So this module imports commander's types only.
import type { Command, Option } from 'commander';
import type { Context } from '../entry/context.js';
import type { Format } from '../output/format.js';
import type { World } from '../world/world.js';
import { rememberExamples } from '../help/examples.js';

export interface OptionSpec {
  /** Commander flags, e.g. '--entity-status <status>' or '-f, --field <key=value>'. */
  flags: string;
  description: string;
  choices?: readonly string[];
  default?: string | boolean | readonly string[];
  /** Repeatable: values are collected into an array. */
  repeatable?: boolean;
  hidden?: boolean;
  /** Also accept '--no-<flag>' (this is its help): a boolean that is true, false or not given. */
  negate?: string;
  /**
   * The API parameter this flag sets, for verbs that build a request from their flags
   * (src/validate/wire-flags.ts `paramsFromFlags`); the parsers ignore it.
   */
  wire?: string;
  /** 'money': a decimal amount of the account's currency, sent as `wire` in micro units (--bid 2.50 → 2500000). */
  type?: 'money';
}

/**
 * A verb's flags, keyed by commander's attribute name: `dryRun` for '--dry-run', `fetch` for '--no-fetch'
 * (the build fails when a key is not its flag's attribute: scripts/manifest.mjs). The key is how `run` reads
 * the flag, so a flag's declaration, its type and its use share one name.
 */
export type OptionTable = { readonly [attr: string]: OptionSpec };

const camel = (s: string): string => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** Commander's attribute name of a flag: '-o, --output <format>' → 'output', '--no-fetch' → 'fetch'. */
export function attributeOf(flags: string): string {
  const long = /--([a-z0-9-]+)/i.exec(flags)?.[1] ?? '';
  return camel(long.startsWith('no-') ? long.slice(3) : long);
}

/**
 * The table as the parsers take it, in declaration order: a `negate` entry becomes its flag and the
 * '--no-' flag after it. A key that is not its flag's attribute throws (the manifest build reports it).
 */
export function optionList(table: OptionTable): OptionSpec[] {
  return Object.entries(table).flatMap(([key, spec]) => {
    if (attributeOf(spec.flags) !== key)
      throw new Error(`option key '${key}' does not match its flags '${spec.flags}' (${attributeOf(spec.flags)})`);
    // wire and type are the verb's business, not the parsers'.
    const { negate, wire: _wire, type: _type, ...rest } = spec;
    if (negate !== undefined && !/^--[a-z0-9-]+$/.test(spec.flags))
      throw new Error(`option '${key}': negate needs a lone --flag (got '${spec.flags}')`);
    return negate === undefined ? [rest] : [rest, { flags: `--no-${spec.flags.replace(/^--/, '')}`, description: negate }];
  });
}

export interface VerbModule {
  /** Returns the exit code (0 when omitted). */
  run(args: string[], opts: Record<string, unknown>, ctx: Context): Promise<number | void>;
}

/** A verb as the parsers see it: its declarations, and how to load what runs it. */
export interface VerbSpec {
  /** Name and arguments, e.g. 'update <line_item_id>' or 'lookup [ids...]'. */
  name: string;
  description: string;
  examples: readonly string[];
  options?: readonly OptionSpec[];
  aliases?: readonly string[];
  /** Output formats beyond table, json, jsonl and csv that the verb writes (html: a report page). */
  formats?: readonly Format[];
  /** Left out of help, the index and completion (helpers the completion scripts call). */
  hidden?: boolean;
  load: () => Promise<VerbModule>;
}

// ---- Typed verbs --------------------------------------------------------
// A verb file (src/commands/<group>/<verb>.ts) default-exports
// `defineVerb({ name, options, run })`. The types of `run`'s arguments are
// derived from the declarations, as commander will parse them: '--dry-run' is
// `opts.dryRun: boolean | undefined`, '--limit <n>' is `opts.limit: string |
// undefined` (required when it has a default), a flag with `choices` is the
// union of its choices, a repeatable flag is an array, 'update <id> [more...]'
// gives `[string, ...string[]]`. So reading an undeclared or misspelt flag is
// a compile error, not an undefined at run time.

type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type LongFlag<F extends string> = F extends `${string}--${infer R}` ? (R extends `${infer N} ${string}` ? N : R) : never;
/** commander's attribute name: '--dry-run' → 'dryRun', '--no-approve' → 'approve'. */
type AttrOf<F extends string> = LongFlag<F> extends `no-${infer N}` ? Camel<N> : Camel<LongFlag<F>>;
type ChoiceOf<S> = S extends { choices: readonly (infer C extends string)[] } ? C : string;
type ValueOf<S extends OptionSpec> = S['flags'] extends `${string}<${string}`
  ? S extends { repeatable: true }
    ? ChoiceOf<S>[]
    : ChoiceOf<S>
  : boolean;
/** Always present: a default, or a lone '--no-x' (commander defaults x to true). */
type Present<S extends OptionSpec> = S extends { default: unknown } ? true : S['flags'] extends `--no-${string}` ? true : false;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The parsed flags of a verb declaring `O`, under the same keys. */
export type OptionsOf<O extends OptionTable> = Flatten<
  { [K in keyof O as Present<O[K]> extends true ? K : never]: ValueOf<O[K]> } & {
    [K in keyof O as Present<O[K]> extends true ? never : K]?: ValueOf<O[K]>;
  }
>;

type Words<S extends string> = S extends `${infer A} ${infer R}` ? [A, ...Words<R>] : S extends '' ? [] : [S];
type ArgList<T extends readonly string[]> = T extends readonly [infer H extends string, ...infer R extends string[]]
  ? H extends `<${string}...>`
    ? [string, ...string[]]
    : H extends `[${string}...]`
      ? string[]
      : H extends `<${string}`
        ? [string, ...ArgList<R>]
        : [string?, ...ArgList<R>]
  : [];
/** The positional arguments of a verb named `N` ('get <catalog_id> <set_id>' → [string, string]). */
export type ArgsOf<N extends string> = N extends `${string} ${infer Rest}` ? ArgList<Words<Rest>> : [];

/** What a verb file default-exports. */
export interface Verb<N extends string = string, O extends OptionTable = OptionTable> {
  readonly verb: true;
  name: N;
  description: string;
  examples: readonly string[];
  options?: O;
  aliases?: readonly string[];
  hidden?: boolean;
  /** Output formats beyond table, json, jsonl and csv that the verb writes (html: a report page). */
  formats?: readonly Format[];
  /** Returns the exit code (0 when omitted). */
  run(args: ArgsOf<N>, opts: OptionsOf<O>, ctx: Context): Promise<number | void>;
}

/** O with each key checked against its flag: a key that is not the flag's attribute does not compile. */
type AttrKeyed<O extends OptionTable> = {
  readonly [K in keyof O]: string extends O[K]['flags']
    ? O[K]
    : AttrOf<O[K]['flags']> extends K
      ? O[K]
      : { flags: `a flag whose attribute is ${K & string}` };
};

/** Declares a verb; the types of `run`'s arguments follow from `name` and `options`. */
export function defineVerb<const N extends string, const O extends OptionTable = Record<never, never>>(
  spec: Omit<Verb<N, O>, 'verb'> & { options?: AttrKeyed<O> },
): Verb<N, O> {
  return { verb: true, ...spec };
}

export const isVerb = (value: unknown): value is Verb =>
  typeof value === 'object' && value !== null && (value as { verb?: unknown }).verb === true;

/** The manifest's loader: a verb file's default export, as the parsers run it. */
export const loaded = (m: { default: unknown }): VerbModule => m.default as VerbModule;

/** The generated table of one top-level word (src/commands/manifest/<word>.ts). */
export interface Manifest {
  /** Groups, parents first, with their help descriptions. */
  groups: ReadonlyArray<{ words: readonly string[]; description: string }>;
  /** Verbs in help order, each after its parent. */
  verbs: ReadonlyArray<VerbSpec & { words: readonly string[] }>;
}

/** A top-level word in the generated index (src/commands/manifest/index.ts). */
export interface TopWord {
  word: string;
  description: string;
  load: () => Promise<{ MANIFEST: Manifest }>;
}

/**
 * What registering a manifest needs from a command tree: a group below this node, a verb below it. Commander's
 * tree is one (`commanderTree`), the fast path's SpecNode another; neither is passed off as the other.
 */
export interface TreeTarget {
  group(name: string, description: string): TreeTarget;
  verb(spec: VerbSpec): TreeTarget;
}

/** Registers a manifest's groups and verbs into commander's tree or the fast path's SpecNode tree. */
export function registerManifest(program: TreeTarget, manifest: Manifest): void {
  const nodes = new Map<string, TreeTarget>([['', program]]);
  const descriptions = new Map(manifest.groups.map((g) => [g.words.join(' '), g.description]));
  // A group is registered just before its first verb, so a group listed among
  // verbs in TREE's order (`catalogs … delete-products, sets`) keeps its place in help.
  const node = (words: readonly string[]): TreeTarget => {
    const key = words.join(' ');
    const found = nodes.get(key);
    if (found) return found;
    const description = descriptions.get(key);
    if (description === undefined) throw new Error(`manifest: ${key} is neither a group nor a verb listed before its verbs`);
    const made = node(words.slice(0, -1)).group(words.at(-1)!, description);
    nodes.set(key, made);
    return made;
  };
  for (const v of manifest.verbs) nodes.set(v.words.join(' '), node(v.words.slice(0, -1)).verb(v));
}

/** A command tree without commander: what the fast path registers groups into. */
export class SpecNode {
  readonly children = new Map<string, SpecNode>();
  verb: VerbSpec | undefined;
  constructor(readonly name: string) {}
  child(name: string): SpecNode {
    let node = this.children.get(name);
    if (!node) this.children.set(name, (node = new SpecNode(name)));
    return node;
  }
}

/** The fast path's tree as a registration target (a SpecNode's `verb` field holds the spec it runs). */
export function specTree(node: SpecNode): TreeTarget {
  return {
    group: (name) => specTree(node.child(name)),
    verb: (spec) => {
      const child = node.child(spec.name.split(' ')[0]!);
      child.verb = spec;
      for (const a of spec.aliases ?? []) node.children.set(a, child);
      return specTree(child);
    },
  };
}

/** Commander's tree as a registration target. */
export function commanderTree(cmd: Command): TreeTarget {
  return {
    group: (name, description) => commanderTree(group(cmd, name, description)),
    verb: (spec) => commanderTree(verb(cmd, spec)),
  };
}

/**
 * The whole CLI as the verbs that describe it see it (the completion scripts, the MCP tools): the commander
 * program and every top word's manifest. Those verbs are loaded from the very manifests they describe, so
 * importing the tree from them would close an import circle; the launcher (src/cli.ts), which nothing
 * imports, installs it before any verb runs.
 */
export interface CommandTree {
  program(): Promise<Command>;
  manifests(): Promise<Manifest[]>;
  /**
   * Runs a command line in a world of the caller's, answering its exit code (src/entry/run-cli.ts): the MCP
   * server runs each tool call so, in-process. Absent: the launcher offers no in-process runs.
   */
  run?(args: readonly string[], world: World): Promise<number>;
}
let installedTree: CommandTree | undefined;
export const setCommandTree = (tree: CommandTree): void => void (installedTree = tree);
export function commandTree(): CommandTree {
  if (!installedTree) throw new Error('no command tree installed: src/cli.ts installs it before a verb runs');
  return installedTree;
}

/** A verb as commander's parse picked it: the entry runs it in the run's world (src/entry/run-cli.ts). */
export interface ParsedCall {
  spec: VerbSpec;
  args: string[];
  opts: Record<string, unknown>;
  globals: Record<string, unknown>;
}
const PARSED = Symbol('postctl.parsedVerb');
type WithParsed = Command & { [PARSED]?: ParsedCall };

/** The verb the last parse of `program` picked (its action records it on the root command). */
export const parsedVerb = (program: Command): ParsedCall | undefined => (program as WithParsed)[PARSED];

/** Sees each parsed verb as well (tests compare the two parsers without running anything). */
export type VerbObserver = (spec: VerbSpec, args: string[], opts: Record<string, unknown>, globals: Record<string, unknown>) => void;
let observer: VerbObserver | undefined;
export const observeParsedVerbs = (fn: VerbObserver | undefined): void => void (observer = fn);

/**
 * A flag value read against its choices without regard to case (`--permission-scope shared` is SHARED, the
 * API's upper-case spelling): the choice it names, else the value as typed (for the error). Both parsers use it.
 */
export function choiceOf(choices: readonly string[], value: string): string {
  return choices.includes(value) ? value : (choices.find((c) => c.toLowerCase() === value.toLowerCase()) ?? value);
}

export function option(parent: Command, spec: OptionSpec): Option {
  const opt = parent.createOption(spec.flags, spec.description);
  if (spec.choices) {
    const choices = spec.choices;
    opt.choices(choices);
    // Commander's own check (and message) on the value in the choices' case.
    const check = opt.parseArg!;
    opt.argParser((value: string, previous: unknown) => check(choiceOf(choices, value), previous));
  }
  if (spec.repeatable) opt.argParser((value: string, prev: string[] | undefined) => [...(prev ?? []), value]);
  if (spec.default !== undefined) opt.default(spec.default);
  if (spec.hidden) opt.hideHelp();
  return opt;
}

function group(parent: Command, name: string, description: string): Command {
  const cmd = parent.command(name).description(description);
  cmd.copyInheritedSettings(parent);
  return cmd;
}

/**
 * The verb's options. Below a verb with a flag of the same name (`ads stats
 * --from` and `ads stats active --from`, or `ads stats --account` and `ads stats
 * jobs list --account`, a group between them), commander hands the flag to the
 * nearest verb above that has it; it belongs to the verb that runs.
 */
function ownOptions(command: Command): Record<string, unknown> {
  const opts = { ...command.opts() };
  for (const o of command.options) {
    const key = o.attributeName();
    if (command.getOptionValueSource(key) === 'cli') continue;
    // The program's own (global) options are looked at only for a verb right below it, as before a group.
    for (let above = command.parent; above && (above === command.parent || above.parent); above = above.parent)
      if (above.getOptionValueSource(key) === 'cli') {
        opts[key] = above.opts()[key];
        break;
      }
  }
  return opts;
}

function verb(parent: Command, spec: VerbSpec): Command {
  const cmd = parent.command(spec.name, { hidden: Boolean(spec.hidden) }).description(spec.description);
  cmd.copyInheritedSettings(parent);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  for (const o of spec.options ?? []) cmd.addOption(option(cmd, o));
  if (spec.examples.length) cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  rememberExamples(cmd, spec.examples);
  cmd.action((...received: unknown[]) => {
    const command = received[received.length - 1] as Command;
    const args = (received.slice(0, -2) as Array<string | string[] | undefined>).flat().filter((a): a is string => a !== undefined);
    const call: ParsedCall = { spec, args, opts: ownOptions(command), globals: command.optsWithGlobals() };
    let root: Command = command;
    while (root.parent) root = root.parent;
    (root as WithParsed)[PARSED] = call;
    observer?.(call.spec, call.args, call.opts, call.globals);
  });
  return cmd;
}
