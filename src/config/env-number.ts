// The one reader of numeric POSTCTL_* variables. A value that is not a number
// in range is a usage error (exit 2) naming the variable — never NaN, which
// would make POSTCTL_MAX_RETRIES=abc "retry forever" and defeat --max-wait.
import { InputError, UsageError } from '../errors/cli-error.js';

export interface EnvNumberRule {
  /** Value when the variable is unset or empty. */
  fallback: number;
  min?: number;
  max?: number;
  integer?: boolean;
}

/** `env[name]` as a number within the rule, the fallback when unset, else exit 2 naming the variable. */
export function envNumber(env: NodeJS.ProcessEnv, name: string, rule: EnvNumberRule): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return rule.fallback;
  return checkedNumber(raw, name, rule);
}

/**
 * A number from a flag or variable named `name`, checked against the rule: a bad
 * variable is exit 2 (the environment is wrong), a bad flag value exit 6 like
 * every other flag value postctl checks.
 */
export function checkedNumber(raw: string, name: string, rule: Omit<EnvNumberRule, 'fallback'>): number {
  const n = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  const min = rule.min ?? 0;
  const max = rule.max ?? Number.MAX_SAFE_INTEGER;
  const bad = !Number.isFinite(n) || n < min || n > max || (rule.integer && !Number.isInteger(n));
  if (!bad) return n;
  const message = `${name} must be ${rule.integer ? 'an integer' : 'a number'} from ${min} to ${max}, got ${JSON.stringify(raw.slice(0, 40))}`;
  if (name.startsWith('--')) throw new InputError(message);
  throw new UsageError(message, `fix or unset ${name}.`);
}
