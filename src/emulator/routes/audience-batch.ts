// Reading a custom audience users batch (ads-api.md "Audiences"): the server's own checks operation by
// operation (slowBatch, over the parsed body), and a byte-level reader for the compact body most clients send
// (fastBatch), which gives the same result on what it accepts and leaves everything else to slowBatch.
import { DigestSet, PAIR, type OperationType } from './audience-digests.js';

const MAX_OPERATIONS = 2500;
const MAX_USERS = 2500;
// The platform user id's key has two spellings (twitter_id: audiences-reference.mdx; service_id: the spec).
export const HASHED_FIELDS = ['email', 'device_id', 'handle', 'twitter_id', 'service_id', 'phone_number'];

/** A date or date-time parameter as epoch ms, or undefined when it is not one. */
export function isoParam(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(v)) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}

/** A checked batch: every digest decoded once, in request order, ready to record. */
export interface Checked {
  ops: Array<{ type: OperationType; users: number }>;
  users: number;
  /** Decoded digests, 8 words each. */
  words: Uint32Array;
  /** Per digest: the user's index in the request and the field. */
  digestUser: Int32Array;
  digestField: string[];
  partners: Array<{ user: number; value: string }>;
}

/** Doubles the room for decoded digests. */
function grow(out: Checked): void {
  const w = new Uint32Array(out.words.length * 2);
  w.set(out.words);
  out.words = w;
  const d = new Int32Array(out.digestUser.length * 2);
  d.set(out.digestUser);
  out.digestUser = d;
}

type RequestError = { code: string; message: string; parameter?: string };
type ItemError = { index: number; operation_index: number; message: string };
export type BatchCheck = { ok: Checked } | { status: number; errors: RequestError[]; operation_errors?: ItemError[] };

function emptyChecked(): Checked {
  return { ops: [], users: 0, words: new Uint32Array(8 * 4096), digestUser: new Int32Array(4096), digestField: [], partners: [] };
}

/** The time rules of one operation's params (effective_at defaults to now; do-not-reach expiries must be later than now). */
function timeProblems(params: { effective_at?: unknown; expires_at?: unknown }, i: number, dnr: boolean, now: number): RequestError[] {
  const out: RequestError[] = [];
  const bad = (message: string, parameter: string) => out.push({ code: 'INVALID_PARAMETER', message, parameter });
  const effective = params.effective_at === undefined ? now : isoParam(params.effective_at);
  const expires = params.expires_at === undefined ? undefined : isoParam(params.expires_at);
  if (!dnr && effective === undefined) bad(`operations[${i}].params.effective_at must be an ISO 8601 UTC time`, 'effective_at');
  if (params.expires_at !== undefined && expires === undefined)
    bad(`operations[${i}].params.expires_at must be an ISO 8601 UTC time`, 'expires_at');
  if (expires !== undefined && effective !== undefined && expires <= (dnr ? now : effective))
    bad(`operations[${i}].params.expires_at must be later than ${dnr ? 'now' : 'effective_at'}`, 'expires_at');
  return out;
}

/** Checks one parsed batch operation by operation, collecting what is wrong and the decoded digests. */
class BatchChecker {
  readonly errors: RequestError[] = [];
  readonly opErrors: ItemError[] = [];
  readonly out = emptyChecked();
  private digests = 0;
  /** Users seen so far: the index of the next user in the request. */
  private k = 0;

  constructor(
    private readonly fields: readonly string[],
    private readonly dnr: boolean,
    private readonly reject: ReadonlySet<string>,
    private readonly now: number,
  ) {}

  private bad(message: string, parameter?: string): void {
    this.errors.push({ code: 'INVALID_PARAMETER', message, ...(parameter ? { parameter } : {}) });
  }

  operation(op: unknown, i: number): void {
    const { operation_type: type, params } = (op ?? {}) as { operation_type?: unknown; params?: unknown };
    if (type !== 'Update' && type !== 'Delete') this.bad(`operations[${i}].operation_type must be Update or Delete`, 'operation_type');
    if (!params || typeof params !== 'object') {
      this.bad(`operations[${i}].params is required`, 'params');
      return;
    }
    const p = params as Record<string, unknown>;
    this.errors.push(...timeProblems(p, i, this.dnr, this.now));
    // Do-not-reach params are also described with `emails` (hashed addresses): accepted too.
    const users: unknown =
      this.dnr && p.users === undefined && Array.isArray(p.emails) ? p.emails.map((e: unknown) => ({ email: [e] })) : p.users;
    if (!Array.isArray(users) || users.length === 0) {
      this.bad(`operations[${i}].params.users must be a non-empty array`, 'users');
      return;
    }
    for (const u of users) this.user(u, this.k++, i);
    if (type === 'Update' || type === 'Delete') this.out.ops.push({ type, users: users.length });
  }

  private item(index: number, operation: number, message: string): void {
    this.opErrors.push({ index, operation_index: operation, message });
  }

  private user(u: unknown, index: number, operation: number): void {
    if (!u || typeof u !== 'object' || Array.isArray(u)) {
      this.item(index, operation, 'a user must be an object holding at least one identifier array');
      return;
    }
    let any = false;
    for (const field in u) {
      any = true;
      const values = (u as Record<string, unknown>)[field];
      if (!this.fields.includes(field)) {
        this.item(index, operation, `unknown identifier type ${field} (allowed: ${this.fields.join(', ')})`);
        continue;
      }
      if (!Array.isArray(values) || values.length === 0) {
        this.item(index, operation, `${field} must be a non-empty array`);
        continue;
      }
      for (const v of values) this.value(field, v, index, operation);
    }
    if (!any) this.item(index, operation, 'a user must be an object holding at least one identifier array');
  }

  private value(field: string, v: unknown, index: number, operation: number): void {
    const { out } = this;
    if (typeof v !== 'string' || v === '') this.item(index, operation, `${field} values must be non-empty strings`);
    else if (this.reject.size && this.reject.has(v)) this.item(index, operation, `${field} ${v.slice(0, 12)}… was rejected`);
    else if (field === 'partner_user_id') out.partners.push({ user: index, value: v });
    else {
      if ((this.digests + 1) * 8 > out.words.length) grow(out);
      if (!DigestSet.decode(v, out.words, this.digests * 8))
        this.item(index, operation, `${field} must hold SHA-256 digests as 64 lowercase hex characters`);
      else {
        out.digestUser[this.digests] = index;
        out.digestField[this.digests] = field;
        this.digests++;
      }
    }
  }

  result(): BatchCheck {
    const { errors, opErrors, out, k } = this;
    if (k > MAX_USERS) this.bad(`At most ${MAX_USERS} users per request (got ${k})`, 'users');
    if (errors.length) return { status: 400, errors };
    if (opErrors.length)
      return {
        status: 400,
        errors: [{ code: 'INVALID_USERS', message: `${opErrors.length} item error(s); the batch was not applied` }],
        operation_errors: opErrors,
      };
    out.users = k;
    out.digestUser = out.digestUser.subarray(0, this.digests);
    return { ok: out };
  }
}

/**
 * The server's checks of a parsed users batch. Request-level problems come
 * back as `errors`; malformed users as `operation_errors` (index of the user in
 * the request, and a message). Either way nothing is applied.
 */
export function slowBatch(body: unknown, fields: readonly string[], dnr: boolean, reject: ReadonlySet<string>, now: number): BatchCheck {
  const invalid = (message: string): BatchCheck => ({ status: 400, errors: [{ code: 'INVALID_PARAMETER', message, parameter: 'body' }] });
  if (!Array.isArray(body) || body.length === 0) return invalid('The body must be a non-empty JSON array of operations');
  if (body.length > MAX_OPERATIONS) return invalid(`At most ${MAX_OPERATIONS} operations per request (got ${body.length})`);
  const checker = new BatchChecker(fields, dnr, reject, now);
  body.forEach((op: unknown, i: number) => {
    checker.operation(op, i);
  });
  return checker.result();
}

const bytes = (s: string) => Buffer.from(s);
const L_HEAD = bytes('[{"operation_type":"');
const L_UPDATE = bytes('Update');
const L_DELETE = bytes('Delete');
const L_PARAMS = bytes('","params":{"users":[');
const L_END = bytes('}}]');
const L_EFFECTIVE = bytes('"effective_at":"');
const L_EXPIRES = bytes('"expires_at":"');
const FIELD_LITERALS = HASHED_FIELDS.map((name) => ({ name, lit: bytes(`"${name}":["`) }));

/** Position after `lit` at `p`, or -1. */
function literal(raw: Buffer, p: number, lit: Uint8Array): number {
  if (p + lit.length > raw.length) return -1;
  for (let i = 0; i < lit.length; i++) if (raw[p + i] !== lit[i]) return -1;
  return p + lit.length;
}

/**
 * The common body, read straight from its bytes: one operation of users
 * holding digests, in the compact form postctl (and most clients) send. No
 * JSON.parse and no object per user, so a large upload costs the emulator
 * little. Anything else — other shapes, partner ids, escapes, whitespace, any
 * error — returns undefined and goes through slowBatch, which gives the same
 * result on what this accepts (a property test checks it).
 */
export function fastBatch(raw: Buffer, fields: readonly string[], dnr: boolean, now: number): Checked | undefined {
  const reader = new CompactBatchReader(raw, fields);
  const type = reader.head();
  if (!type || !reader.userList() || !reader.timeParams()) return undefined;
  if (literal(raw, reader.p, L_END) !== raw.length) return undefined;
  if (reader.users > MAX_USERS || timeProblems(reader.params, 0, dnr, now).length) return undefined;
  return reader.finish(type);
}

/**
 * fastBatch's cursor over the compact body: `p` is the read position; the
 * decoded digests and the users seen go into `out`. Every step returns
 * false (or undefined) as soon as the body leaves the compact form.
 */
class CompactBatchReader {
  p = 0;
  users = 0;
  readonly params: { effective_at?: string; expires_at?: string } = {};
  private digests = 0;
  private readonly out = emptyChecked();

  constructor(
    private readonly raw: Buffer,
    private readonly fields: readonly string[],
  ) {}

  /** `[{"operation_type":"Update|Delete","params":{"users":[{`: the operation type. */
  head(): OperationType | undefined {
    const { raw } = this;
    const p = literal(raw, 0, L_HEAD);
    if (p < 0) return undefined;
    let type: OperationType;
    let q = literal(raw, p, L_UPDATE);
    if (q >= 0) type = 'Update';
    else if ((q = literal(raw, p, L_DELETE)) >= 0) type = 'Delete';
    else return undefined;
    this.p = literal(raw, q, L_PARAMS);
    if (this.p < 0 || raw[this.p] !== 0x7b) return undefined;
    return type;
  }

  /** The users, `{…},{…}]`. */
  userList(): boolean {
    const { raw } = this;
    for (;;) {
      if (!this.user()) return false;
      this.users++;
      if (raw[this.p] === 0x2c) this.p++;
      else if (raw[this.p] === 0x5d) {
        this.p++;
        return true;
      } else return false;
    }
  }

  /** One user, `{"email":["…","…"],"device_id":["…"]}`. */
  private user(): boolean {
    const { raw } = this;
    if (raw[this.p] !== 0x7b) return false; // {
    this.p++;
    // A key repeated in one object: JSON.parse keeps the last, so leave those to it.
    let seen = 0;
    for (;;) {
      const f = this.fieldAt();
      if (f < 0 || seen & (1 << f)) return false;
      seen |= 1 << f;
      const field = FIELD_LITERALS[f]!.name;
      this.p = literal(raw, this.p, FIELD_LITERALS[f]!.lit);
      if (!this.fields.includes(field) || !this.digestList(field)) return false;
      if (raw[this.p] === 0x2c)
        this.p++; // , next field
      else if (raw[this.p] === 0x7d) {
        this.p++; // } end of user
        return true;
      } else return false;
    }
  }

  /** Which hashed field's key starts at p, or -1. */
  private fieldAt(): number {
    for (let f = 0; f < FIELD_LITERALS.length; f++) if (literal(this.raw, this.p, FIELD_LITERALS[f]!.lit) >= 0) return f;
    return -1;
  }

  /** `"digest","digest"]`, the opening quote already read. */
  private digestList(field: string): boolean {
    const { raw } = this;
    for (;;) {
      if (!this.digest(field)) return false;
      if (raw[this.p] === 0x2c && raw[this.p + 1] === 0x22)
        this.p += 2; // ,"
      else if (raw[this.p] === 0x5d) {
        this.p++; // ]
        return true;
      } else return false;
    }
  }

  /** 64 lowercase hex characters and the closing quote, decoded into out.words. */
  private digest(field: string): boolean {
    const { raw, out } = this;
    let p = this.p;
    if (p + 65 > raw.length) return false;
    if ((this.digests + 1) * 8 > out.words.length) grow(out);
    const base = this.digests * 8;
    for (let w = 0; w < 8; w++) {
      let x = 0;
      for (let j = 0; j < 4; j++, p += 2) {
        const a = raw[p]!;
        const b = raw[p + 1]!;
        const v = (a | b) < 128 ? PAIR[(a << 7) | b]! : -1;
        if (v < 0) return false;
        x = (x << 8) | v;
      }
      out.words[base + w] = x;
    }
    if (raw[p] !== 0x22) return false; // "
    this.p = p + 1;
    out.digestUser[this.digests] = this.users;
    out.digestField[this.digests] = field;
    this.digests++;
    return true;
  }

  /** `,"effective_at":"…"` and `,"expires_at":"…"`, each at most once, plain ASCII without escapes. */
  timeParams(): boolean {
    const { raw, params } = this;
    while (raw[this.p] === 0x2c) {
      const key =
        literal(raw, this.p + 1, L_EFFECTIVE) >= 0 ? 'effective_at' : literal(raw, this.p + 1, L_EXPIRES) >= 0 ? 'expires_at' : undefined;
      if (!key || params[key] !== undefined) return false;
      const p = literal(raw, this.p + 1, key === 'effective_at' ? L_EFFECTIVE : L_EXPIRES);
      const close = raw.indexOf(0x22, p);
      if (close < 0) return false;
      for (let i = p; i < close; i++) if (raw[i]! < 0x20 || raw[i]! >= 0x7f || raw[i] === 0x5c) return false;
      params[key] = raw.toString('latin1', p, close);
      this.p = close + 1;
    }
    return true;
  }

  finish(type: OperationType): Checked {
    const { out } = this;
    out.ops.push({ type, users: this.users });
    out.users = this.users;
    out.digestUser = out.digestUser.subarray(0, this.digests);
    return out;
  }
}
