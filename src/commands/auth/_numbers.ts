// Numeric flags of the browser logins (`auth login`, `auth oauth2`).
import { InputError } from '../../errors/cli-error.js';

export function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535)
    throw new InputError(`--callback-port must be a port number from 1 to 65535 (got ${JSON.stringify(value)})`);
  return n;
}

export function parseWait(value: string | undefined): number {
  const n = Number(value ?? 300);
  if (!Number.isFinite(n) || n <= 0) throw new InputError(`--wait must be a positive number of seconds (got ${JSON.stringify(value)})`);
  return n * 1000;
}
