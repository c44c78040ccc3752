// OAuth 1.0a signatures over values with RFC 3986 reserved characters
// (`*`, `!`, `'`, `(`, `)`, space, `+`, unicode), checked against a base
// string written out by hand from RFC 5849 §3.4.1 and an HMAC-SHA1 computed
// here, and — on random parameters — against the emulator's own verifier.
// The signer's percent-encoding comes from the oauth-1.0a package: a copy of
// it that stops encoding `*` (or any of these) fails here.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeParams, type Params } from '../../src/http/encode.js';
import { signOAuth1 } from '../../src/http/oauth1.js';
import { parseAuthHeader, signatureMatches } from '../../src/emulator/oauth-verify.js';

const CREDS = { consumerKey: 'ck-1', consumerSecret: 'c*s(e)cret!', token: '42-tok', tokenSecret: "t'ok*en s" };

/** RFC 3986 §2.3: only ALPHA DIGIT - . _ ~ stay; every other UTF-8 byte is %XX (upper case). */
function rfcEncode(s: string): string {
  return [...new TextEncoder().encode(s)]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9._~-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

describe('signature over reserved characters (RFC 5849 §3.4.1, computed independently)', () => {
  const params: Params = [
    ['q', 'a*b'],
    ['status', "Hi (there)! it's 2*3 + ü"],
    ['q', '*'],
  ];
  const signed = signOAuth1(CREDS, {
    method: 'post',
    url: 'https://api.example.com/1.1/x.json',
    params,
    nonce: 'n0nce',
    timestamp: 1700000000,
  });

  it("the base string encodes * ! ' ( ) space + and UTF-8, and sorts repeated names by value", () => {
    // Written out by hand: parameters encoded once and sorted, then the whole list encoded again.
    const normalized = [
      'oauth_consumer_key=ck-1',
      'oauth_nonce=n0nce',
      'oauth_signature_method=HMAC-SHA1',
      'oauth_timestamp=1700000000',
      'oauth_token=42-tok',
      'oauth_version=1.0',
      'q=%2A',
      'q=a%2Ab',
      'status=Hi%20%28there%29%21%20it%27s%202%2A3%20%2B%20%C3%BC',
    ].join('&');
    expect(rfcEncode(normalized)).toBe(
      'oauth_consumer_key%3Dck-1%26oauth_nonce%3Dn0nce%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_token%3D42-tok%26oauth_version%3D1.0%26q%3D%252A%26q%3Da%252Ab%26status%3DHi%2520%2528there%2529%2521%2520it%2527s%25202%252A3%2520%252B%2520%25C3%25BC',
    );
    expect(signed.baseString).toBe(`POST&https%3A%2F%2Fapi.example.com%2F1.1%2Fx.json&${rfcEncode(normalized)}`);
  });

  it('the signature is HMAC-SHA1 keyed with both encoded secrets', () => {
    const key = `${rfcEncode(CREDS.consumerSecret)}&${rfcEncode(CREDS.tokenSecret)}`;
    expect(key).toBe('c%2As%28e%29cret%21&t%27ok%2Aen%20s');
    expect(signed.signature).toBe(createHmac('sha1', key).update(signed.baseString).digest('base64'));
  });

  it("the emulator's verifier accepts the request as the client sends it", () => {
    const oauth = parseAuthHeader(signed.header)!;
    expect(oauth.oauth_signature).toBe(signed.signature);
    const input = {
      method: 'POST',
      baseUri: 'https://api.example.com/1.1/x.json',
      query: '',
      formBody: encodeParams(params),
      oauth,
      consumerSecret: CREDS.consumerSecret,
      tokenSecret: CREDS.tokenSecret,
    };
    expect(signatureMatches(input)).toBe(true);
    expect(
      signatureMatches({
        ...input,
        formBody: encodeParams([
          ['q', 'a*b'],
          ['q', '*'],
          ['status', 'Hi'],
        ]),
      }),
    ).toBe(false);
  });
});

// Characters that encoders get wrong, mixed with plain text and any unicode.
const tricky = fc.oneof(
  fc.constantFrom('!', '*', "'", '(', ')', ' ', '+', '%', '&', '=', '~', '/', '?', '#', ',', ':', '@', 'é', '☃', '𝄞'),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const text = fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join(''));
// Names from a small set so repeated names are common.
const name = fc.oneof(
  fc.constantFrom('a', 'a*', 'b (1)', "it's", 'ü'),
  text.filter((s) => s.length > 0),
);
const pairs = fc.array(fc.tuple(name, text), { maxLength: 8 });

describe("property: the client signature equals the emulator's independent verifier", () => {
  it('on random query and form parameters, secrets and paths with reserved characters', () => {
    fc.assert(
      fc.property(
        pairs,
        pairs,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        text,
        text,
        fc.constantFrom('/2/tweets', '/12/accounts/a*b/x', '/1.1/%28p%29'),
        (query, form, method, consumerSecret, tokenSecret, path) => {
          const creds = { consumerKey: 'key', consumerSecret, token: 'tok', tokenSecret };
          const url = `http://127.0.0.1:8080${path}`;
          const signed = signOAuth1(creds, { method, url, params: [...query, ...form] });
          const oauth = parseAuthHeader(signed.header)!;
          const input = {
            method,
            baseUri: url,
            query: encodeParams(query),
            formBody: encodeParams(form),
            oauth,
            consumerSecret,
            tokenSecret,
          };
          expect(signatureMatches(input)).toBe(true);
          // A wrong secret never verifies.
          expect(signatureMatches({ ...input, tokenSecret: `${tokenSecret}x` })).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
