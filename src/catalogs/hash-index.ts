// A compact open-addressing hash table keyed by 64-bit string hashes, with a
// few uint32 payload columns per entry, in typed arrays: about 20–40 bytes per
// key instead of the ~300 a Map of strings and objects costs, so a feed-wide
// index of a million products stays in tens of megabytes.

/** 64-bit hash of a string as two uint32 halves (cyrb53's mixing, both halves kept). */
export function hash64(s: string, seed = 0): [number, number] {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

export function hash32(s: string): number {
  return hash64(s, 0x9e3779b9)[0];
}

export class HashIndex {
  private keys: Uint32Array;
  private used: Uint8Array;
  private cols: Uint32Array;
  private mask: number;
  private count = 0;

  /** `width` uint32 payload columns per entry. */
  constructor(
    readonly width: number,
    initialCapacity = 1024,
  ) {
    let cap = 16;
    while (cap * 7 < initialCapacity * 10) cap *= 2;
    this.mask = cap - 1;
    this.keys = new Uint32Array(cap * 2);
    this.used = new Uint8Array(cap);
    this.cols = new Uint32Array(cap * width);
  }

  get size(): number {
    return this.count;
  }

  private slot(h1: number, h2: number): number {
    let i = (h1 ^ Math.imul(h2, 0x85ebca6b)) & this.mask;
    while (this.used[i] && !(this.keys[i * 2] === h1 && this.keys[i * 2 + 1] === h2)) i = (i + 1) & this.mask;
    return i;
  }

  /** Entry position of the key, or -1. */
  find(h1: number, h2: number): number {
    const i = this.slot(h1, h2);
    return this.used[i] ? i : -1;
  }

  /** Inserts the key with zeroed payload; returns its entry position and whether it was new. */
  insert(h1: number, h2: number): { at: number; added: boolean } {
    // Linear probing stays short below a load of 0.7.
    if ((this.count + 1) * 10 > (this.mask + 1) * 7) this.grow();
    const i = this.slot(h1, h2);
    if (this.used[i]) return { at: i, added: false };
    this.used[i] = 1;
    this.keys[i * 2] = h1;
    this.keys[i * 2 + 1] = h2;
    this.count++;
    return { at: i, added: true };
  }

  get(at: number, col: number): number {
    return this.cols[at * this.width + col]!;
  }

  set(at: number, col: number, value: number): void {
    this.cols[at * this.width + col] = value;
  }

  private grow(): void {
    const { keys, used, cols, width } = this;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.keys = new Uint32Array(cap * 2);
    this.used = new Uint8Array(cap);
    this.cols = new Uint32Array(cap * width);
    for (let j = 0; j < used.length; j++) {
      if (!used[j]) continue;
      const i = this.slot(keys[j * 2]!, keys[j * 2 + 1]!);
      this.used[i] = 1;
      this.keys[i * 2] = keys[j * 2]!;
      this.keys[i * 2 + 1] = keys[j * 2 + 1]!;
      this.cols.set(cols.subarray(j * width, (j + 1) * width), i * width);
    }
  }
}
