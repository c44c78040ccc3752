// The run's streams and what they are connected to, from its world. Everything that decides "is a person
// there?" reads from here.
import type { World } from '../world/world.js';

export interface IO extends World {
  /** stdin and stdout are TTYs, CI is unset, and neither --no-input nor POSTCTL_NO_INPUT was given. */
  interactive: boolean;
}

function truthyEnv(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

export function worldIO(world: World, opts: { noInput?: boolean } = {}): IO {
  const env = world.configRoot ? { ...world.env, POSTCTL_CONFIG_DIR: world.configRoot } : world.env;
  const interactive = world.stdinTTY && world.stdoutTTY && !truthyEnv(env.CI) && !opts.noInput && !truthyEnv(env.POSTCTL_NO_INPUT);
  // Not a spread: `stdin` may be a getter that builds the stream on first read (src/world/process-world.ts).
  return Object.defineProperties(Object.create(world) as IO, {
    interactive: { value: interactive, enumerable: true },
    env: { value: env, enumerable: true },
  });
}
