// The one credential and settings resolver. Precedence: flag > environment >
// profile > default, with one exception: a profile named by --profile that holds
// credentials of its own (keys, tokens or an OAuth 2.0 login) takes all of them
// from itself, and credential variables in the environment are set aside. Naming
// a profile on the command line is the most specific statement of which account
// to act as; mixing its login with another app's keys from a shell's exports
// would act as someone else, silently. Reading never loads conf (see read.ts);
// only commands that write to the store do.
import { existsSync } from 'node:fs';
import { configDir, configFile } from './paths.js';
import { checkProfileName } from './profile-name.js';
import { checkConfigTrust } from './trust.js';
import { readConfigFile } from './read.js';
import { SETTINGS, type ConfigData, type Profile, type SettingSpec } from './schema.js';

export type Source = 'flag' | 'env' | 'profile' | 'default';

interface ResolvedValue {
  value: string | undefined;
  source: Source | undefined;
  /** The variable or flag name the value came from, for `auth status`. */
  origin?: string;
}

export interface ResolvedSettings {
  profile: string;
  profileSource: Source;
  /** The profile as stored (may be empty). */
  stored: Profile;
  /** The profile was named by flag/env but is not in the store (which has others). */
  profileMissing: boolean;
  knownProfiles: string[];
  /** Whether a config file exists. */
  hasFile: boolean;
  values: Record<string, ResolvedValue>;
  /** Credential variables that were set but set aside because --profile named a profile with its own. */
  ignoredEnv: string[];
  get(key: SettingSpec['key']): string | undefined;
}

/** Who the requests act as: the settings --profile takes from the profile alone when it holds any of them. */
const CREDENTIAL_KEYS: ReadonlySet<string> = new Set([
  'consumer_key',
  'consumer_secret',
  'access_token',
  'access_token_secret',
  'bearer_token',
  'client_id',
  'client_secret',
]);

function holdsCredentials(p: Profile): boolean {
  const stored = p as Record<string, unknown>;
  if ([...CREDENTIAL_KEYS].some((k) => typeof stored[k] === 'string' && stored[k] !== '')) return true;
  return typeof p.oauth2?.access_token === 'string';
}

export async function loadConfigData(env: NodeJS.ProcessEnv): Promise<{ data: ConfigData; hasFile: boolean }> {
  const path = configFile(env);
  checkConfigTrust(configDir(env), path);
  if (!existsSync(path)) return { data: {}, hasFile: false };
  return { data: readConfigFile(path), hasFile: true };
}

export async function resolveSettings(
  env: NodeJS.ProcessEnv,
  flags: { profile?: string | undefined; values?: Partial<Record<string, string | undefined>> } = {},
): Promise<ResolvedSettings> {
  const { data, hasFile } = await loadConfigData(env);
  let profile: string;
  let profileSource: Source;
  if (flags.profile) [profile, profileSource] = [flags.profile, 'flag'];
  else if (env.POSTCTL_PROFILE) [profile, profileSource] = [env.POSTCTL_PROFILE, 'env'];
  else if (data.default_profile) [profile, profileSource] = [data.default_profile, 'profile'];
  else [profile, profileSource] = ['default', 'default'];
  // A name no profile may have fails here, before a login or any request, not at the final write.
  if (profileSource !== 'default')
    checkProfileName(profile, profileSource === 'env' ? 'POSTCTL_PROFILE' : profileSource === 'flag' ? '--profile' : 'default_profile');
  const stored = data.profiles?.[profile] ?? {};
  // An explicitly chosen profile that is not stored yet is fine (commands that
  // write create it); `profileMissing` lets readers warn about typos.
  const profileMissing =
    (profileSource === 'flag' || profileSource === 'env') && !data.profiles?.[profile] && Object.keys(data.profiles ?? {}).length > 0;
  const values: Record<string, ResolvedValue> = {};
  const profileWins = profileSource === 'flag' && holdsCredentials(stored);
  const ignoredEnv: string[] = [];
  for (const s of SETTINGS) {
    const flag = flags.values?.[s.key];
    let fromEnv = env[s.env];
    if (profileWins && CREDENTIAL_KEYS.has(s.key) && fromEnv !== undefined && fromEnv !== '') {
      ignoredEnv.push(s.env);
      fromEnv = undefined;
    }
    const fromProfile = stored[s.key];
    if (flag !== undefined && flag !== '') values[s.key] = { value: flag, source: 'flag' };
    else if (fromEnv !== undefined && fromEnv !== '') values[s.key] = { value: fromEnv, source: 'env', origin: s.env };
    else if (typeof fromProfile === 'string' && fromProfile !== '')
      values[s.key] = { value: fromProfile, source: 'profile', origin: profile };
    else if (s.default !== undefined) values[s.key] = { value: s.default, source: 'default' };
    else values[s.key] = { value: undefined, source: undefined };
  }
  return {
    profile,
    profileSource,
    profileMissing,
    knownProfiles: Object.keys(data.profiles ?? {}),
    stored,
    hasFile,
    values,
    ignoredEnv,
    get: (key) => values[key]?.value,
  };
}
