// Reading the config file without loading conf: conf's own read is this same
// readFileSync + JSON.parse (no schema or encryption is configured), and conf
// with its schema library costs ~50 ms to load — too much for every call that
// only needs the credentials. Writes still go through conf (store.ts).
import { readFileSync } from 'node:fs';
import { CliError } from '../errors.js';
import type { ConfigData } from './schema.js';

export function corruptConfig(path: string, cause: unknown): CliError {
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
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw corruptConfig(path, e);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw corruptConfig(path, e);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw corruptConfig(path, new Error('the top level is not a JSON object'));
  return data as ConfigData;
}
