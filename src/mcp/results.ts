// A tool's result sized for a model's context window. The verb's JSON output (parsed whatever way the call ran)
// becomes structuredContent once, beside a short text summary — counts, totals, what was left out and how to get
// it — instead of the same JSON again as text. List tools return a compact set of columns unless asked for
// `columns`, at most `limit` items, and a result over the budget (25,000 characters unless --result-budget) is
// cut with a cursor: the same tool called with `{ cursor }` returns the next part from this server's memory,
// without running the verb again. Nothing is cut silently: the summary and `_page` say what is missing.
import type { JsonSchema, ToolShape } from './tool-schema.js';

/** Columns a compact row keeps at most, and the ones it keeps first when present. */
const COMPACT_MAX = 8;
const FIRST = [
  'id',
  'name',
  'username',
  'text',
  'entity_status',
  'status',
  'effective_status',
  'objective',
  'created_at',
  'start_time',
  'end_time',
];
/** Metrics the summary adds up (stats rows keep them under `metrics`, as arrays per period). */
const TOTALS = ['spend', 'impressions', 'engagements', 'clicks', 'url_clicks', 'billed_charge_local_micro', 'video_total_views', 'follows'];
const CURSOR = /^postctl:(\d+):(\d+)$/;
const PAGING = ['all', 'limit', 'next_token', 'cursor', 'count', 'max_results'];

type Row = Record<string, unknown>;
type Obj = Record<string, unknown>;

export interface ShapedResult {
  [key: string]: unknown;
  structuredContent: Obj;
  content: Array<{ type: 'text'; text: string }>;
}

/** A tool lists things when it pages or its verb is a list or a search. */
function isListTool(shape: Pick<ToolShape, 'words' | 'params'>): boolean {
  // The verb's own paging inputs (the `cursor` this file adds to every tool does not make a list).
  return (
    PAGING.some((k) => Object.hasOwn(shape.params, k) && shape.params[k]!.kind !== 'view') ||
    ['list', 'search'].includes(shape.words.at(-1)!)
  );
}

/** The result inputs a tool gets: `columns` and `limit` for list tools, `cursor` for every tool that sends requests. */
export function withResultInputs(shape: ToolShape, local: boolean): ToolShape {
  if (local) return shape;
  const properties: Record<string, JsonSchema> = { ...shape.inputSchema.properties };
  const params = { ...shape.params };
  const own = (key: string, schema: JsonSchema) => {
    properties[key] = schema;
    params[key] = { kind: 'view' };
  };
  const more = 'the cursor of a cut result: returns its next part';
  if (params.cursor) properties.cursor = { ...properties.cursor, description: `the API’s next_cursor, or ${more}` };
  else own('cursor', { type: 'string', description: more });
  if (isListTool(shape)) {
    own('columns', {
      type: 'array',
      items: { type: 'string' },
      description: 'fields per item (default: a compact set; ["all"]: every field)',
    });
    if (!params.limit) own('limit', { type: 'integer', description: 'at most n items (the rest: a cursor)' });
  }
  return { ...shape, inputSchema: { ...shape.inputSchema, properties }, params };
}

/** The rows of a result: its `data` list (the APIs' envelope) or `items` (a list printed as one document). */
function listKey(data: Obj): string | undefined {
  return ['data', 'items'].find((k) => Array.isArray(data[k]));
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** The compact columns of rows: id, name… first, then other scalar fields that hold a value somewhere. */
function compactColumns(rows: readonly Row[]): { keep: string[]; omitted: string[] } {
  const all: string[] = [];
  for (const r of rows.slice(0, 200)) if (r && typeof r === 'object') for (const k of Object.keys(r)) if (!all.includes(k)) all.push(k);
  if (all.length <= COMPACT_MAX) return { keep: all, omitted: [] };
  const filled = (k: string) => rows.some((r) => r?.[k] !== null && r?.[k] !== undefined && r?.[k] !== '');
  const scalar = (k: string) => rows.every((r) => isScalar(r?.[k]));
  const order = [...FIRST.filter((k) => all.includes(k)), ...all.filter((k) => !FIRST.includes(k))];
  const keep = order.filter((k) => filled(k) && (scalar(k) || FIRST.includes(k))).slice(0, COMPACT_MAX);
  return { keep, omitted: all.filter((k) => !keep.includes(k)) };
}

function pick(row: Row, keys: readonly string[]): Row {
  if (!row || typeof row !== 'object') return row;
  const out: Row = {};
  for (const k of keys) if (Object.hasOwn(row, k)) out[k] = row[k];
  return out;
}

/** The sums of the known metrics anywhere under a `metrics` object (numbers, numeric strings, or lists of them). */
function totals(value: unknown, sums: Map<string, number> = new Map(), depth = 0): Map<string, number> {
  if (depth > 6 || !value || typeof value !== 'object') return sums;
  if (Array.isArray(value)) {
    for (const v of value) totals(v, sums, depth + 1);
    return sums;
  }
  for (const [k, v] of Object.entries(value as Obj)) {
    if (k === 'metrics' && v && typeof v === 'object')
      for (const m of TOTALS) {
        const raw = (v as Obj)[m];
        for (const x of Array.isArray(raw) ? raw : [raw]) {
          const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
          if (Number.isFinite(n)) sums.set(m, (sums.get(m) ?? 0) + n);
        }
      }
    else totals(v, sums, depth + 1);
  }
  return sums;
}

const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

interface Stored {
  tool: string;
  /** A list result: the object around the rows and the rows (already in the chosen columns). */
  base?: Obj;
  key?: string;
  rows?: Row[];
  /** Any other result: its JSON text, handed out in pieces. */
  text?: string;
  size: number;
  pageSize?: number;
}

export interface ResultOptions {
  budget: number;
  /** Characters kept for cursors at most; the oldest results are dropped first. */
  memory?: number;
}

/** The results of one server: shapes them, keeps the rest of cut ones for their cursors. */
export class ResultPages {
  private next = 1;
  private stored = new Map<number, Stored>();
  private used = 0;
  constructor(private opts: ResultOptions) {}

  /** A cursor of this server (another one is the API's, passed to the verb). */
  static isCursor(v: unknown): v is string {
    return typeof v === 'string' && CURSOR.test(v);
  }

  private keep(s: Stored): number {
    const id = this.next++;
    this.stored.set(id, s);
    this.used += s.size;
    const limit = this.opts.memory ?? 64 * 1024 * 1024;
    for (const [old, o] of this.stored) {
      if (this.used <= limit || old === id) break;
      this.stored.delete(old);
      this.used -= o.size;
    }
    return id;
  }

  /** The result of a verb's JSON output. `label` names the verb; `input` is the call's (columns, limit). */
  shape(tool: ToolShape, label: string, data: Obj, input: Obj, notes: readonly string[]): ShapedResult {
    const key = listKey(data);
    const facts: string[] = [];
    if (key) {
      let rows = data[key] as Row[];
      const total = rows.length;
      const asked = Array.isArray(input.columns) ? input.columns.map(String) : undefined;
      if (asked && !asked.includes('all')) rows = rows.map((r) => pick(r, asked));
      else if (!asked && isListTool(tool)) {
        const { keep, omitted } = compactColumns(rows);
        if (omitted.length) {
          rows = rows.map((r) => pick(r, keep));
          facts.push(
            `columns ${keep.join(', ')}; left out ${omitted.length}: ${omitted.slice(0, 12).join(', ')}${omitted.length > 12 ? '…' : ''} (columns: [...] or ["all"] returns them)`,
          );
        }
      }
      const limit = typeof input.limit === 'number' && input.limit > 0 ? Math.floor(input.limit) : undefined;
      const base: Obj = { ...data };
      delete base[key];
      // A list inside a big envelope (includes, a report's header) is cut as text: rows alone would not fit.
      if (JSON.stringify(base).length > this.opts.budget / 2) {
        const text = JSON.stringify(data);
        return this.chunk({ tool: tool.name, text, size: text.length }, 0, label, this.facts(data), notes);
      }
      const stored: Stored = { tool: tool.name, base, key, rows, size: JSON.stringify(rows).length, pageSize: limit };
      return this.page(stored, 0, label, [`${total} item${total === 1 ? '' : 's'}`, ...facts, ...this.facts(data)], notes);
    }
    const text = JSON.stringify(data);
    return this.chunk({ tool: tool.name, text, size: text.length }, 0, label, this.facts(data), notes);
  }

  /** The next part of a cut result, for a call with its cursor. */
  continue(tool: ToolShape, label: string, cursor: string): ShapedResult | string {
    const m = CURSOR.exec(cursor)!;
    const s = this.stored.get(Number(m[1]));
    if (!s) return `cursor ${cursor} is unknown or expired (this server keeps recent results only): call ${tool.name} again without it`;
    if (s.tool !== tool.name) return `cursor ${cursor} belongs to ${s.tool}, not ${tool.name}`;
    const at = Number(m[2]);
    return s.rows ? this.page(s, at, label, [`${s.rows.length} items in all`], []) : this.chunk(s, at, label, [], []);
  }

  /** Currency, time zone and totals where the result has them (a stats report). */
  private facts(data: Obj): string[] {
    const out: string[] = [];
    const sums = totals(data);
    if (sums.size)
      out.push(
        `totals: ${[...sums].map(([k, v]) => `${k} ${round(v)}`).join(', ')}${typeof data.currency === 'string' ? ` (spend in ${data.currency})` : ''}`,
      );
    if (typeof data.time_zone === 'string') out.push(`time zone ${data.time_zone}`);
    for (const k of ['next_cursor', 'next_token'] as const) {
      const v = data[k] ?? (data.meta as Obj | undefined)?.[k];
      if (typeof v === 'string' && v) out.push(`more from the API: ${k} ${v}`);
    }
    return out;
  }

  private summary(label: string, facts: readonly string[], notes: readonly string[]): string {
    const tail = notes.length ? `\n${notes.slice(-5).join('\n')}` : '';
    return `${label}: ${facts.join('; ') || 'done'}${tail}`;
  }

  private page(s: Stored, at: number, label: string, facts: string[], notes: readonly string[]): ShapedResult {
    const rows = s.rows!;
    const room = this.opts.budget - JSON.stringify(s.base).length - 600;
    let end = at;
    let size = 2;
    while (end < rows.length && (s.pageSize === undefined || end - at < s.pageSize)) {
      const next = JSON.stringify(rows[end]).length + 1;
      if (size + next > room && end > at) break;
      size += next;
      end++;
    }
    const out: Obj = { ...s.base, [s.key!]: rows.slice(at, end) };
    if (end < rows.length || at > 0) {
      const cursor = end < rows.length ? `postctl:${this.idOf(s)}:${end}` : undefined;
      out._page = { from: at, to: end, of: rows.length, ...(cursor ? { cursor } : {}) };
      facts.push(
        cursor
          ? `showing ${at + 1}–${end} of ${rows.length}; the rest: call again with {"cursor":"${cursor}"}`
          : `showing ${at + 1}–${end} of ${rows.length} (the last part)`,
      );
    }
    return { structuredContent: out, content: [{ type: 'text', text: this.summary(label, facts, notes) }] };
  }

  private chunk(s: Stored, at: number, label: string, facts: string[], notes: readonly string[]): ShapedResult {
    const text = s.text!;
    if (at === 0 && text.length <= this.opts.budget)
      return { structuredContent: JSON.parse(text) as Obj, content: [{ type: 'text', text: this.summary(label, facts, notes) }] };
    const end = Math.min(text.length, at + this.opts.budget - 600);
    const cursor = end < text.length ? `postctl:${this.idOf(s)}:${end}` : undefined;
    facts.push(
      `the result is ${text.length} characters of JSON, over the ${this.opts.budget} budget: characters ${at}–${end} are in json_part${cursor ? `; the rest: call again with {"cursor":"${cursor}"}` : ' (the last part)'}`,
    );
    return {
      structuredContent: { json_part: text.slice(at, end), _page: { from: at, to: end, of: text.length, ...(cursor ? { cursor } : {}) } },
      content: [{ type: 'text', text: this.summary(label, facts, notes) }],
    };
  }

  /** The id a stored result has, storing it the first time a cursor is handed out for it. */
  private idOf(s: Stored): number {
    for (const [id, o] of this.stored) if (o === s) return id;
    return this.keep(s);
  }
}
