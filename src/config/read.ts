// Reading the config file: by the safe-file rule (src/config/safe-file.ts: a
// regular file of the user's, not a link, opened without blocking, at most
// MAX_CONFIG_BYTES), then JSON.parse. Writes are in store.ts, under a lock.
import { CliError } from '../errors/cli-error.js';
import { readOrRefuse } from './safe-file.js';
import type { ConfigData, Profile } from './schema.js';

/** A config holds a few profiles of a few hundred bytes each: a larger file is not one. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

function corruptConfig(path: string, cause: unknown): CliError {
  return new CliError(`the config file ${path} is unreadable: ${(cause as Error).message}`, {
    exitCode: 2,
    code: 'config_corrupt',
    hint: 'postctl never resets it: fix the JSON by hand, or move the file away to start over.',
    cause,
  });
}

/** The whole file ({} when there is none); a file that is not a JSON object is an error naming it. */
export function readConfigFile(path: string): ConfigData {
  let text: string;
  try {
    const buf = readOrRefuse(path, 'config file', { max: MAX_CONFIG_BYTES });
    if (!buf) return { profiles: Object.create(null) as Record<string, Profile> };
    text = buf.toString('utf8');
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw corruptConfig(path, e);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw corruptConfig(path, e);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw corruptConfig(path, new Error('the top level is not a JSON object'));
  const config = data as ConfigData;
  // Profiles are looked up by names from flags and the environment: without a prototype, a name such as
  // `toString` finds no profile and `__proto__` is stored as the key it is, not as a prototype.
  config.profiles = Object.assign(Object.create(null) as Record<string, Profile>, config.profiles);
  return config;
}
