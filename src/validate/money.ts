// Decimal money strings to micro units, exactly (no floating point).
// "2.50" → 2500000n; more than 6 decimals is an error, not a rounding.
export function toMicros(input: string): bigint {
  const s = input.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`must be a decimal amount such as 2.50 (got ${JSON.stringify(input)})`);
  const whole = m[1]!;
  const frac = m[2] ?? '';
  if (frac.length > 6) {
    if (/^0*$/.test(frac.slice(6))) return toMicros(`${whole}.${frac.slice(0, 6)}`);
    throw new Error(`has more decimals than a micro unit can hold (at most 6; got ${JSON.stringify(input)})`);
  }
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0') || '0');
}

/** 2500000n → "2.5" (for showing amounts back to people). */
export function fromMicros(micros: bigint | string | number): string {
  const v = BigInt(micros);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}
