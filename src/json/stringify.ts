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
