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

describe('Redactor: paging tokens are shown, secrets next to them are not', () => {
  const r = new Redactor();
  it('next_token, pagination_token and previous_token keep their values in text, URLs, bodies and headers', () => {
    expect(r.text('{"meta":{"next_token":"7140dibdnow9c7btw4"},"access_token":"abc123"}')).toBe(
      '{"meta":{"next_token":"7140dibdnow9c7btw4"},"access_token":"[redacted]"}',
    );
    expect(r.url('https://api.x.com/2/tweets/search/recent?query=a&pagination_token=b26v89c19zqg8o3fo7&oauth_token=zz9')).toBe(
      'https://api.x.com/2/tweets/search/recent?query=a&pagination_token=b26v89c19zqg8o3fo7&oauth_token=[redacted]',
    );
    expect(r.body('{"meta":{"previous_token":"p1x2","next_token":"n1x2"},"refresh_token":"r1x2"}')).toBe(
      '{"meta":{"previous_token":"p1x2","next_token":"n1x2"},"refresh_token":"[redacted]"}',
    );
    expect(r.header('x-next_token', 'abc')).toBe('[redacted]');
  });
  it('a name that only ends like one is still secret', () => {
    expect(r.text('my_next_token=abc123&xnext_token=def456')).toBe('my_next_token=[redacted]&xnext_token=[redacted]');
    expect(r.body('{"session_next_token":"s"}')).toBe('{"session_next_token":"[redacted]"}');
  });
});
