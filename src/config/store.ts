// The credential and settings store: conf (atomic writes, mode 0600) plus a
// lock around every read-modify-write. A corrupt file is an error that names
// the file; it is never reset.
import { envNumber } from './env-number.js';
import type Conf from 'conf';
import { chmodSync, mkdirSync } from 'node:fs';
import { withFileLock } from './lock.js';
import { checkProfileName } from './profile-name.js';
import { checkConfigTrust } from './trust.js';
import { corruptConfig, readConfigFile } from './read.js';
import { configDir, configFile } from './paths.js';
import type { ConfigData, Profile } from './schema.js';

/**
 * Crash-safety tests set POSTCTL_TEST_WRITE_PAUSE_MS to hold the lock between
 * the read and the write, so a SIGKILL lands inside the critical section.
 */
function pauseForCrashTests(): void {
  const ms = envNumber(process.env, 'POSTCTL_TEST_WRITE_PAUSE_MS', { fallback: 0, max: 60_000 });
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// conf (and the schema library it loads) is imported when a store is first
// opened for writing, not with this module: the one-script API path
// (src/api-script.ts) leaves the package out and imports it on demand.
let ConfClass: typeof Conf | undefined;

/** Loads conf; call before a store's first write (Context.store() does). */
export async function loadConf(): Promise<void> {
  ConfClass ??= (await import('conf')).default;
}

export class ConfigStore {
  readonly dir: string;
  readonly path: string;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.dir = configDir(env);
    this.path = configFile(env);
  }

  private open(): Conf<ConfigData> {
    if (!ConfClass) throw new Error('internal: loadConf() was not awaited before writing the config');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    try {
      return new ConfClass<ConfigData>({
        cwd: this.dir,
        configName: 'config',
        projectSuffix: '',
        configFileMode: 0o600,
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false,
        watch: false,
      });
    } catch (e) {
      throw corruptConfig(this.path, e);
    }
  }

  /** A snapshot of the whole file ({} when there is none yet). */
  read(): ConfigData {
    checkConfigTrust(this.dir, this.path);
    return readConfigFile(this.path);
  }

  /** Locked read-modify-write; the mutator edits a fresh copy read under the lock. */
  update<T>(mutate: (data: ConfigData) => T): T {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return withFileLock(this.path, () => {
      // Checked under the lock, right before the write: conf's atomic write
      // would follow a symlink to its target, and a directory others can write
      // to lets them swap the file (see trust.ts).
      checkConfigTrust(this.dir, this.path);
      const conf = this.open();
      const data = structuredClone(conf.store) as ConfigData;
      const before = new Set(Object.keys(data.profiles ?? {}));
      const result = mutate(data);
      for (const name of Object.keys(data.profiles ?? {})) if (!before.has(name)) checkProfileName(name);
      pauseForCrashTests();
      conf.store = data;
      chmodSync(this.path, 0o600);
      return result;
    });
  }

  profileNames(): string[] {
    return Object.keys(this.read().profiles ?? {});
  }

  defaultProfile(): string {
    return this.read().default_profile ?? 'default';
  }

  getProfile(name: string): Profile | undefined {
    return this.read().profiles?.[name];
  }

  /** Merges values into a profile (undefined deletes a key), creating it if needed. */
  patchProfile(name: string, patch: Partial<Profile>): void {
    this.update((data) => {
      data.profiles ??= {};
      const profile = { ...(data.profiles[name] ?? {}) };
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) delete profile[k];
        else profile[k] = v;
      }
      data.profiles[name] = profile;
      // An emulator's own profile (emulator-<port>, commands/emulator/_profile.ts) never becomes the default.
      if (!/^emulator-\d+$/.test(name)) data.default_profile ??= name;
    });
  }
}
