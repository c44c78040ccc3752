// Published OAuth 1.0a vectors, checked against both the client's signer
// (oauth-1.0a) and the emulator's independent verifier.
import { describe, expect, it } from 'vitest';
import { percentEncode, parseForm } from '../../src/http/encode.js';
import { signOAuth1 } from '../../src/http/oauth1.js';
import { expectedSignature, parseQueryPairs, rfc3986 } from '../../src/emulator/oauth-verify.js';

// The platform docs' "Creating a signature" example.
const DOCS = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: 1318622958,
  params: [
    ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
    ['include_entities', 'true'],
  ] as Array<[string, string]>,
};

describe('OAuth 1.0a signing (client, oauth-1.0a)', () => {
  it.each([
    ['https://api.twitter.com/1.1/statuses/update.json', 'hCtSmYh+iHYCEqBWrE7C7hYmtUk='],
    ['https://api.x.com/1.1/statuses/update.json', 'Ls93hJiZbQ3akF3HF3x1Bz8/zU4='],
  ])('platform docs example %s', (url, expected) => {
    const signed = signOAuth1(
      { consumerKey: DOCS.consumerKey, consumerSecret: DOCS.consumerSecret, token: DOCS.token, tokenSecret: DOCS.tokenSecret },
      { method: 'POST', url, params: DOCS.params, nonce: DOCS.nonce, timestamp: DOCS.timestamp },
    );
    expect(signed.signature).toBe(expected);
    expect(signed.header).toContain(`oauth_signature="${percentEncode(expected)}"`);
    expect(signed.baseString.startsWith('POST&https%3A%2F%2F')).toBe(true);
    expect(signed.baseString).toContain(
      'status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
  });

  it('RFC 5849 §3.4.1 example with errata 2550 (repeated a3, encoded c%40, empty c2)', () => {
    // POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b with body c2&a3=2+q
    const query = parseForm('b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const body = parseForm('c2&a3=2+q');
    const signed = signOAuth1(
      { consumerKey: '9djdj82h48djs9d2', consumerSecret: 'j49sk3j29djd', token: 'kkk9d7dh3k39sjv7', tokenSecret: 'dh893hdasih9' },
      {
        method: 'POST',
        url: 'http://example.com/request',
        params: [...query, ...body],
        nonce: '7d8f3e4a',
        timestamp: 137131201,
        omitVersion: true,
      },
    );
    expect(signed.baseString).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
    expect(signed.signature).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });
});

describe('OAuth 1.0a verification (emulator, own code)', () => {
  it('computes the platform docs signature independently', () => {
    const oauth = {
      oauth_consumer_key: DOCS.consumerKey,
      oauth_nonce: DOCS.nonce,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(DOCS.timestamp),
      oauth_token: DOCS.token,
      oauth_version: '1.0',
    };
    const formBody = 'include_entities=true&status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21';
    for (const [host, sig] of [
      ['api.twitter.com', 'hCtSmYh+iHYCEqBWrE7C7hYmtUk='],
      ['api.x.com', 'Ls93hJiZbQ3akF3HF3x1Bz8/zU4='],
    ]) {
      expect(
        expectedSignature({
          method: 'POST',
          baseUri: `https://${host}/1.1/statuses/update.json`,
          query: '',
          formBody,
          oauth,
          consumerSecret: DOCS.consumerSecret,
          tokenSecret: DOCS.tokenSecret,
        }),
      ).toBe(sig);
    }
  });

  it('computes the RFC 5849 errata signature independently', () => {
    const sig = expectedSignature({
      method: 'POST',
      baseUri: 'http://example.com/request',
      query: 'b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      formBody: 'c2&a3=2+q',
      oauth: {
        oauth_consumer_key: '9djdj82h48djs9d2',
        oauth_token: 'kkk9d7dh3k39sjv7',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '137131201',
        oauth_nonce: '7d8f3e4a',
        realm: 'Example',
      },
      consumerSecret: 'j49sk3j29djd',
      tokenSecret: 'dh893hdasih9',
    });
    expect(sig).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
    expect(parseQueryPairs('c2&a3=2+q')).toEqual([
      ['c2', ''],
      ['a3', '2 q'],
    ]);
  });
});

describe('RFC 3986 percent-encoding', () => {
  it("encodes space as %20 and reserved !*'() characters", () => {
    expect(percentEncode("a b+c!*'()~._-")).toBe('a%20b%2Bc%21%2A%27%28%29~._-');
    expect(rfc3986("a b+c!*'()~._-")).toBe('a%20b%2Bc%21%2A%27%28%29~._-');
    expect(percentEncode('☃')).toBe('%E2%98%83');
    expect(rfc3986('☃')).toBe('%E2%98%83');
  });
});
