// Helpers shared by the ads core verbs: the sandbox-only guard, problems → one InputError, and how money cells read.
import { UsageError, type InputProblem } from '../../../errors.js';
import { Problems } from '../../../validate/rules.js';
import { fromMicros } from '../../../validate/money.js';

/** Sandbox-only operations are refused before anything is sent. */
export function requireSandbox(opts: Record<string, any>, what: string): void {
  if (!opts.sandbox) throw new UsageError(`${what} is a sandbox-only operation`, 'add --sandbox (it goes to the sandbox base URL, POSTCTL_ADS_SANDBOX_URL).');
}

/** Throws one InputError (exit 6) listing every problem, each naming its field. */
export function throwIfProblems(problems: readonly InputProblem[], what = 'invalid input'): void {
  const p = new Problems();
  for (const x of problems) p.add(x.field ?? 'input', x.message, x.line !== undefined ? { line: x.line } : {});
  p.throwIfAny(what);
}

/** Micro amounts read better with their decimal value beside them. */
export function showValue(field: string, value: unknown): unknown {
  if (field.endsWith('_local_micro') && (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))) return `${value} (${fromMicros(String(value))})`;
  return value;
}

const isMicros = (k: string, v: unknown): boolean => k.endsWith('_local_micro') && (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)));

/**
 * Field/value rows for one object, in its own key order: money stays in micros,
 * with its decimal amount on the next row (tables only: CSV and JSON carry the raw fields).
 */
export function objectFields(obj: object): Array<{ header: string; get: (r: any) => unknown }> {
  return Object.entries(obj).flatMap(([k, v]) => {
    const raw = { header: k, get: (r: any) => r?.[k] };
    return isMicros(k, v) ? [raw, { header: `${k.replace(/_local_micro$/, '')} (decimal)`, get: (r: any) => fromMicros(String(r?.[k])) }] : [raw];
  });
}
