// Webhook CRC responses and delivery signatures against independently computed
// HMAC-SHA256 values: RFC 4231 test case 2 (published hex digest, converted to
// base64 here) and the openssl command line.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { crcResponse, verifyWebhookSignature, webhookSignature } from '../../src/platform/crc.js';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function opensslHmac(key: string, message: string): string {
  const raw = execFileSync('openssl', ['dgst', '-sha256', '-hmac', key, '-binary'], { input: message });
  return raw.toString('base64');
}

describe('webhooks crc', () => {
  it('matches RFC 4231 test case 2 (key "Jefe")', () => {
    const published = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    const expected = Buffer.from(published, 'hex').toString('base64');
    expect(crcResponse('Jefe', 'what do ya want for nothing?')).toEqual({ response_token: `sha256=${expected}` });
  });

  it.skipIf(!hasOpenssl)('matches openssl for the emulator secret and a CRC token', () => {
    const secret = 'emu-consumer-secret-0123456789';
    const token = 'crc-token-9b4507b3-8ee6-4b4d-a25a-6cfe3c3c0b11';
    expect(crcResponse(secret, token).response_token).toBe(`sha256=${opensslHmac(secret, token)}`);
  });

  it('differs when the secret or the token differs', () => {
    const a = webhookSignature('secret-a', 'token');
    expect(webhookSignature('secret-b', 'token')).not.toBe(a);
    expect(webhookSignature('secret-a', 'token2')).not.toBe(a);
  });
});

describe('webhooks verify-signature', () => {
  const secret = 'emu-consumer-secret-0123456789';
  const body = Buffer.from('{"for_user_id":"2244994945","events":[{"id":"1"}]}');
  const good = webhookSignature(secret, body);

  it('accepts the signature of the exact body', () => {
    expect(verifyWebhookSignature(secret, body, good)).toEqual({ valid: true });
    expect(verifyWebhookSignature(secret, body, `  ${good}\n`).valid).toBe(true);
  });

  it('rejects a body changed by one byte (a trailing newline)', () => {
    expect(verifyWebhookSignature(secret, Buffer.concat([body, Buffer.from('\n')]), good).valid).toBe(false);
  });

  it('rejects another secret, and says why a header is malformed', () => {
    expect(verifyWebhookSignature('other', body, good)).toMatchObject({ valid: false });
    expect(verifyWebhookSignature(secret, body, good.slice(7)).malformed).toMatch(/must start with "sha256="/);
    expect(verifyWebhookSignature(secret, body, 'sha256=not base64!').malformed).toMatch(/not base64/);
    expect(verifyWebhookSignature(secret, body, 'sha256=YWJj').malformed).toMatch(/3 bytes/);
  });
});
