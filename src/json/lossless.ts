// JSON without rounding: integers beyond 2^53 (ads ids and counters such as
// 1600000000000004771) become BigInt when parsed; stringifyJson
// (src/json/stringify.ts) writes them back as the same digits. Safe integers
// and every other number stay plain numbers, so code that reads bodies is
// unaffected. Most bodies hold no long bare number at all (platform ids are
// strings) and take the fast path: plain JSON.parse.
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import { noteBigInts } from './stringify.js';

export { stringifyJson } from './stringify.js';

// A bare number of 16+ digits after `:`, `[` or `,`: 2^53 has 16 digits. A match
// inside a string only costs the slower parse, never a wrong value.
const LONG_NUMBER = /[:,[]\s*-?\d{16}/;

function number(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** JSON.parse that keeps integers beyond 2^53 exact (as BigInt). Throws SyntaxError like JSON.parse. */
export function parseJson(text: string): unknown {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  const value = parse(text, null, number);
  noteBigInts();
  return value;
}
