// Audience tools (ads-api.md "Audiences"): custom audience users batches that
// record every hashed identifier per operation type, with the server's own
// checks (operation_errors for malformed items, the whole batch failing
// together), the count-mismatch fault, and the 1,500 requests per minute limit;
// do-not-reach lists; tailored audience permissions (version 5) with the
// ownership rule; targeted line items; keyword insights.
import { FOREIGN_ACCOUNT, accounts, pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail, paramsEcho } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_ACCOUNT, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse, Handler } from '../types.js';
import { incoming, outgoing, spellingsOf, type ServedNames } from '../spelling.js';

/** Seeded objects (custom audience and do-not-reach list creation: not shown in the spec). */
export const EMU_AUDIENCE = '1qz4s';
/** Owned by another account and shared READ_ONLY with the emulator's account (is_owner false). */
export const EMU_SHARED_AUDIENCE = '2hk7w';
export const EMU_DNR_LIST = '3dnr8';
/** Another ad account of the emulator account's business: a valid grantee. */
export const EMU_SIBLING_ACCOUNT = '18ce54d4x5u';
/** Rate-limit bucket of the users endpoint (tests lower it with startEmulator({limits})). */
export const USERS_BUCKET = 'audiences.users';

const MAX_OPERATIONS = 2500;
const MAX_USERS = 2500;
const MAX_BODY_BYTES = 5_000_000;
// The platform user id's key has two spellings (twitter_id: audiences-reference.mdx; service_id: the spec).
const HASHED_FIELDS = ['email', 'device_id', 'handle', 'twitter_id', 'service_id', 'phone_number'];
/** The user keys a server in `mode` knows. */
const userFields = (mode: ServedNames) => [...HASHED_FIELDS, 'partner_user_id'].filter((f) => incoming('userKey', f, mode).known);
const DNR_FIELDS = ['email', 'phone_number'];
const PERMISSIONS_PAGE = { min: 1, max: 1000, def: 200 };
const MAX_FILTER_IDS = 200;
/** Country-level targeting values the emulator knows (location of keyword insights). */
export const COUNTRY_LOCATIONS: Record<string, string> = { '96683cc9126741d1': 'United States', '6416b8512febefc9': 'United Kingdom' };
const CITY_LOCATIONS = new Set(['5a110d312052166f']);
const NOW = '2026-01-05T10:00:00Z';

// Byte value of each pair of lowercase hex characters (index: first << 7 | second), -1 for anything else.
const PAIR = new Int16Array(128 * 128).fill(-1);
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

interface Permission {
  id: string;
  tailored_audience_id: string;
  granted_account_id: string;
  permission_level: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface Audience {
  id: string;
  name: string;
  owner: string;
  received: Received;
  permissions: Permission[];
  targeted: Array<{ campaign_id: string; campaign_name: string; line_items: Array<{ id: string; name: string; servable: boolean }> }>;
  /** Set for audiences made by POST custom_audiences (ads-audiences-manage.ts); seeded ones keep the defaults. */
  description?: string | null;
  created_at?: string;
  updated_at?: string;
  deleted?: boolean;
}

export interface DoNotReachList {
  id: string;
  account: string;
  name: string;
  description: string;
  received: Received;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface AudienceStore {
  audiences: Map<string, Audience>;
  lists: Map<string, DoNotReachList>;
  /** Identifiers the platform refuses (a server-side rejection the client cannot foresee): tests add to it. */
  rejectValues: Set<string>;
}

export function audienceStore(state: EmulatorState): AudienceStore {
  return state.slice('audiences', () => {
    const audiences = new Map<string, Audience>();
    const perm = (id: string, audience: string, granted: string, level: string): Permission => ({
      id,
      tailored_audience_id: audience,
      granted_account_id: granted,
      permission_level: level,
      created_at: NOW,
      updated_at: NOW,
      deleted: false,
    });
    audiences.set(EMU_AUDIENCE, {
      id: EMU_AUDIENCE,
      name: 'Newsletter subscribers',
      owner: EMU_ACCOUNT,
      received: new Received(),
      permissions: [],
      targeted: [
        {
          campaign_id: '8wku2',
          campaign_name: 'Spring launch',
          line_items: [
            { id: '8u94t', name: 'Spring - web', servable: true },
            { id: '8u94v', name: 'Spring - app', servable: false },
          ],
        },
        { campaign_id: '8wku5', campaign_name: 'Winter archive', line_items: [{ id: '8u95a', name: 'Winter - web', servable: false }] },
      ],
    });
    audiences.set(EMU_SHARED_AUDIENCE, {
      id: EMU_SHARED_AUDIENCE,
      name: 'Partner lookalikes',
      owner: FOREIGN_ACCOUNT,
      received: new Received(),
      permissions: [perm('7xk2a', EMU_SHARED_AUDIENCE, EMU_ACCOUNT, 'READ_ONLY')],
      targeted: [],
    });
    const lists = new Map<string, DoNotReachList>();
    lists.set(EMU_DNR_LIST, {
      id: EMU_DNR_LIST,
      account: EMU_ACCOUNT,
      name: 'Opt-outs',
      description: 'People who asked not to be reached',
      received: new Received(),
      created_at: NOW,
      updated_at: NOW,
      deleted: false,
    });
    return { audiences, lists, rejectValues: new Set<string>() };
  });
}

function businessOf(state: EmulatorState, account: string): string | undefined {
  if (account === EMU_SIBLING_ACCOUNT) return accounts(state).get(EMU_ACCOUNT)?.business_id;
  return accounts(state).get(account)?.business_id;
}

const grantOf = (a: Audience, account: string): Permission | undefined =>
  a.permissions.find((p) => !p.deleted && p.granted_account_id === account);

/** The audience, if the path's account owns it or was granted it (else 404, as for any unknown id). */
function visibleAudience(req: EmuRequest, state: EmulatorState, param: string): Audience {
  const account = requireAccount(req, state).id;
  const id = req.params[param]!;
  const a = audienceStore(state).audiences.get(id);
  if (!a || a.deleted || (a.owner !== account && !grantOf(a, account)))
    fail(adsError(404, 'NOT_FOUND', `Audience ${id} not found`, param, req));
  return a;
}

function isoParam(v: unknown): number | undefined {
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

function checkBatch(req: EmuRequest, state: EmulatorState, fields: readonly string[], dnr: boolean): Checked {
  if (req.raw.length > MAX_BODY_BYTES)
    fail(adsError(413, 'REQUEST_TOO_LARGE', `The body is ${req.raw.length} bytes; at most ${MAX_BODY_BYTES} are allowed`, undefined, req));
  const reject = audienceStore(state).rejectValues;
  const now = Date.now();
  const fast = reject.size ? undefined : fastBatch(req.raw, fields, dnr, now);
  if (fast) return fast;
  const r = slowBatch(req.json<unknown>(), fields, dnr, reject, now);
  if ('ok' in r) return r.ok;
  return fail({
    status: r.status,
    body: {
      errors: r.errors,
      ...(r.operation_errors ? { operation_errors: r.operation_errors } : {}),
      request: { params: paramsEcho(req) },
    },
  });
}

/** Records the users; a count-mismatch fault leaves the last one out and says so in the counts. */
function apply(req: EmuRequest, state: EmulatorState, received: Received, checked: Checked): number[] {
  const mismatch = state.faults.take(req.method, req.path, ['count-mismatch']);
  const kept = checked.users - (mismatch ? 1 : 0);
  // Operation of each user, from the operations' sizes.
  const opOf = new Uint16Array(checked.users);
  let u = 0;
  checked.ops.forEach((op, i) => {
    opOf.fill(i, u, (u += op.users));
  });
  const setFor = (op: number, field: string) => received.field(checked.ops[op]!.type, field);
  // Runs of digests of the same operation and field are appended in one copy.
  const n = checked.digestUser.length;
  for (let i = 0; i < n; ) {
    if (checked.digestUser[i]! >= kept) {
      i++;
      continue;
    }
    const field = checked.digestField[i]!;
    const op = opOf[checked.digestUser[i]!]!;
    let j = i + 1;
    while (j < n && checked.digestField[j] === field && opOf[checked.digestUser[j]!] === op && checked.digestUser[j]! < kept) j++;
    (setFor(op, field) as DigestStore).append(checked.words, i * 8, j - i);
    i = j;
  }
  for (const p of checked.partners) if (p.user < kept) (setFor(opOf[p.user]!, 'partner_user_id') as Set<string>).add(p.value);
  const counts = checked.ops.map((op) => op.users);
  if (mismatch) counts[counts.length - 1]! -= 1;
  return counts;
}

/** list_size: the distinct identifiers the list received (the emulator keeps no user grouping). */
function listView(l: DoNotReachList) {
  const size = l.received.count('Update');
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    targetable: size >= 100,
    reasons_not_targetable: size >= 100 ? [] : ['TOO_SMALL'],
    list_size: size,
    created_at: l.created_at,
    updated_at: l.updated_at,
    deleted: l.deleted,
  };
}

/** Answered in the live service's names (tweet_volume) unless the server knows only the neutral ones. */
function keywordInsights(req: EmuRequest, served: ServedNames): EmuResponse {
  const q = req.query;
  const granularity = q.get('granularity');
  if (granularity !== 'DAY' && granularity !== 'HOUR')
    fail(adsError(400, 'INVALID_PARAMETER', 'granularity must be DAY or HOUR', 'granularity', req));
  const keywords = (q.get('keywords') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const negative = (q.get('negative_keywords') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!keywords.length) fail(adsError(400, 'MISSING_PARAMETER', 'keywords is required', 'keywords', req));
  if (keywords.length + negative.length > 10)
    fail(adsError(400, 'INVALID_PARAMETER', 'keywords and negative_keywords together are at most 10', 'keywords', req));
  const start = isoParam(q.get('start_time') ?? undefined);
  if (start === undefined) fail(adsError(400, 'INVALID_PARAMETER', 'start_time is required (ISO 8601)', 'start_time', req));
  const end = q.has('end_time') ? isoParam(q.get('end_time')!) : Date.now();
  if (end === undefined || end <= start)
    fail(adsError(400, 'INVALID_PARAMETER', 'end_time must be an ISO 8601 time after start_time', 'end_time', req));
  if (end - start > 7 * 86_400_000) fail(adsError(400, 'INVALID_PARAMETER', 'The time range is at most 7 days', 'start_time', req));
  const location = q.get('location');
  if (location !== null) {
    if (location.includes(',')) fail(adsError(400, 'INVALID_PARAMETER', 'One country per request', 'location', req));
    if (!COUNTRY_LOCATIONS[location])
      fail(
        adsError(
          400,
          'INVALID_PARAMETER',
          `location must be a country-level targeting value${CITY_LOCATIONS.has(location) ? ' (this one is a city)' : ''}`,
          'location',
          req,
        ),
      );
  }
  const step = granularity === 'DAY' ? 86_400_000 : 3_600_000;
  const buckets = Math.max(1, Math.ceil((end - start) / step));
  let seed = 0;
  for (const ch of keywords.join(',')) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const post_volume = Array.from({ length: buckets }, (_, i) => ((seed >>> (i % 16)) % 9000) + 100 * (i + 1));
  const related_keywords = Array.from(
    { length: 30 },
    (_, i) =>
      `${keywords[i % keywords.length]} ${['news', 'deals', 'near me', 'review', 'price', 'best'][i % 6]}${i >= 6 ? ` ${Math.floor(i / 6) + 1}` : ''}`,
  );
  return adsOk(req, outgoing({ related_keywords, post_volume }, served === 'neutral' ? 'neutral' : 'official'));
}

/** The account's live do-not-reach list named by the path, or a 404 ads error. */
function ownList(req: EmuRequest, st: EmulatorState): DoNotReachList {
  const account = requireAccount(req, st).id;
  const l = audienceStore(st).lists.get(req.params.do_not_reach_list_id!);
  if (!l || l.deleted || l.account !== account)
    fail(adsError(404, 'NOT_FOUND', `Do-not-reach list ${req.params.do_not_reach_list_id} not found`, 'do_not_reach_list_id', req));
  return l;
}

const uploadAudienceUsers: Handler = (req, st) => {
  const account = requireAccount(req, st).id;
  const a = visibleAudience(req, st, 'custom_audience_id');
  if (a.owner !== account && grantOf(a, account)?.permission_level !== 'READ_WRITE')
    fail(adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${account} may only read audience ${a.id}`, 'custom_audience_id', req));
  const checked = checkBatch(req, st, userFields(st.names), false);
  const n = apply(req, st, a.received, checked).reduce((x, y) => x + y, 0);
  return adsOk(req, { success_count: n, total_count: n });
};

const uploadDoNotReachUsers: Handler = (req, st) => {
  const l = ownList(req, st);
  const checked = checkBatch(req, st, DNR_FIELDS, true);
  const counts = apply(req, st, l.received, checked);
  l.updated_at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    status: 200,
    body: {
      request: { params: { ...paramsEcho(req), operation_type: checked.ops.map((o) => o.type).join(',') } },
      data: counts.map((n) => ({ success_count: n, total_count: n })),
    },
  };
};

const deleteDoNotReachList: Handler = (req, st) => {
  // A repeat delete answers 404, as line items do (not shown for lists).
  const l = ownList(req, st);
  l.deleted = true;
  l.updated_at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return adsOk(req, listView(l));
};

const listPermissions: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'tailored_audience_id');
  const filter = (name: string): string[] | undefined => {
    const raw = req.query.get(name);
    if (raw === null) return undefined;
    const ids = raw.split(',').filter(Boolean);
    if (ids.length > MAX_FILTER_IDS) fail(adsError(400, 'INVALID_PARAMETER', `${name} takes at most ${MAX_FILTER_IDS} ids`, name, req));
    return ids;
  };
  const granted = filter('granted_account_ids');
  const ids = filter('tailored_audience_permission_ids');
  // The owner sees every grant; a grantee only its own.
  let items =
    a.owner === req.params.account_id ? a.permissions : a.permissions.filter((p) => p.granted_account_id === req.params.account_id);
  if (granted) items = items.filter((p) => granted.includes(p.granted_account_id));
  if (ids) items = items.filter((p) => ids.includes(p.id));
  const page = pageOf(req, items, PERMISSIONS_PAGE);
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const listTargetingUses: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'custom_audience_id');
  const raw = req.query.get('with_active') ?? 'true';
  if (raw !== 'true' && raw !== 'false') fail(adsError(400, 'INVALID_PARAMETER', 'with_active must be true or false', 'with_active', req));
  const entries = a.targeted
    .map((t) => ({ ...t, line_items: raw === 'true' ? t.line_items.filter((l) => l.servable) : t.line_items }))
    .filter((t) => t.line_items.length > 0);
  const page = pageOf(req, entries as Array<(typeof entries)[number] & { deleted?: boolean }>, { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, { next_cursor: page.next_cursor });
};

const searchKeywordInsights: Handler = (req, st) => keywordInsights(req, st.names);

function requireOwner(req: EmuRequest, a: Audience): void {
  if (a.owner !== req.params.account_id)
    fail(
      adsError(
        403,
        'UNAUTHORIZED_ACCESS',
        `Account ${req.params.account_id} does not own tailored audience ${a.id} (is_owner is false)`,
        'tailored_audience_id',
        req,
      ),
    );
}

const grantPermission: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'tailored_audience_id');
  requireOwner(req, a);
  const granted = req.query.get('granted_account_id');
  const level = req.query.get('permission_level');
  if (!granted) fail(adsError(400, 'MISSING_PARAMETER', 'granted_account_id is required', 'granted_account_id', req));
  if (level !== 'READ_ONLY' && level !== 'READ_WRITE')
    fail(adsError(400, 'INVALID_PARAMETER', 'permission_level must be READ_ONLY or READ_WRITE', 'permission_level', req));
  if (granted === a.owner)
    fail(adsError(400, 'INVALID_PARAMETER', 'An audience cannot be shared with its owner', 'granted_account_id', req));
  const business = businessOf(st, granted);
  if (!business) fail(adsError(400, 'INVALID_PARAMETER', `Account ${granted} not found`, 'granted_account_id', req));
  const ownerAccount = accounts(st).get(a.owner);
  if (business !== businessOf(st, a.owner) && !ownerAccount?.features.includes('SHARE_AUDIENCE_OUTSIDE_BUSINESS')) {
    fail(
      adsError(
        400,
        'INVALID_PARAMETER',
        `Account ${granted} belongs to another business; sharing outside the business needs the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature`,
        'granted_account_id',
        req,
      ),
    );
  }
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  let p = grantOf(a, granted);
  if (p) Object.assign(p, { permission_level: level, updated_at: now });
  else {
    p = {
      id: st.nextId(),
      tailored_audience_id: a.id,
      granted_account_id: granted,
      permission_level: level,
      created_at: now,
      updated_at: now,
      deleted: false,
    };
    a.permissions.push(p);
  }
  return adsOk(req, p, {}, 201);
};

const revokePermission: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'tailored_audience_id');
  requireOwner(req, a);
  const p = a.permissions.find((x) => x.id === req.params.tailored_audience_permission_id);
  if (!p || p.deleted)
    fail(
      adsError(
        404,
        'NOT_FOUND',
        `Permission ${req.params.tailored_audience_permission_id} not found`,
        'tailored_audience_permission_id',
        req,
      ),
    );
  p.deleted = true;
  p.updated_at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return adsOk(req, p);
};

export function register(r: Router, state: EmulatorState): void {
  // The spec's limit for this endpoint; startEmulator({limits}) may set another.
  state.limiter.overrides[USERS_BUCKET] ??= { max: 1500, windowSec: 60 };

  r.route({
    method: 'POST',
    path: '/12/accounts/:account_id/custom_audiences/:custom_audience_id/users',
    api: 'ads',
    auth: 'user',
    bucket: USERS_BUCKET,
    handler: uploadAudienceUsers,
  });

  r.route({
    method: 'POST',
    path: '/12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users',
    api: 'ads',
    auth: 'user',
    handler: uploadDoNotReachUsers,
  });

  r.route({
    method: 'DELETE',
    path: '/12/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id',
    api: 'ads',
    auth: 'user',
    handler: deleteDoNotReachList,
  });

  // Official /12/…/custom_audiences/:id/permissions; the spec's /5/…/tailored_audiences/:id/permissions.
  const permissionsPaths = spellingsOf(state.names).map((to) =>
    to === 'official'
      ? '/12/accounts/:account_id/custom_audiences/:tailored_audience_id/permissions'
      : '/5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions',
  );
  for (const permissionsPath of permissionsPaths) {
    r.route({ method: 'GET', path: permissionsPath, api: 'ads', auth: 'user', handler: listPermissions });
    r.route({ method: 'POST', path: permissionsPath, api: 'ads', auth: 'user', handler: grantPermission });
    r.route({
      method: 'DELETE',
      path: `${permissionsPath}/:tailored_audience_permission_id`,
      api: 'ads',
      auth: 'user',
      handler: revokePermission,
    });
  }

  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted',
    api: 'ads',
    auth: 'user',
    handler: listTargetingUses,
  });

  r.route({ method: 'GET', path: '/12/insights/keywords/search', api: 'ads', auth: 'user', handler: searchKeywordInsights });
}
