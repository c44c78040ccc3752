// src/help/ — help text: each group's layout and examples (layout.ts, examples.ts), the
// topics of `postctl help` (topics.ts), the command index (command-index.ts), the wrapper
// that fits prebuilt help to the screen (wrap.ts, also a CommonJS script of its own) and this
// renderer, which the build runs once to write dist/help/.
//
// Help for every group and verb, rendered by commander one line per item (no
// colour, unwrapped): the build writes these texts to dist/help/ so the launcher
// can answer help without loading the CLI (bin/postctl.js), fitting them to the
// screen with src/help/wrap.ts as commander's path does; a test keeps them equal.
import type { Command } from 'commander';
import { UNWRAPPED } from './wrap.js';
import { buildProgram } from '../entry/program.js';

/** File name of a command path's help under dist/help/ ('ads line-items' → 'ads_line-items.txt'). */
export const helpFileName = (words: readonly string[]): string => `${words.join('_')}.txt`;

function capture(cmd: Command): string {
  let text = '';
  cmd.configureOutput({ writeOut: (s) => void (text += s), getOutHelpWidth: () => UNWRAPPED });
  cmd.outputHelp();
  return text;
}

/** Every command path below the top level (groups and verbs) and its help text. */
export async function renderAllHelp(): Promise<Array<{ words: string[]; text: string }>> {
  const out: Array<{ words: string[]; text: string }> = [];
  const walk = (cmd: Command, words: string[]) => {
    for (const sub of cmd.commands) {
      const path = [...words, sub.name()];
      if (path[0] === 'help') continue; // `help` itself answers topics as well as commands
      // `creatives <group> …` is rewritten to `ads <group> …` by the CLI: its help is the ads group's.
      if (path[0] === 'creatives' && path.length > 1) continue;
      out.push({ words: path, text: capture(sub) });
      walk(sub, path);
    }
  };
  walk(await buildProgram(), []);
  return out;
}
