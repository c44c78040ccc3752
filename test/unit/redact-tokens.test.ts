// Token-shaped keys are redacted from any text, even text that no longer parses.
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/http/redact.js';

describe('Redactor.text: token-shaped pairs', () => {
  const r = new Redactor();
  it.each([
    ['{"access_token":"abc123","refresh_token":"def456"}junk', '{"access_token":"[redacted]","refresh_token":"[redacted]"}junk'],
    ['x=1&refresh_token=zz9&a=2', 'x=1&refresh_token=[redacted]&a=2'],
    [JSON.stringify({ m: '{"access_token":"SECRET1"}' }), '{"m":"{\\"access_token\\":\\"[redacted]\\"}"}'],
    ['client_secret: s3cr3t', 'client_secret: [redacted]'],
  ])('%s', (input, out) => {
    expect(r.text(input)).toBe(out);
  });
  it('leaves names without a value and other keys alone', () => {
    for (const t of ['set POSTCTL_BEARER_TOKEN, or run', '"token_type":"bearer"', 'the token endpoint answered without an access_token'])
      expect(r.text(t)).toBe(t);
  });
  it('hides the secret only, never the ordinary words next to it', () => {
    const s = new Redactor();
    s.add('AAAAsecretBBBB');
    for (const [input, out] of <Array<[string, string]>>[
      ['refresh_token=abc123 not accepted', 'refresh_token=[redacted] not accepted'],
      ['"access_token":"zz9" not valid, token: not found', '"access_token":"[redacted]" not valid, token: not found'],
      ['invalid token: not a bearer token', 'invalid token: not a bearer token'],
      ['client_secret: not set; password: none given', 'client_secret: not set; password: none given'],
      ['bearer AAAAsecretBBBB not accepted: the token is not valid', 'bearer [redacted] not accepted: the token is not valid'],
      ['oauth_token: 1460323737035677698-Xyz not known', 'oauth_token: [redacted] not known'],
      ['access_token: k7Q2abcdefghijklmnopqrstu not', 'access_token: [redacted] not'],
    ])
      expect(s.text(input)).toBe(out);
  });
});
