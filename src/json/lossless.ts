// JSON without rounding: integers beyond 2^53 (ads ids and counters such as
// 1600000000000004771) become BigInt when parsed and are written back as the
// same digits. Safe integers and every other number stay plain numbers, so code
// that reads bodies is unaffected. Most bodies hold no long bare number at all
// (platform ids are strings) and take the fast path: plain JSON.parse.
import { isInteger, isSafeNumber, parse } from 'lossless-json';

// A bare number of 16+ digits after `:`, `[` or `,`: 2^53 has 16 digits. A match
// inside a string only costs the slower parse, never a wrong value.
const LONG_NUMBER = /[:,[]\s*-?\d{16}/;

let bigintsMade = false;

function number(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** JSON.parse that keeps integers beyond 2^53 exact (as BigInt). Throws SyntaxError like JSON.parse. */
export function parseJson(text: string): unknown {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  const value = parse(text, null, number);
  bigintsMade = true;
  return value;
}

// BigInts are swapped for a marked string by the replacer and the marks are
// then unquoted; the nonce keeps a real string from ever looking like a mark.
const NONCE = Math.random().toString(36).slice(2, 10);
const MARK = `\u0001${NONCE}:`;
const MARKED = new RegExp(`"\\\\u0001${NONCE}:(-?\\d+)"`, 'g');
const replacer = (_key: string, v: unknown): unknown => (typeof v === 'bigint' ? MARK + v.toString() : v);

/** JSON.stringify that writes BigInt values as bare integers. */
export function stringifyJson(value: unknown, space?: number): string {
  if (!bigintsMade) {
    try {
      return JSON.stringify(value, null, space);
    } catch (e) {
      // A BigInt from elsewhere (money in micros): take the slow path below.
      if (!(e instanceof TypeError)) throw e;
    }
  }
  return JSON.stringify(value, replacer, space).replace(MARKED, '$1');
}
