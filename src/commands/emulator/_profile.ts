// The emulator's own profile, `emulator-<port>`: its fake credentials and URLs
// live there (and in the environment it prints, with POSTCTL_PROFILE naming
// it), so a token the emulator issues is cached there and nowhere else, and
// the user's real profiles are never read — their tokens never reach an
// emulator. Written when the emulator starts (replacing a stale one of the same
// port), removed when it stops.
import type { Context } from '../../context.js';
import { SETTINGS } from '../../config/schema.js';

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
  const name = emulatorProfile(port);
  const store = await ctx.store();
  if (!store.profileNames().includes(name)) return;
  store.update((data) => {
    delete data.profiles?.[name];
    if (data.default_profile === name) delete data.default_profile;
  });
}
