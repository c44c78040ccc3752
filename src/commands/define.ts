// Declarative verbs: each group module lists its verbs and flags (cheap), and a
// verb's implementation is imported only when that verb runs, so --help and
// --version never load undici, conf or @inquirer/prompts.
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { rememberExamples } from '../help-layout.js';

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

export function option(spec: OptionSpec): Option {
  const opt = new Option(spec.flags, spec.description);
  if (spec.choices) opt.choices(spec.choices);
  if (spec.repeatable) opt.argParser((value: string, prev: string[] | undefined) => [...(prev ?? []), value]);
  if (spec.default !== undefined) opt.default(spec.default);
  if (spec.hidden) opt.hideHelp();
  return opt;
}

export function group(parent: Command, name: string, description: string): Command {
  const cmd = parent.command(name).description(description);
  cmd.copyInheritedSettings(parent);
  return cmd;
}

export function verb(parent: Command, spec: VerbSpec): Command {
  const cmd = parent.command(spec.name).description(spec.description);
  cmd.copyInheritedSettings(parent);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  for (const o of spec.options ?? []) cmd.addOption(option(o));
  if (spec.examples.length) cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  rememberExamples(cmd, spec.examples);
  cmd.action(async (...received: unknown[]) => {
    const command = received[received.length - 1] as Command;
    const args = (received.slice(0, -2) as Array<string | string[] | undefined>).flat().filter((a): a is string => a !== undefined);
    const { runVerb } = await import('../run-verb.js');
    await runVerb(spec, args, command.opts(), command.optsWithGlobals());
  });
  return cmd;
}
