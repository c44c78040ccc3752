// A plain description of the command tree, read from commander, for the
// completion script generators.
import type { Command, Option } from 'commander';

interface OptNode {
  names: string[];
  takesValue: boolean;
  choices: string[];
  description: string;
}

export interface CmdNode {
  path: string[];
  description: string;
  options: OptNode[];
  subcommands: CmdNode[];
}

function opt(o: Option): OptNode {
  const names = [o.short, o.long].filter((n): n is string => Boolean(n));
  return { names, takesValue: o.required || o.optional, choices: [...(o.argChoices ?? [])], description: o.description };
}

export function describe(cmd: Command, path: string[] = []): CmdNode {
  const options = (cmd.options as Option[]).filter((o) => !o.hidden).map(opt);
  if (path.length === 0)
    options.push(
      { names: ['-h', '--help'], takesValue: false, choices: [], description: 'display help' },
      { names: ['-V', '--version'], takesValue: false, choices: [], description: 'print the version' },
    );
  else options.push({ names: ['-h', '--help'], takesValue: false, choices: [], description: 'display help' });
  return {
    path,
    description: cmd.description(),
    options,
    subcommands: cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map((c) => describe(c, [...path, c.name()])),
  };
}

export function walk(node: CmdNode, visit: (n: CmdNode) => void): void {
  visit(node);
  for (const s of node.subcommands) walk(s, visit);
}

/** Every option that takes a value, anywhere in the tree (to skip its argument while locating the command path). */
export function valueFlags(root: CmdNode): string[] {
  const set = new Set<string>();
  walk(root, (n) => {
    for (const o of n.options.filter((x) => x.takesValue)) for (const name of o.names) set.add(name);
  });
  return [...set].sort();
}
