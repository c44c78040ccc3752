// Identifier normalization before hashing, following the platform's published
// rules: remove all whitespace and lowercase everything, then per kind. A value
// that breaks a rule comes back as a Reject with the reason; it is never sent.
import { PATTERNS, PHONE_DIGITS, type IdentifierKind } from '../validate/audiences.js';

export class Reject {
  constructor(readonly reason: string) {}
}

export interface NormalizeOptions {
  /** Input is already SHA-256 hex: checked, lowercased, not hashed again. */
  hashed?: boolean;
  /** Calling code ('44') that turns national phone numbers into international ones. */
  callingCode?: string;
}

const WHITESPACE = /\s+/g;
const PHONE_FORMATTING = /[+\-.()]/g;
const LEADING_ZEROS = /^0+/;

const HAS_WHITESPACE = /\s/;

// Most values hold no whitespace: testing first skips building a copy of each.
const squash = (raw: string): string => (HAS_WHITESPACE.test(raw) ? raw.replace(WHITESPACE, '') : raw).toLowerCase();

function phone(s: string, opts: NormalizeOptions): string | Reject {
  const cleaned = s.replace(PHONE_FORMATTING, '');
  if (!PATTERNS.digits.test(cleaned)) return new Reject('only digits and the formatting characters + - . ( ) and spaces are allowed');
  // '+' or the '00' international prefix: the number carries its country code.
  const international = s.startsWith('+') || cleaned.startsWith('00');
  let digits = cleaned.replace(LEADING_ZEROS, '');
  if (!international) {
    if (opts.callingCode) {
      // In the North American plan a national number never starts with 1, so 1 + 10 digits is already international.
      const nanpInternational = opts.callingCode === '1' && digits.length === 11 && digits.startsWith('1');
      if (!nanpInternational) digits = opts.callingCode + digits;
    } else if (cleaned.startsWith('0')) {
      return new Reject('a national number (leading 0) needs its country code: write it as +<country code>… or pass --default-country');
    }
  }
  if (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max) {
    return new Reject(`must be ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits including the country code (got ${digits.length})`);
  }
  return digits;
}

/**
 * The normalized value to hash (or, with `hashed`, the digest itself; for
 * partner_user_id, the value to send as is), or a Reject.
 */
export function normalize(kind: IdentifierKind, raw: string, opts: NormalizeOptions = {}): string | Reject {
  if (kind === 'partner_user_id') {
    // The partner's own id, sent unhashed and verbatim: its case may matter, so only surrounding blanks go.
    const v = raw.trim();
    return v ? v : new Reject('empty');
  }
  // Emails are trimmed and lowercased only (the reference's rule): a blank inside is an error, not removed.
  const s = kind === 'email' ? raw.trim().toLowerCase() : squash(raw);
  if (!s) return new Reject('empty');
  if (opts.hashed)
    return PATTERNS.sha256.test(s)
      ? s
      : new Reject(
          `--hashed expects a SHA-256 digest, 64 hex characters (${s.length === 64 ? 'not hexadecimal' : `got ${s.length} characters`})`,
        );
  switch (kind) {
    case 'email':
      return PATTERNS.email.test(s)
        ? s
        : new Reject(
            'not a valid address after trimming and lowercasing: it needs one @, a name before it and a domain with a dot after it',
          );
    case 'handle': {
      const h = s.startsWith('@') ? s.slice(1) : s;
      return PATTERNS.handle.test(h) ? h : new Reject('only letters, digits and _ are allowed (after the leading @)');
    }
    case 'device_id':
      return PATTERNS.device_id.test(s) ? s : new Reject('only letters, digits and inner dashes are allowed (at least 3 characters)');
    case 'user_id': {
      const d = s.replace(PHONE_FORMATTING, '').replace(LEADING_ZEROS, '');
      return PATTERNS.digits.test(d) ? d : new Reject('must be a numeric id');
    }
    case 'phone':
      return phone(s, opts);
  }
}

/** Whether the kind's normalized value is hashed before sending. */
export const isHashedKind = (kind: IdentifierKind): boolean => kind !== 'partner_user_id';
