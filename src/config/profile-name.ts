// Names a new profile may have (checked when a profile is created). Profile
// names are offered by shell completion, so they are kept to characters no
// shell gives a meaning to. A light module: `__profiles` runs on Tab.
import { InputError } from '../errors/cli-error.js';
import { clip } from '../output/sanitize.js';

export const PROFILE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function checkProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) {
    throw new InputError(
      `invalid profile name ${JSON.stringify(clip(name))}: use 1–64 letters, digits, '_', '.' or '-'`,
      [{ field: '--profile', message: 'letters, digits, _ . - only' }],
      'pick another name with --profile or POSTCTL_PROFILE; nothing was saved.',
    );
  }
}
