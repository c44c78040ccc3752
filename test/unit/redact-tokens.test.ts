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
});
