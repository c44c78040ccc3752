// The fast path's run: an exactly resolvable verb (src/entry/fast-path.ts) parsed and
// run without commander, in the given world. Shared by the ES-module CLI (src/entry/run-cli.ts)
// and the one-script API path that the launcher runs with a V8 code cache on Node 20 (src/api-script.ts).
import type { CommandTree } from '../commands/define.js';
import type { World } from '../world/world.js';
import { renderFailure } from './render-failure.js';

/**
 * Runs `args`' verb if the fast path resolves it (and `accept` takes its top-level word): its exit code, or
 * undefined when the command tree must run argv. `tree` is the whole CLI for the verbs that describe it.
 */
export async function runFast(
  args: readonly string[],
  world: World,
  accept: (group: string, words: string) => boolean = () => true,
  tree?: CommandTree,
): Promise<number | undefined> {
  const path = await import('./fast-path.js');
  if (tree) path.setCommandTree(tree);
  const fast = await path.resolveVerb(args);
  // A manifest's verbs carry their command words ('auth import').
  if (!fast || !accept(fast.group, ((fast.spec as { words?: readonly string[] }).words ?? [fast.group]).join(' '))) return undefined;
  try {
    const { runVerb } = await import('./run-verb.js');
    return await runVerb(fast.spec, fast.args, fast.opts, fast.globals, world);
  } catch (e) {
    return renderFailure(e, world);
  }
}
