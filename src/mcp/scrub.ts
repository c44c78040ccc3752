// The last guard on what a tool call returns: every secret postctl knows of — each profile's stored secrets and
// tokens, the secret settings' environment variables — and the value of every other environment variable whose
// name says it holds a secret (OTHER_API_KEY, GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD: the server runs
// among other programs' keys, and a read tool that echoes a value must not carry them to the agent) is replaced
// by "[redacted]" wherever it appears in a result, its text or a progress message. No verb that is a tool prints
// a secret; this holds if one ever did. Read before every call, because tokens rotate.
import { loadConfigData } from '../config/resolve.js';
import { SETTINGS } from '../config/schema.js';

const SECRET_KEY = /(secret|token|verifier|password|code_verifier)$/i;
/** Environment names that look secret: *_KEY, *_TOKEN, *_SECRET, anything with PASSWORD. */
const SECRET_ENV = /(?:_KEY|_TOKEN|_SECRET)$|PASSWORD/i;
/** postctl's own settings that are not secret (the consumer key is an id): shown as they are. */
const PLAIN_ENV = new Set(SETTINGS.filter((s) => !s.secret).map((s) => s.env));
/**
 * Other programs' values shorter than this are left alone: a key is long, and scrubbing `true` or `dev`
 * from every result would garble it for nothing.
 */
const MIN_FOREIGN = 8;
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
  for (const [name, v] of Object.entries(env))
    if (v && v.length >= MIN_FOREIGN && SECRET_ENV.test(name) && !PLAIN_ENV.has(name)) out.add(v);
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
