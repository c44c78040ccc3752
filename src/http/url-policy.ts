// HTTPS is required for every base URL except loopback hosts (the emulator).
import { InputError } from '../errors/cli-error.js';

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export function assertSafeBaseUrl(raw: string, name = 'base URL'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError(`${name} ${JSON.stringify(raw)} is not a valid URL`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw new InputError(`${name} ${raw} must use https:// (plain http is allowed only for loopback hosts such as 127.0.0.1)`);
}
