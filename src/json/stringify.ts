// JSON.stringify that writes BigInt values (integers beyond 2^53 kept by
// src/json/lossless.ts) as bare integers. No dependencies: the output layer
// and error rendering load it on every run, the parser only when a body is read.

let bigintsMade = false;

/** Called by the parser when it produced a BigInt: from then on the replacer is needed. */
export function noteBigInts(): void {
  bigintsMade = true;
}

// BigInts are swapped for a marked string by the replacer and the marks are
// then unquoted; the nonce keeps a real string from ever looking like a mark.
const NONCE = Math.random().toString(36).slice(2, 10);
const MARK = `\u0001${NONCE}:`;
const MARKED = new RegExp(`"\\\\u0001${NONCE}:(-?\\d+)"`, 'g');
const replacer = (_key: string, v: unknown): unknown => (typeof v === 'bigint' ? MARK + v.toString() : v);

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

/**
 * The same text as stringifyJson(value) (compact), in pieces: an object whose
 * last member is an array of objects comes out member by member of that array,
 * so a big element (a stats series per segment) is never one string of many
 * megabytes — such strings are made outside the young generation and each one
 * counts towards the next full collection.
 */
export function* stringifyJsonPieces(value: unknown): Generator<string> {
  const plain = value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value);
  const keys = plain ? Object.keys(value) : [];
  const last = keys[keys.length - 1];
  const list = last === undefined ? undefined : (value as Record<string, unknown>)[last];
  if (!Array.isArray(list) || list.length < 2 || !list.every((x) => x !== null && typeof x === 'object' && !('toJSON' in x))) {
    yield stringifyJson(value);
    return;
  }
  const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete rest[last!];
  const head = stringifyJson(rest);
  yield `${head === '{}' ? '{' : `${head.slice(0, -1)},`}${stringifyJson(last)}:[`;
  for (let i = 0; i < list.length; i++) yield (i ? ',' : '') + stringifyJson(list[i]);
  yield ']}';
}
