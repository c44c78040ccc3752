// The emulator's record of hashed identifiers: SHA-256 digests kept as words in typed arrays (millions of them
// cost bytes, not objects), and the identifiers an audience or do-not-reach list received, per operation type.
// Byte value of each pair of lowercase hex characters (index: first << 7 | second), -1 for anything else.
export const PAIR = new Int16Array(128 * 128).fill(-1);
{
  const hex = '0123456789abcdef';
  for (let a = 0; a < 16; a++) for (let b = 0; b < 16; b++) PAIR[(hex.charCodeAt(a) << 7) | hex.charCodeAt(b)] = a * 16 + b;
}

/**
 * A set of SHA-256 digests kept as 8 words each in one typed array (open
 * addressing): no object per identifier, so millions of them cost 44 bytes
 * each and no garbage-collector time.
 */
export class DigestSet {
  size = 0;
  private cap = 1 << 12;
  private words = new Uint32Array(this.cap * 8);
  private used = new Uint8Array(this.cap);
  private scratch = new Uint32Array(8);

  /** Decodes lowercase 64-hex into 8 words at `at`; false when it is not a digest. */
  static decode(hex: string, into: Uint32Array, at: number): boolean {
    if (hex.length !== 64) return false;
    for (let w = 0, p = 0; w < 8; w++) {
      let x = 0;
      for (let j = 0; j < 4; j++, p += 2) {
        const a = hex.charCodeAt(p);
        const b = hex.charCodeAt(p + 1);
        const v = (a | b) < 128 ? PAIR[(a << 7) | b]! : -1;
        if (v < 0) return false;
        x = (x << 8) | v;
      }
      into[at + w] = x;
    }
    return true;
  }

  /** Adds a digest; returns false when it was there already (or is not a digest). */
  add(hex: string): boolean {
    return DigestSet.decode(hex, this.scratch, 0) && this.addWords(this.scratch, 0);
  }

  /** Adds a decoded digest (8 words at `at`). */
  addWords(words: Uint32Array, at: number): boolean {
    if ((this.size + 1) * 4 > this.cap * 3) this.grow();
    return this.put(words, at);
  }

  has(hex: string): boolean {
    if (!DigestSet.decode(hex, this.scratch, 0)) return false;
    const mask = this.cap - 1;
    for (let i = this.scratch[0]! & mask; this.used[i]; i = (i + 1) & mask) if (this.equals(i, this.scratch, 0)) return true;
    return false;
  }

  *values(): IterableIterator<string> {
    for (let i = 0; i < this.cap; i++) {
      if (!this.used[i]) continue;
      let s = '';
      for (let w = 0; w < 8; w++) s += this.words[i * 8 + w]!.toString(16).padStart(8, '0');
      yield s;
    }
  }

  private equals(slot: number, src: Uint32Array, at: number): boolean {
    const b = slot * 8;
    for (let k = 0; k < 8; k++) if (this.words[b + k] !== src[at + k]) return false;
    return true;
  }

  private put(src: Uint32Array, at: number): boolean {
    const mask = this.cap - 1;
    let i = src[at]! & mask;
    while (this.used[i]) {
      if (this.equals(i, src, at)) return false;
      i = (i + 1) & mask;
    }
    this.words.set(src.subarray(at, at + 8), i * 8);
    this.used[i] = 1;
    this.size++;
    return true;
  }

  private grow(): void {
    const { words, used, cap } = this;
    this.cap = cap * 2;
    this.words = new Uint32Array(this.cap * 8);
    this.used = new Uint8Array(this.cap);
    this.size = 0;
    for (let i = 0; i < cap; i++) if (used[i]) this.put(words, i * 8);
  }
}

/** Log entries kept before they are folded into the set (64 MB). */
const FOLD_AT = 2_000_000;

/**
 * Digests as received: appended to a log (a straight copy, which keeps a
 * batch's cost near its parsing), folded into the distinct set when someone
 * asks or the log grows large.
 */
export class DigestStore {
  /** Digests received, duplicates included. */
  received = 0;
  private set = new DigestSet();
  private log = new Uint32Array(8 * 4096);
  private logged = 0;

  /** Appends `count` decoded digests starting at word `from`. */
  append(words: Uint32Array, from: number, count: number): void {
    if (this.logged + count > FOLD_AT) this.fold();
    const need = (this.logged + count) * 8;
    if (need > this.log.length) {
      const grown = new Uint32Array(Math.max(need, this.log.length * 2));
      grown.set(this.log.subarray(0, this.logged * 8));
      this.log = grown;
    }
    this.log.set(words.subarray(from, from + count * 8), this.logged * 8);
    this.logged += count;
    this.received += count;
  }

  private fold(): void {
    for (let i = 0; i < this.logged; i++) this.set.addWords(this.log, i * 8);
    this.logged = 0;
  }

  /** Distinct digests. */
  get size(): number {
    this.fold();
    return this.set.size;
  }

  has(hex: string): boolean {
    this.fold();
    return this.set.has(hex);
  }

  values(): IterableIterator<string> {
    this.fold();
    return this.set.values();
  }
}

export type OperationType = 'Update' | 'Delete';

/** Every identifier received, per operation type and field: digests, or partner ids as given. */
export class Received {
  private byOp = new Map<string, DigestStore | Set<string>>();

  field(op: OperationType, field: string): DigestStore | Set<string> {
    const key = `${op}:${field}`;
    let set = this.byOp.get(key);
    if (!set) {
      set = field === 'partner_user_id' ? new Set<string>() : new DigestStore();
      this.byOp.set(key, set);
    }
    return set;
  }

  /** Distinct identifiers of one operation type (all fields). */
  count(op: OperationType): number {
    let n = 0;
    for (const [key, set] of this.byOp) if (key.startsWith(`${op}:`)) n += set.size;
    return n;
  }
}
