// The emulator's own profile, `emulator-<port>`: its fake credentials and URLs
// live there (and in the environment it prints, with POSTCTL_PROFILE naming
// it), so a token the emulator issues is cached there and nowhere else, and
// the user's real profiles are never read — their tokens never reach an
// emulator. Written when the emulator starts (replacing a stale one of the same
// port), removed when it stops.
import type { Context } from '../../entry/context.js';
import { SETTINGS } from '../../config/schema.js';
import { type EmulatorRecord, listRecords, ours, removeRecord } from './_pidfile.js';

export const emulatorProfile = (port: number): string => `emulator-${port}`;

/** Stores the emulator's settings as its own profile (never the default one) and returns the env naming it. */
export async function writeEmulatorProfile(ctx: Context, port: number, env: Record<string, string>): Promise<Record<string, string>> {
  const name = emulatorProfile(port);
  const profile: Record<string, string> = {};
  for (const s of SETTINGS) if (env[s.env] !== undefined) profile[s.key] = env[s.env]!;
  const store = await ctx.store();
  store.update((data) => {
    data.profiles = { ...data.profiles, [name]: profile };
  });
  return { ...env, POSTCTL_PROFILE: name };
}

export async function removeEmulatorProfile(ctx: Context, port: number): Promise<void> {
  await removeEmulatorProfiles(ctx, [emulatorProfile(port)]);
}

async function removeEmulatorProfiles(ctx: Context, names: string[]): Promise<void> {
  const store = await ctx.store();
  const present = names.filter((n) => store.profileNames().includes(n));
  if (!present.length) return;
  store.update((data) => {
    for (const name of present) {
      delete data.profiles?.[name];
      if (data.default_profile === name) delete data.default_profile;
    }
  });
}

/**
 * The records whose emulator still runs (`ours`); the others (killed -9, a reboot) are removed with their
 * profiles, and so is an `emulator-<port>` profile with no record at all (every emulator records itself
 * before writing its profile). Run by `emulator status`, `emulator stop` and every emulator start.
 */
export async function liveEmulators(ctx: Context): Promise<EmulatorRecord[]> {
  const live: EmulatorRecord[] = [];
  const stale: string[] = [];
  for (const rec of listRecords(ctx.env)) {
    if (ours(rec)) live.push(rec);
    else {
      removeRecord(ctx.env, rec.port);
      stale.push(emulatorProfile(rec.port));
    }
  }
  const recorded = new Set(live.map((r) => emulatorProfile(r.port)));
  const store = await ctx.store();
  stale.push(...store.profileNames().filter((n) => /^emulator-\d+$/.test(n) && !recorded.has(n)));
  await removeEmulatorProfiles(ctx, stale);
  return live;
}
