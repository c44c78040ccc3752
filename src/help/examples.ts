// Each verb's examples, kept for its group's help (src/help/layout.ts). Apart
// from that module so that declaring verbs (define.ts) never loads commander.
import type { Command } from 'commander';

export const EXAMPLES = new WeakMap<Command, readonly string[]>();

/** Records a verb's examples so its group's help can show some. */
export function rememberExamples(cmd: Command, examples: readonly string[]): void {
  EXAMPLES.set(cmd, examples);
}
