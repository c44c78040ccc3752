// The one rule for profile names, checked wherever a name enters: --profile,
// POSTCTL_PROFILE, the config file's default, `auth import`, and every write
// that creates a profile. Names are offered by shell completion and typed after
// flags, so they are kept to characters no shell gives a meaning to and never
// start with '-' (a name `--x` would read as a flag); names of an object's
// prototype slots are refused because profiles are keys of a JSON object.
// A light module: `__profiles` runs on Tab.
import { InputError } from '../errors/cli-error.js';
import { clip } from '../output/sanitize.js';

const PROFILE_NAME = /^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,63}$/;

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `name` may name a profile. */
export function isProfileName(name: string): boolean {
  return PROFILE_NAME.test(name) && !RESERVED.has(name);
}

export function checkProfileName(name: string, field = '--profile'): void {
  if (!isProfileName(name)) {
    throw new InputError(
      `invalid profile name ${JSON.stringify(clip(name))}: use 1–64 letters, digits, '_', '.' or '-', not starting with '-' (and not __proto__, constructor or prototype)`,
      [{ field, message: "letters, digits, _ . - only, not starting with '-'" }],
      'pick another name with --profile or POSTCTL_PROFILE; nothing was saved.',
    );
  }
}
