// The floor for `postctl posts lookup` in the start-up benchmark: the least a
// Node program using undici (loaded the way postctl's build loads it: client,
// dispatcher and request API only, llhttp read from a .wasm file, HTTP/2 not
// loaded, --liftoff-only turned on right before llhttp compiles) can do for one OAuth 1.0a HMAC-SHA1 signed GET — no argument
// parsing, settings, validation, errors or output formats. Whatever postctl
// adds on top is the CLI's own cost. Environment: POSTCTL_API_URL and the
// four POSTCTL_* credentials, as the emulator prints them.
import { createHmac, randomBytes } from 'node:crypto';
import Client from 'undici/lib/dispatcher/client.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';

Object.assign(Dispatcher.prototype, api);

const env = process.env;
const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const base = new URL(env.POSTCTL_API_URL);
const path = env.BENCH_PEER_PATH ?? '/2/tweets';
const query = { ids: '20' };
const oauth = {
  oauth_consumer_key: env.POSTCTL_CONSUMER_KEY,
  oauth_nonce: randomBytes(16).toString('hex'),
  oauth_signature_method: 'HMAC-SHA1',
  oauth_timestamp: String(Math.floor(Date.now() / 1000)),
  oauth_token: env.POSTCTL_ACCESS_TOKEN,
  oauth_version: '1.0',
};
// RFC 5849 §3.4.1: sorted, encoded parameters of the query and the oauth_* set.
const params = Object.entries({ ...query, ...oauth })
  .map(([k, v]) => `${enc(k)}=${enc(v)}`)
  .sort();
const baseString = ['GET', enc(`${base.origin}${path}`), enc(params.join('&'))].join('&');
oauth.oauth_signature = createHmac('sha1', `${enc(env.POSTCTL_CONSUMER_SECRET)}&${enc(env.POSTCTL_ACCESS_TOKEN_SECRET)}`)
  .update(baseString)
  .digest('base64');
const authorization = `OAuth ${Object.entries(oauth)
  .map(([k, v]) => `${enc(k)}="${enc(v)}"`)
  .join(', ')}`;

const res = await new Client(base.origin).request({ method: 'GET', path: `${path}?ids=20`, headers: { authorization } });
const body = await res.body.text();
if (res.statusCode !== 200) {
  process.stderr.write(`${res.statusCode} ${body}\n`);
  process.exit(1);
}
process.stdout.write(`${body}\n`);
process.exit(0);
