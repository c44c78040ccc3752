// Where the config lives: $POSTCTL_CONFIG_DIR, else $XDG_CONFIG_HOME/postctl, else ~/.config/postctl.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.POSTCTL_CONFIG_DIR) return env.POSTCTL_CONFIG_DIR;
  // The run's HOME (its world's environment), not the process's: an in-process run never touches the host's config.
  const xdg = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(xdg, 'postctl');
}

export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json');
}
