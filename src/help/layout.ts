// Help layout: commands before options; a command's help lists its own flags
// only (the global ones are in the top-level help and `postctl help globals`);
// a group's help ends with examples taken from its verbs.
import { Help, type Command } from 'commander';
import { EXAMPLES } from './examples.js';

const MAX_GROUP_EXAMPLES = 8;

/** One example per command of a group (a nested group gives its first verb's), a few at most. */
function groupExamples(cmd: Command): string[] {
  const first = (c: Command): string | undefined => EXAMPLES.get(c)?.[0] ?? c.commands.map(first).find(Boolean);
  return cmd.commands
    .map(first)
    .filter((e): e is string => Boolean(e))
    .slice(0, MAX_GROUP_EXAMPLES);
}

/** Splits commander's help into its blank-line-separated sections and puts Commands before Options. */
function reorder(text: string): string {
  const sections = text.replace(/\n+$/, '').split(/\n\n(?=\S)/);
  const isCommands = (s: string) => s.startsWith('Commands:');
  const firstOptions = sections.findIndex((s) => s.startsWith('Options:') || s.startsWith('Global Options:'));
  if (firstOptions < 0) return text;
  const commands = sections.filter(isCommands);
  const rest = sections.filter((s) => !isCommands(s));
  rest.splice(firstOptions, 0, ...commands);
  return rest.join('\n\n') + '\n';
}

const OWN_EXAMPLES = new WeakSet<Command>();

/** A group whose help text already carries examples (added with addHelpText). */
export function markOwnExamples(cmd: Command): void {
  OWN_EXAMPLES.add(cmd);
}

const hasOwnExamples = (cmd: Command): boolean => OWN_EXAMPLES.has(cmd);

export function formatHelp(cmd: Command, helper: Help): string {
  let text = reorder(Help.prototype.formatHelp.call(helper, cmd, helper));
  const root = !cmd.parent;
  if (!root) text += '\nGlobal options (-o, --json, --profile, --verbose, …): postctl help globals\n';
  const examples = !root && cmd.commands.length && !EXAMPLES.has(cmd) && !hasOwnExamples(cmd) ? groupExamples(cmd) : [];
  if (examples.length) text += `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`;
  return text;
}

/** `postctl help globals`: the options every command takes. */
export function globalsHelp(program: Command): string {
  const helper = program.createHelp();
  const options = helper.visibleOptions(program).filter((o) => o.long !== '--help');
  const width = Math.max(...options.map((o) => helper.optionTerm(o).length));
  const lines = options.map((o) => `  ${helper.optionTerm(o).padEnd(width)}  ${helper.optionDescription(o)}`);
  return ['Global options (accepted by every command, before or after it):', ...lines, ''].join('\n');
}
