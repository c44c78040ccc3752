// The command index: one line per verb, read from the command tree. docs/commands.md
// holds it and the README's "Commands" block one line per top-level word
// (`npm run gen` writes both; a test keeps them equal), and
// `postctl help commands` prints it for people.
import type { Command } from 'commander';

export interface IndexEntry {
  /** `postctl ads line-items get <line_item_id>` */
  usage: string;
  description: string;
}

const hidden = (c: Command): boolean => Boolean((c as unknown as { _hidden?: boolean })._hidden);

function args(c: Command): string {
  return c.registeredArguments
    .map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`))
    .join(' ');
}

/**
 * Every verb in tree order. A verb is a command with an action (a leaf, or a
 * command such as `emulator` that runs and also has verbs); the `creatives`
 * stand-ins and the `help` commands are left out.
 */
export function commandIndex(program: Command): IndexEntry[] {
  const out: IndexEntry[] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      if (hidden(sub) || sub.name() === 'help' || (path.length === 0 && sub.name() === 'creatives')) continue;
      const here = [...path, sub.name()];
      const runs = Boolean((sub as unknown as { _actionHandler?: unknown })._actionHandler);
      if (runs || !sub.commands.length)
        out.push({ usage: ['postctl', ...here, args(sub)].filter(Boolean).join(' '), description: sub.description() });
      walk(sub, here);
    }
  };
  walk(program, []);
  return out;
}

/**
 * Markdown for the README: one line per top-level word with its description and
 * how many verbs it holds (the full list of ~170 verbs would not fit a front door).
 */
export function groupMarkdown(program: Command, entries: IndexEntry[]): string {
  const lines: string[] = [];
  for (const sub of program.commands) {
    if (hidden(sub) || sub.name() === 'help' || sub.name() === 'creatives') continue;
    const n = entries.filter((e) => e.usage === `postctl ${sub.name()}` || e.usage.startsWith(`postctl ${sub.name()} `)).length;
    lines.push(`- \`postctl ${sub.name()}\` — ${sub.description().replace(/\s+/g, ' ')} (${n} command${n === 1 ? '' : 's'})`);
  }
  return lines.join('\n') + '\n';
}

/** Markdown for docs/commands.md: one line per verb. */
export function indexMarkdown(entries: IndexEntry[]): string {
  return entries.map((e) => `- \`${e.usage}\` — ${e.description.replace(/\s+/g, ' ')}`).join('\n') + '\n';
}

/** Plain text for `postctl help commands`. */
export function indexText(entries: IndexEntry[]): string {
  const width = Math.min(60, Math.max(...entries.map((e) => e.usage.length)));
  return [
    'Commands (postctl help <command> for its flags):',
    ...entries.map((e) => `  ${e.usage.padEnd(width)}  ${e.description}`),
    '',
  ].join('\n');
}
