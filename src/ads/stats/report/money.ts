// Money in currency units for people (pure): the API's micros (integers, or the
// exact decimal strings of derived cost-per figures) divided by 1,000,000 by
// moving the decimal point, never through floating point, and the names the
// converted columns take (`billed_charge_local_micro` is what was spent).
import { isCurrency } from '../../../validate/currency.js';

/** Micros (an integer, or a decimal string) as currency units, exactly, with at least 2 decimals; null stays null. */
export function microsToUnits(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : null) : value;
  const m = text === null ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const digits = (m[2]! + (m[3] ?? '')).replace(/^0+(?=\d)/, '');
  const scale = 6 + (m[3]?.length ?? 0);
  const padded = digits.padStart(scale + 1, '0');
  const whole = padded.slice(0, -scale).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(-scale).replace(/0+$/, '').padEnd(2, '0');
  const zero = /^0*$/.test(whole + frac);
  return `${m[1] && !zero ? '-' : ''}${whole}.${frac}`;
}

/** The column a money metric takes in currency units: `spend` for the billed charge, else the name without `_local_micro`/`_micro`. */
export function unitsName(metric: string): string {
  if (metric === 'billed_charge_local_micro') return 'spend';
  return metric.replace(/(_local)?_micro$/, '');
}

export const isMicros = (metric: string): boolean => metric.endsWith('_micro');

const digitsCache = new Map<string, number>();

/** The decimals a currency is shown with (ISO 4217 minor units via Intl: 2 for USD, 0 for JPY); undefined when unknown. */
export function currencyDigits(currency: string | undefined): number | undefined {
  if (!currency || !isCurrency(currency)) return undefined;
  let d = digitsCache.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      return undefined;
    }
    digitsCache.set(currency, d);
  }
  return d;
}

/**
 * Micros as currency units rounded to `digits` decimals: microsToUnits then
 * roundDecimal, with integer arithmetic for the common case (a count of micros
 * ≥ 0, a safe integer): every step below is exact in a double.
 */
export function microsRounded(value: number | string | null | undefined, digits: number): string | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || !Number.isInteger(digits) || digits < 0 || digits > 6) {
    const units = microsToUnits(value);
    return units === null ? null : roundDecimal(units, digits);
  }
  const scale = 10 ** (6 - digits);
  const rest = value % scale;
  const q = (value - rest) / scale + (rest * 2 >= scale ? 1 : 0);
  if (!digits) return String(q);
  const unit = 10 ** digits;
  const frac = q % unit;
  return `${(q - frac) / unit}.${String(frac).padStart(digits, '0')}`;
}

/** A decimal string rounded half away from zero to `digits` decimals, exactly (string arithmetic, no float). */
export function roundDecimal(text: string, digits: number): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const frac = (m[3] ?? '').padEnd(digits + 1, '0');
  let n = BigInt(m[2]! + frac.slice(0, digits));
  if (Number(frac[digits]) >= 5) n += 1n;
  const s = n.toString().padStart(digits + 1, '0');
  const out = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  return m[1] && /[1-9]/.test(out) ? `-${out}` : out;
}
