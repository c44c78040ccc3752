// OAuth 1.0a HMAC-SHA1 signing (user context) on top of the oauth-1.0a package.
// We hand the package already-decoded parameters (never a URL with a query) so
// repeated names and encoded names (c%40 in RFC 5849's example) are signed right.
import { createHmac, randomBytes } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { Params } from './encode.js';

export interface OAuthCredentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string | undefined;
  tokenSecret?: string | undefined;
}

export interface SignInput {
  method: string;
  /** URL without query string. */
  url: string;
  /** Query and form parameters (not JSON bodies), decoded. */
  params: Params;
  /** Extra oauth_* protocol parameters, e.g. oauth_callback or oauth_verifier. */
  extra?: Record<string, string>;
  /** For published test vectors only. */
  nonce?: string;
  timestamp?: number;
  /** oauth_version is OPTIONAL (RFC 5849 §3.1); RFC 5849's own example omits it. */
  omitVersion?: boolean;
}

export interface Signed {
  header: string;
  signature: string;
  baseString: string;
}

function paramsToData(params: Params): Record<string, string | string[]> {
  const data: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = data[k];
    if (prev === undefined) data[k] = v;
    else data[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return data;
}

export function signOAuth1(creds: OAuthCredentials, input: SignInput): Signed {
  const oauth = new OAuth({
    consumer: { key: creds.consumerKey, secret: creds.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base: string, key: string) => createHmac('sha1', key).update(base).digest('base64'),
    // A fresh 32-character ASCII nonce per call: every retry is signed anew.
    nonce_length: 32,
  });
  const token = creds.token !== undefined ? { key: creds.token, secret: creds.tokenSecret ?? '' } : undefined;
  const oauthData: Record<string, string> = {
    oauth_consumer_key: creds.consumerKey,
    oauth_nonce: input.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
    ...(input.omitVersion ? {} : { oauth_version: '1.0' }),
    ...(token ? { oauth_token: token.key } : {}),
    ...input.extra,
  };
  const request = { url: input.url, method: input.method.toUpperCase(), data: paramsToData(input.params) };
  const data = oauthData as unknown as OAuth.Data;
  const baseString = oauth.getBaseString(request, data);
  const signature = oauth.getSignature(request, token?.secret ?? '', data);
  const header = oauth.toHeader({ ...oauthData, oauth_signature: signature } as OAuth.Authorization).Authorization;
  return { header, signature, baseString };
}
