// Webhook challenge-response and delivery signatures. The spec leaves the CRC
// request and the receiver's answer "not shown"; the real API sends
// GET <webhook url>?crc_token=<token> and expects
// {"response_token":"sha256=<base64 HMAC-SHA256(consumer secret, token)>"},
// and signs each delivery's raw body the same way in the
// x-<service>-webhooks-signature header. Pure functions: no I/O.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** `sha256=` + base64 HMAC-SHA256 of the message, keyed with the consumer secret. */
export function webhookSignature(consumerSecret: string, message: string | Buffer): string {
  return PREFIX + createHmac('sha256', consumerSecret).update(message).digest('base64');
}

/** The JSON body a receiver must answer a CRC request with. */
export function crcResponse(consumerSecret: string, crcToken: string): { response_token: string } {
  return { response_token: webhookSignature(consumerSecret, crcToken) };
}

/**
 * The outcome only: the signature the body should carry is deliberately not part of it, so no caller can show
 * it. Printed on a mismatch, it would sign any body a sender chose (a signing oracle for the app's secret).
 */
export interface SignatureCheck {
  valid: boolean;
  /** Why the given header could not even be compared. */
  malformed?: string;
}

/** Compares a delivered signature header with the body's own, in constant time. */
export function verifyWebhookSignature(consumerSecret: string, body: Buffer | string, header: string): SignatureCheck {
  const expected = webhookSignature(consumerSecret, body);
  const given = header.trim();
  if (!given.toLowerCase().startsWith(PREFIX)) return { valid: false, malformed: `the signature must start with "${PREFIX}"` };
  const b64 = given.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return { valid: false, malformed: 'the signature after "sha256=" is not base64' };
  const digest = Buffer.from(b64, 'base64');
  if (digest.length !== 32)
    return { valid: false, malformed: `the signature decodes to ${digest.length} bytes, not the 32 of a SHA-256 HMAC` };
  const want = Buffer.from(expected.slice(PREFIX.length), 'base64');
  return { valid: timingSafeEqual(digest, want) };
}
