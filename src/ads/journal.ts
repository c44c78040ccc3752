// The change journal's writer: told by the one HTTP client of every write to
// the ads API (src/http/types.ts WriteObserver), so single changes, pauses,
// batches and applies are all journaled without each verb doing it. Before a
// write leaves, a "before" line per entity (its old values where the caller
// already read them, the new values sent, the command line and --reason);
// after it ends, an "after" line (ok with the server's values, or the error).
// A journal that cannot be written stops the write before it is sent.
import { randomBytes } from 'node:crypto';
import { appendJournal } from '../config/journal.js';
import { ApiError } from '../errors/api-error.js';
import type { RequestOptions, WriteObserver, WriteOutcome } from '../http/client.js';
import { toParams } from '../http/encode.js';

/** Who writes: the profile, the command line and its --reason, and how to keep secrets out. */
export interface JournalRun {
  env: NodeJS.ProcessEnv;
  profile: string;
  command: string;
  reason?: string;
  redact(text: string): string;
  /** Said when an "after" line could not be written (the write itself is done). */
  warn?: (message: string) => void;
  now?: () => Date;
}

type JournalOp = 'create' | 'update' | 'delete' | 'pause' | 'resume';

/** One entity a write touches, as the "before" line records it. */
interface Target {
  entity: string;
  id?: string;
  op: JournalOp;
  old?: Record<string, unknown>;
  new: Record<string, unknown>;
}

/** A parameter value as journaled: text, at most this long (a body of hashed identifiers is not a record). */
const MAX_VALUE = 500;
const clip = (v: unknown): unknown => (typeof v === 'string' && v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v);
const PATH = /^\/?\d+\/(batch\/)?accounts(?:\/([^/?]+))?(?:\/([^?]*))?/;
const ITEM_OPS: Record<string, JournalOp> = { Create: 'create', Update: 'update', Delete: 'delete' };
/** The id parameter of a batch item of each resource. */
const ID_PARAM: Record<string, string> = {
  campaigns: 'campaign_id',
  line_items: 'line_item_id',
  targeting_criteria: 'targeting_criterion_id',
};
/** Endpoints that take a POST but change nothing in the account (a reach estimate). */
const NOT_WRITES = /\/audience_estimate$/;

function singular(resource: string): string {
  if (resource.endsWith('criteria')) return `${resource.slice(0, -1)}on`;
  if (resource.endsWith('ies')) return `${resource.slice(0, -3)}y`;
  return resource.endsWith('s') ? resource.slice(0, -1) : resource;
}

function values(input: RequestOptions['query']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of toParams(input)) out[k] = clip(v);
  return out;
}

function opOf(method: string, fields: Record<string, unknown>): JournalOp {
  if (method === 'DELETE') return 'delete';
  if (method === 'POST') return 'create';
  const keys = Object.keys(fields);
  if (keys.length !== 1 || keys[0] !== 'entity_status') return 'update';
  return fields.entity_status === 'PAUSED' ? 'pause' : fields.entity_status === 'ACTIVE' ? 'resume' : 'update';
}

/** The account and the entities a write touches, read from its path and parameters. */
export function targetsOf(req: RequestOptions): { account?: string; targets: Target[] } {
  const method = (req.method ?? 'GET').toUpperCase();
  const m = PATH.exec(req.path);
  const rest = (m?.[3] ?? '').split('/').filter(Boolean);
  const account = m?.[2];
  if (m?.[1] && Array.isArray(req.json)) {
    const resource = rest[0] ?? 'item';
    const key = ID_PARAM[resource];
    const targets = (req.json as Array<{ operation_type?: string; params?: Record<string, unknown> }>).map((item, i) => {
      const params = { ...(item.params ?? {}) };
      const id = key && params[key] !== undefined ? String(params[key]) : undefined;
      if (key && item.operation_type !== 'Create') delete params[key];
      const fields = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, clip(typeof v === 'bigint' ? String(v) : v)]));
      const old = req.note?.oldItems?.[i];
      return {
        entity: singular(resource),
        ...(id ? { id } : {}),
        op: item.operation_type === 'Update' ? opOf('PUT', fields) : (ITEM_OPS[item.operation_type ?? ''] ?? 'update'),
        ...(old ? { old } : {}),
        new: fields,
      };
    });
    return { account, targets };
  }
  // accounts/:account (the account itself), accounts/:account/<resource>[/:id[/<sub>[/:id]]].
  const even = rest.length % 2 === 0;
  const resource = rest.length ? rest[even ? rest.length - 2 : rest.length - 1]! : 'account';
  const id = rest.length ? (even ? rest.at(-1) : undefined) : account;
  const fields = { ...values(req.query), ...values(req.form) };
  if (req.json !== undefined && !Array.isArray(req.json)) fields.json_bytes = JSON.stringify(req.json)?.length ?? 0;
  const op = opOf(method, fields);
  const old = req.note?.old;
  return {
    account,
    targets: [{ entity: m ? singular(resource) : req.path, ...(id ? { id } : {}), op, ...(old ? { old } : {}), new: fields }],
  };
}

interface Sent {
  first: number;
  targets: Target[];
}

const pick = (from: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, from[k]]));

export class ChangeJournal implements WriteObserver {
  /** One run of postctl: its lines share this id. */
  readonly run = randomBytes(6).toString('hex');
  private count = 0;

  constructor(private readonly who: JournalRun) {}

  wants(req: RequestOptions): boolean {
    const method = (req.method ?? 'GET').toUpperCase();
    // Writes to an account's entities only: an analytics job (POST /stats/jobs/accounts/…) or an estimate changes
    // nothing a client pays for, and a read-only session must leave no journal behind.
    return (
      (req.api === 'ads' || req.api === 'ads-sandbox') &&
      method !== 'GET' &&
      method !== 'HEAD' &&
      PATH.test(req.path) &&
      !NOT_WRITES.test(req.path)
    );
  }

  private line(record: Record<string, unknown>): string {
    return this.who.redact(JSON.stringify({ v: 1, run: this.run, time: (this.who.now?.() ?? new Date()).toISOString(), ...record }));
  }

  async before(req: RequestOptions): Promise<Sent> {
    const { account, targets } = targetsOf(req);
    const first = this.count + 1;
    this.count += targets.length;
    const common = {
      profile: this.who.profile,
      ...(account ? { account } : {}),
      ...(req.api === 'ads-sandbox' ? { sandbox: true } : {}),
      command: this.who.command,
      ...(this.who.reason ? { reason: this.who.reason } : {}),
      ...(req.note?.cascade ? { cascade: req.note.cascade } : {}),
    };
    appendJournal(
      this.who.env,
      targets.map((t, i) => this.line({ phase: 'before', n: first + i, ...common, ...t })),
    );
    return { first, targets };
  }

  async after(token: unknown, outcome: WriteOutcome): Promise<void> {
    try {
      this.record(token as Sent, outcome);
    } catch (e) {
      // The request is done: failing it now would make its caller report (and maybe resend) a write that went
      // through. The "before" line stands; history shows the change as unknown.
      this.who.warn?.(`the change journal could not record how a write ended: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private record({ first, targets }: Sent, outcome: WriteOutcome): void {
    if ('error' in outcome) {
      const e = outcome.error;
      const failed = {
        outcome: 'failed',
        error: e instanceof Error ? e.message : String(e),
        ...(e instanceof ApiError ? { http: e.status } : {}),
      };
      appendJournal(
        this.who.env,
        targets.map((_, i) => this.line({ phase: 'after', n: first + i, ...failed })),
      );
      return;
    }
    const data = (outcome.body as { data?: unknown } | undefined)?.data;
    const items = Array.isArray(data)
      ? (data as Array<Record<string, unknown>>)
      : data && typeof data === 'object'
        ? [data as Record<string, unknown>]
        : [];
    appendJournal(
      this.who.env,
      targets.map((t, i) => {
        const got =
          (t.id && t.op !== 'create' ? items.find((d) => d?.id === t.id) : items[i]) ?? (targets.length === 1 ? items[0] : undefined);
        const id = t.id ?? (typeof got?.id === 'string' ? got.id : undefined);
        const server = got ? pick(got, t.op === 'delete' ? ['deleted'] : Object.keys(t.new)) : undefined;
        return this.line({
          phase: 'after',
          n: first + i,
          outcome: 'ok',
          http: outcome.status,
          ...(id ? { id } : {}),
          ...(server ? { result: server } : {}),
        });
      }),
    );
  }
}

/** The command line as a person would type it again: `postctl` and each word, quoted when it needs to be. */
export function commandLine(argv: readonly string[]): string {
  return ['postctl', ...argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))].join(' ');
}
