// The credential and settings store: the config file, read and written by the
// safe-file rule (src/config/safe-file.ts: a random-named O_EXCL temporary file,
// fsync, rename; mode 0600) with a lock around every read-modify-write. A
// corrupt file is an error that names the file; it is never reset.
import { mkdirSync } from 'node:fs';
import { withFileLock } from './lock.js';
import { checkProfileName } from './profile-name.js';
import { checkConfigTrust } from './trust.js';
import { readConfigFile } from './read.js';
import { writeOrRefuse } from './safe-file.js';
import { configDir, configFile } from './paths.js';
import type { ConfigData, Profile } from './schema.js';

export class ConfigStore {
  readonly dir: string;
  readonly path: string;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.dir = configDir(env);
    this.path = configFile(env);
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
      // Checked under the lock, right before the write: a directory others can
      // write to lets them swap the file (see trust.ts).
      checkConfigTrust(this.dir, this.path);
      const data = readConfigFile(this.path);
      const before = new Set(Object.keys(data.profiles ?? {}));
      const result = mutate(data);
      for (const name of Object.keys(data.profiles ?? {})) if (!before.has(name)) checkProfileName(name);
      // Tab-indented, as the file has always been written.
      writeOrRefuse(this.path, JSON.stringify(data, undefined, '\t'), 'config file', { top: this.dir, mode: 0o600 });
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
