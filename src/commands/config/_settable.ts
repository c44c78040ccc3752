// The settings `config get/set/unset` accept: non-secret ones only.
import { SETTINGS, type SettingSpec } from '../../config/schema.js';
import { UsageError } from '../../errors/cli-error.js';

/** The keys listed in the help of `config get` and `config set`. */
export const SETTABLE = SETTINGS.filter((s) => s.settable).map((s) => s.key);

export function settable(key: string): SettingSpec {
  const spec = SETTINGS.find((s) => s.key === key);
  if (!spec)
    throw new UsageError(
      `unknown setting "${key}"`,
      `settings: ${SETTINGS.filter((s) => s.settable)
        .map((s) => s.key)
        .join(', ')}`,
    );
  if (!spec.settable)
    throw new UsageError(
      `"${key}" is a credential, not a setting`,
      'credentials are stored by `postctl auth login` / `postctl auth pin`, or come from the environment.',
    );
  return spec;
}
