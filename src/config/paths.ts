// Where the config lives: $POSTCTL_CONFIG_DIR, else $XDG_CONFIG_HOME/postctl, else ~/.config/postctl.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.POSTCTL_CONFIG_DIR) return env.POSTCTL_CONFIG_DIR;
  const xdg = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(xdg, 'postctl');
}

export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json');
}
