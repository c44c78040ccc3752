// What importing accounts would change in the config: per account, create, update, leave alone (the same
// credentials are there already, so a second import changes nothing), or skip (the profile holds other
// credentials: replaced only with --overwrite). The source file is checked before it is read: credentials
// in a file others can read are refused, as ssh refuses such a private key.
import { statSync } from 'node:fs';
import type { ConfigData, Profile } from '../config/schema.js';
import { CliError, InputError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ImportedAccount, ImportedSet } from './import-sources.js';

type Action = 'create' | 'update' | 'unchanged' | 'skip';

export interface PlannedAccount extends ImportedAccount {
  action: Action;
  /** Keys whose stored value differs (never the values). */
  conflicts: string[];
}

export interface Plan {
  accounts: PlannedAccount[];
  /** The default profile to set: none is set and the source names one. */
  setDefault?: string;
}

/** Refuses a source file that is missing, not a file, not the user's own, or open to group or others. */
export function checkSourceFile(path: string): void {
  let s: ReturnType<typeof statSync>;
  try {
    s = statSync(path);
  } catch {
    throw new InputError(`${path} does not exist`, [], 'pass --file <path> to read the credentials from another file.');
  }
  if (!s.isFile()) throw new InputError(`${path} is not a file`);
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return;
  const uid = process.getuid();
  if (s.uid !== uid)
    throw new CliError(`refusing to import ${path}: it is owned by uid ${s.uid}, not by you (uid ${uid})`, {
      exitCode: EXIT.USAGE,
      code: 'source_untrusted',
      hint: 'import only credentials you own.',
    });
  if (s.mode & 0o077)
    throw new CliError(
      `refusing to import ${path}: its mode is ${(s.mode & 0o777).toString(8).padStart(3, '0')}, so other users on this machine can read or change the secrets in it`,
      {
        exitCode: EXIT.USAGE,
        code: 'source_untrusted',
        hint: `run \`chmod 600 ${path}\` first; if others could read it, also rotate the keys and tokens it holds.`,
      },
    );
}

/** Equal for import purposes: OAuth 2.0 tokens by their tokens (when they were obtained is not compared). */
function same(key: string, a: unknown, b: unknown): boolean {
  if (key === 'oauth2') {
    const x = (a ?? {}) as Record<string, unknown>;
    const y = (b ?? {}) as Record<string, unknown>;
    return x.access_token === y.access_token && x.refresh_token === y.refresh_token;
  }
  return a === b;
}

export function plan(set: ImportedSet, data: ConfigData, overwrite: boolean): Plan {
  const accounts = set.accounts.map((a): PlannedAccount => {
    const stored: Profile | undefined = data.profiles?.[a.profile];
    if (!stored) return { ...a, action: 'create', conflicts: [] };
    const differ = Object.entries(a.values).filter(([k, v]) => !same(k, stored[k], v));
    const conflicts = differ.filter(([k]) => stored[k] !== undefined).map(([k]) => k);
    if (!differ.length) return { ...a, action: 'unchanged', conflicts };
    return { ...a, action: conflicts.length && !overwrite ? 'skip' : 'update', conflicts };
  });
  const target = set.defaultProfile;
  const usable = accounts.some((a) => a.profile === target && a.action !== 'skip');
  return { accounts, ...(data.default_profile === undefined && target && usable ? { setDefault: target } : {}) };
}

/** Writes the plan into the config data (under the store's lock). */
export function apply(p: Plan, data: ConfigData, now: string): void {
  data.profiles ??= {};
  for (const a of p.accounts) {
    if (a.action !== 'create' && a.action !== 'update') continue;
    const values = { ...a.values };
    if (values.oauth2) values.oauth2 = { ...values.oauth2, obtained_at: values.oauth2.obtained_at || now };
    data.profiles[a.profile] = { ...(data.profiles[a.profile] ?? {}), ...values };
  }
  if (p.setDefault) data.default_profile = p.setDefault;
}
