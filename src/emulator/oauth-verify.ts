// The emulator's own OAuth 1.0a verification (RFC 5849 §3.4), written
// independently of the client's oauth-1.0a package so a signing bug in the
// client cannot cancel itself out.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 unreserved characters stay, everything else is %XX (uppercase). */
export function rfc3986(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

function formDecode(s: string): string {
  return decodeURIComponent(s.replace(/\+/g, ' '));
}

export function parseQueryPairs(query: string): Array<[string, string]> {
  if (!query) return [];
  return query
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [formDecode(p), ''] : [formDecode(p.slice(0, i)), formDecode(p.slice(i + 1))];
    });
}

/** Parses `OAuth k="v", k2="v2"` into decoded pairs. */
export function parseAuthHeader(header: string): Record<string, string> | undefined {
  const m = /^OAuth\s+(.*)$/is.exec(header.trim());
  if (!m) return undefined;
  const out: Record<string, string> = {};
  const re = /([A-Za-z0-9_%\-.~]+)\s*=\s*"([^"]*)"/g;
  let part: RegExpExecArray | null;
  while ((part = re.exec(m[1]!))) out[decodeURIComponent(part[1]!)] = decodeURIComponent(part[2]!);
  return out;
}

export interface VerifyInput {
  method: string;
  /** scheme://host[:port]/path, lower-cased scheme and host, default port omitted. */
  baseUri: string;
  query: string;
  /** Form body text when the content type is application/x-www-form-urlencoded. */
  formBody?: string;
  oauth: Record<string, string>;
  consumerSecret: string;
  tokenSecret?: string;
}

function signatureBaseString(input: Omit<VerifyInput, 'consumerSecret' | 'tokenSecret'>): string {
  const pairs: Array<[string, string]> = [...parseQueryPairs(input.query), ...(input.formBody ? parseQueryPairs(input.formBody) : [])];
  for (const [k, v] of Object.entries(input.oauth)) if (k !== 'oauth_signature' && k !== 'realm') pairs.push([k, v]);
  const encoded = pairs.map(([k, v]) => [rfc3986(k), rfc3986(v)] as const);
  encoded.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const normalized = encoded.map(([k, v]) => `${k}=${v}`).join('&');
  return `${input.method.toUpperCase()}&${rfc3986(input.baseUri)}&${rfc3986(normalized)}`;
}

export function expectedSignature(input: VerifyInput): string {
  const key = `${rfc3986(input.consumerSecret)}&${rfc3986(input.tokenSecret ?? '')}`;
  return createHmac('sha1', key).update(signatureBaseString(input)).digest('base64');
}

export function signatureMatches(input: VerifyInput): boolean {
  const expected = Buffer.from(expectedSignature(input));
  const got = Buffer.from(input.oauth.oauth_signature ?? '');
  return expected.length === got.length && timingSafeEqual(expected, got);
}

export function baseUriOf(host: string, path: string, secure = false): string {
  const [h, port] = host.toLowerCase().split(/:(?=\d+$)/);
  const def = secure ? '443' : '80';
  return `${secure ? 'https' : 'http'}://${h}${port && port !== def ? `:${port}` : ''}${path}`;
}
