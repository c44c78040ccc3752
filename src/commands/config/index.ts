// `postctl config …`: non-secret settings of a profile (base URLs, default ads account, output format).
import type { Command } from 'commander';
import { SETTINGS } from '../../config/schema.js';
import { group, verb } from '../define.js';

const SETTABLE = SETTINGS.filter((s) => s.settable).map((s) => s.key);

export function registerConfig(program: Command): void {
  const g = group(program, 'config', 'read and change non-secret settings of a profile');
  const load = () => import('./run.js');
  verb(g, {
    name: 'get <key>',
    description: `print one setting's effective value (keys: ${SETTABLE.join(', ')})`,
    examples: ['postctl config get ads_url', 'postctl --profile work config get ads_account'],
    load: () => load().then((m) => m.get),
  });
  verb(g, {
    name: 'set <key> <value>',
    description: `store a setting in the profile (keys: ${SETTABLE.join(', ')}); secrets are set with \`postctl auth login\``,
    examples: ['postctl config set ads_account 18ce54d4x5t', 'postctl config set api_url http://127.0.0.1:8787'],
    load: () => load().then((m) => m.set),
  });
  verb(g, {
    name: 'unset <key>',
    description: 'remove a setting from the profile (the default or environment applies again)',
    examples: ['postctl config unset output'],
    load: () => load().then((m) => m.unset),
  });
  verb(g, {
    name: 'list',
    description: 'every setting with its effective value and where it comes from (flag, env, profile, default); secrets masked',
    examples: ['postctl config list', 'postctl config list -o json'],
    load: () => load().then((m) => m.list),
  });
  verb(g, {
    name: 'path',
    description: 'print the config file path',
    examples: ['postctl config path'],
    load: () => load().then((m) => m.path),
  });
}
