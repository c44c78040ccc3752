// The last guard on what a tool call returns: every secret postctl knows of — each profile's stored secrets and
// tokens, the secret settings' environment variables — is replaced by "[redacted]" wherever it appears in a
// result, its text or a progress message. No verb that is a tool prints a secret; this holds if one ever did.
// Read before every call, because tokens rotate.
import { loadConfigData } from '../config/resolve.js';
import { SETTINGS } from '../config/schema.js';

const SECRET_KEY = /(secret|token|verifier|password|code_verifier)$/i;
const REDACTED = '[redacted]';

function collect(value: unknown, key: string, out: Set<string>): void {
  if (typeof value === 'string') {
    if (SECRET_KEY.test(key) && value.length >= 4) out.add(value);
  } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k, out);
}

/** The secret values of the config file and the environment, longest first (a secret inside another goes whole). */
export async function knownSecrets(env: NodeJS.ProcessEnv): Promise<string[]> {
  const out = new Set<string>();
  collect((await loadConfigData(env)).data, '', out);
  for (const s of SETTINGS) {
    const v = s.secret ? env[s.env] : undefined;
    if (v && v.length >= 4) out.add(v);
  }
  return [...out].sort((a, b) => b.length - a.length);
}

export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
    const enc = encodeURIComponent(s);
    if (enc !== s && out.includes(enc)) out = out.split(enc).join(REDACTED);
  }
  return out;
}

/** A deep copy with every string scrubbed (keys too: a secret is no safer as a name). */
export function scrubValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, secrets));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k, secrets), scrubValue(v, secrets)]));
  return value;
}
