// Users → request bodies. A user is encoded once, straight into the bytes of
// the batch's body, so a batch's size is known as it fills, boundaries depend
// only on the input and the options (a rerun with --resume cuts the same
// batches), and no object per user outlives its line: memory is the batches in
// flight, and the garbage collector has little to do.
import { apiField, IDENTIFIER_KINDS, USERS_LIMITS, type IdentifierKind } from '../validate/audiences.js';
import { sha256Hex } from './hash.js';
import { Reject, isHashedKind, normalize, type NormalizeOptions } from './normalize.js';
import type { NameStyle } from '../wire/names.js';

export interface Rejected {
  line: number;
  field: string;
  value: string;
  reason: string;
}

export interface Batch {
  /** 0-based sequence number: the same input and options give the same numbers. */
  index: number;
  /** Users in the batch. */
  count: number;
  /** The whole request body: a JSON array holding one operation. */
  body: Buffer;
  /** Where each user's JSON starts and ends in the body (for resending a subset). */
  starts: Int32Array;
  ends: Int32Array;
  /** Input line of each user (operation_errors indexes map through this). */
  lines: Int32Array;
  /** The buffer the body lives in (handed back to the batcher for reuse). */
  buffer: Buffer;
}

export type Wrap = readonly [string, string];
export const NO_WRAP: Wrap = ['', ''];

const ORDER = new Map<IdentifierKind, number>(IDENTIFIER_KINDS.map((k, i) => [k, i]));
const ASCII = /^[\x20-\x7e]*$/;
const utf8Bytes = (text: string): number => (ASCII.test(text) ? text.length : Buffer.byteLength(text));

/** Normalizes, hashes and encodes users; rejected values go to `onReject`. */
export class UserEncoder {
  invalidValues = 0;
  /** UTF-8 size of the last item returned (digests are ASCII: only partner ids need counting). */
  lastBytes = 0;

  constructor(
    private opts: NormalizeOptions,
    private onReject: (r: Rejected) => void,
    /** Wire spelling of the user objects' keys. */
    private style: NameStyle = 'official',
  ) {}

  /** The text around each item of plain lines of one kind that makes it a user object. */
  static wrapOf(kind: IdentifierKind, style: NameStyle = 'official'): Wrap {
    // Digests go inside quotes; partner ids are JSON strings of their own.
    return kind === 'partner_user_id' ? [`{"${apiField(kind, style)}":[`, ']}'] : [`{"${apiField(kind, style)}":["`, '"]}'];
  }

  /** Whether values of this kind are hashed here (not --hashed input, not partner ids). */
  hashes(kind: IdentifierKind): boolean {
    return isHashedKind(kind) && !this.opts.hashed;
  }

  /** The normalized value, not hashed yet (for hashing on another thread), or undefined when rejected. */
  prepare(line: number, kind: IdentifierKind, raw: string): string | undefined {
    const n = normalize(kind, raw, this.opts);
    if (n instanceof Reject) {
      this.invalidValues++;
      this.onReject({ line, field: kind, value: raw, reason: n.reason });
      return undefined;
    }
    return n;
  }

  private value(line: number, kind: IdentifierKind, raw: string): string | undefined {
    const n = this.prepare(line, kind, raw);
    return n !== undefined && this.hashes(kind) ? sha256Hex(n) : n;
  }

  /** One identifier of one kind (plain lines; wrapped by wrapOf(kind)), or undefined when rejected. */
  one(line: number, kind: IdentifierKind, raw: string): string | undefined {
    const v = this.value(line, kind, raw);
    if (v === undefined) return undefined;
    if (kind !== 'partner_user_id') {
      this.lastBytes = v.length;
      return v;
    }
    const json = JSON.stringify(v);
    this.lastBytes = utf8Bytes(json);
    return json;
  }

  /** Several identifiers (CSV row, JSON object): a whole user object, kinds in a fixed order, duplicates dropped. */
  many(line: number, pairs: ReadonlyArray<readonly [IdentifierKind, string]>): string | undefined {
    const byKind = new Map<IdentifierKind, string[]>();
    for (const [kind, raw] of pairs) {
      const v = this.value(line, kind, raw);
      if (v === undefined) continue;
      const list = byKind.get(kind);
      if (!list) byKind.set(kind, [v]);
      else if (!list.includes(v)) list.push(v);
    }
    if (byKind.size === 0) return undefined;
    const kinds = [...byKind.keys()].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
    const json = `{${kinds.map((k) => `"${apiField(k, this.style)}":${JSON.stringify(byKind.get(k))}`).join(',')}}`;
    this.lastBytes = byKind.has('partner_user_id') ? utf8Bytes(json) : json.length;
    return json;
  }
}

/** The request body around the users: one operation per request. */
export function envelope(operation: 'Update' | 'Delete', extra: Record<string, string | undefined>): { head: string; tail: string } {
  const head = `[{"operation_type":"${operation}","params":{"users":[`;
  let tail = ']';
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) tail += `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  tail += '}}]';
  return { head, tail };
}

/** Items written to the body per buffer write: fewer native calls, short-lived strings. */
const GROUP = 128;

/**
 * Cuts users into request bodies within the user count and the body size
 * limit (5,000,000 bytes, envelope included).
 */
export class Batcher {
  private next = 0;
  private count = 0;
  private buf: Buffer;
  /** End of the bytes written so far. */
  private pos = 0;
  /** Body size once the pending items are written. */
  private size = 0;
  private lines: Int32Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private pending: string[] = [];
  /** Buffers of finished batches, reused: a long upload allocates a handful, not one per batch. */
  private spare: Buffer[] = [];
  private readonly head: Buffer;
  private readonly tail: Buffer;
  private readonly wrapBytes: number;
  private readonly joint: string;
  /** Bytes one user may take at most (a lone user beyond this cannot be sent). */
  readonly maxUserBytes: number;

  constructor(
    private maxUsers: number,
    env: { head: string; tail: string },
    private wrap: Wrap = NO_WRAP,
    private maxBytes: number = USERS_LIMITS.maxBodyBytes,
  ) {
    this.head = Buffer.from(env.head);
    this.tail = Buffer.from(env.tail);
    this.wrapBytes = Buffer.byteLength(wrap[0] + wrap[1]);
    this.joint = wrap[1] + ',' + wrap[0];
    this.maxUserBytes = maxBytes - this.head.length - this.tail.length;
    this.lines = new Int32Array(maxUsers);
    this.starts = new Int32Array(maxUsers);
    this.ends = new Int32Array(maxUsers);
    this.buf = this.fresh();
  }

  /** Bytes a user with an item of `itemBytes` takes in the body. */
  userBytes(itemBytes: number): number {
    return itemBytes + this.wrapBytes;
  }

  private fresh(): Buffer {
    // Plain digests have a known size: 2,500 of them fit in ~200 KB; other inputs grow as needed.
    const want = Math.min(this.maxBytes, this.head.length + this.tail.length + this.maxUsers * (this.wrapBytes + 65) + 64);
    const buf = this.spare.pop() ?? Buffer.allocUnsafe(want);
    this.head.copy(buf, 0);
    this.pos = this.size = this.head.length;
    return buf;
  }

  private writePending(): void {
    if (!this.pending.length) return;
    const first = this.pos === this.head.length;
    const text = (first ? '' : ',') + this.wrap[0] + this.pending.join(this.joint) + this.wrap[1];
    const need = this.pos + Buffer.byteLength(text) + this.tail.length;
    if (need > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.maxBytes, Math.max(need, this.buf.length * 2)));
      this.buf.copy(grown, 0, 0, this.pos);
      this.buf = grown;
    }
    this.pos += this.buf.write(text, this.pos);
    this.pending = [];
  }

  /** Adds a user (an item of `itemBytes`, wrapped); returns the batch it completed, if any. */
  add(line: number, item: string, itemBytes: number): Batch | undefined {
    const bytes = itemBytes + this.wrapBytes;
    let done: Batch | undefined;
    if (this.count && this.size + 1 + bytes + this.tail.length > this.maxBytes) done = this.flush();
    const start = this.size + (this.count ? 1 : 0);
    this.starts[this.count] = start;
    this.ends[this.count] = start + bytes;
    this.lines[this.count] = line;
    this.count++;
    this.size = start + bytes;
    this.pending.push(item);
    if (this.pending.length >= GROUP) this.writePending();
    // With --batch-size 1 one add can close two batches: the second goes out on the next call.
    if (this.count >= this.maxUsers && !done) return this.flush();
    return done;
  }

  /** Takes a finished batch's buffer back, once nothing reads its body any more. */
  recycle(buf: Buffer): void {
    if (this.spare.length < 8) this.spare.push(buf);
  }

  /** The batch being filled, if it holds anyone. */
  flush(): Batch | undefined {
    if (!this.count) return undefined;
    this.writePending();
    this.tail.copy(this.buf, this.pos);
    const n = this.count;
    const batch: Batch = {
      index: this.next++,
      count: n,
      body: this.buf.subarray(0, this.pos + this.tail.length),
      starts: this.starts.slice(0, n),
      ends: this.ends.slice(0, n),
      lines: this.lines.slice(0, n),
      buffer: this.buf,
    };
    this.count = 0;
    this.buf = this.fresh();
    return batch;
  }
}

/** A body with only some of the batch's users (after the API rejected others). */
export function subsetBody(batch: Batch, keep: readonly number[]): Buffer {
  const headEnd = batch.starts[0]!;
  const tailStart = batch.ends[batch.count - 1]!;
  const parts: Buffer[] = [batch.body.subarray(0, headEnd)];
  keep.forEach((i, k) => {
    if (k) parts.push(COMMA);
    parts.push(batch.body.subarray(batch.starts[i]!, batch.ends[i]!));
  });
  parts.push(batch.body.subarray(tailStart));
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
