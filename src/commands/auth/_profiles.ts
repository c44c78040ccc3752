// The error of `auth use` and `auth remove` for a profile that is not stored.
import { UsageError } from '../../errors/cli-error.js';

export function unknownProfile(name: string, known: string[]): UsageError {
  return new UsageError(
    `no profile named "${name}"`,
    known.length ? `stored profiles: ${known.join(', ')}.` : 'no profile is stored yet: `postctl --profile <name> auth login` creates one.',
  );
}
