// PKCE (RFC 7636) and the OAuth 2.0 `state`: pure, so the challenge is
// unit-tested against the RFC's Appendix B vector.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A code verifier: 32 random bytes as base64url, 43 characters (RFC 7636 §4.1 allows 43-128). */
export function codeVerifier(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The S256 code challenge: BASE64URL(SHA256(ASCII(code_verifier))) without padding (§4.2). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** §4.1: 43 to 128 characters from the unreserved set. */
export function isValidVerifier(v: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(v);
}

/** A random `state` for the authorize request (CSRF check on return). */
export function randomState(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Constant-time comparison of the returned state with the one sent. */
export function sameState(expected: string, got: string | null | undefined): boolean {
  if (typeof got !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(got);
  return a.length === b.length && timingSafeEqual(a, b);
}
