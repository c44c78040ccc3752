// Declarative verbs: each group module lists its verbs and flags (cheap), and a
// verb's implementation is imported only when that verb runs, so --help and
// --version never load undici, conf or @inquirer/prompts.
//
// The same declarations feed two parsers: commander (help, errors, completion,
// anything unusual) and the launcher's fast path (src/fast-path.ts), which
// registers a group into a SpecNode tree instead and never loads commander.
// So this module imports commander's types only.
import type { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { rememberExamples } from '../help-examples.js';

export interface OptionSpec {
  /** Commander flags, e.g. '--entity-status <status>' or '-f, --field <key=value>'. */
  flags: string;
  description: string;
  choices?: readonly string[];
  default?: string | boolean | string[];
  /** Repeatable: values are collected into an array. */
  repeatable?: boolean;
  hidden?: boolean;
}

export interface VerbModule {
  /** Returns the exit code (0 when omitted). */
  run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number | void>;
}

export interface VerbSpec {
  /** Name and arguments, e.g. 'update <line_item_id>' or 'lookup [ids...]'. */
  name: string;
  description: string;
  examples: string[];
  options?: OptionSpec[];
  aliases?: string[];
  load: () => Promise<VerbModule>;
}

/** Flags many groups share, declared once. */
export const sandboxOption: OptionSpec = { flags: '--sandbox', description: 'use the ads sandbox base URL (POSTCTL_ADS_SANDBOX_URL)' };

/** -y/--yes for verbs that ask before acting; `what` says what is confirmed. */
export const yesOption = (what = 'confirm without asking'): OptionSpec => ({ flags: '-y, --yes', description: `${what} (needed when not interactive)` });

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

/** Group modules are typed against commander; the fast path hands them a SpecNode in its place. */
export const asParent = (node: SpecNode): Command => node as unknown as Command;

/** Runs a parsed verb; tests swap it to compare parsers without running anything. */
export type VerbRunner = (spec: VerbSpec, args: string[], opts: Record<string, any>, globals: Record<string, any>) => Promise<void>;
let runner: VerbRunner = async (spec, args, opts, globals) => (await import('../run-verb.js')).runVerb(spec, args, opts, globals);
export const setVerbRunner = (fn: VerbRunner): void => void (runner = fn);
export const runParsedVerb: VerbRunner = (...a) => runner(...a);

export function option(parent: Command, spec: OptionSpec): Option {
  const opt = parent.createOption(spec.flags, spec.description);
  if (spec.choices) opt.choices(spec.choices);
  if (spec.repeatable) opt.argParser((value: string, prev: string[] | undefined) => [...(prev ?? []), value]);
  if (spec.default !== undefined) opt.default(spec.default);
  if (spec.hidden) opt.hideHelp();
  return opt;
}

export function group(parent: Command, name: string, description: string): Command {
  if ((parent as unknown) instanceof SpecNode) return asParent((parent as unknown as SpecNode).child(name));
  const cmd = parent.command(name).description(description);
  cmd.copyInheritedSettings(parent);
  return cmd;
}

export function verb(parent: Command, spec: VerbSpec): Command {
  if ((parent as unknown) instanceof SpecNode) {
    const node = (parent as unknown as SpecNode).child(spec.name.split(' ')[0]!);
    node.verb = spec;
    for (const a of spec.aliases ?? []) (parent as unknown as SpecNode).children.set(a, node);
    return asParent(node);
  }
  const cmd = parent.command(spec.name).description(spec.description);
  cmd.copyInheritedSettings(parent);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  for (const o of spec.options ?? []) cmd.addOption(option(cmd, o));
  if (spec.examples.length) cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  rememberExamples(cmd, spec.examples);
  cmd.action(async (...received: unknown[]) => {
    const command = received[received.length - 1] as Command;
    const args = (received.slice(0, -2) as Array<string | string[] | undefined>).flat().filter((a): a is string => a !== undefined);
    await runParsedVerb(spec, args, command.opts(), command.optsWithGlobals());
  });
  return cmd;
}
