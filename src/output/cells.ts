// Turning values into table and CSV cells.
import { stringifyJson } from '../json/stringify.js';
import { neutralize } from './sanitize.js';

// `get` is declared as a method so that a Column<Post> is also a Column<unknown> (parameters of methods are bivariant).
export interface Column<T = unknown> {
  header: string;
  /** Property path like "public_metrics.like_count"; used when get is absent. */
  key?: string;
  get?(row: T): unknown;
  /** Free text (a post's text, a description): the first column to give way on a narrow screen. */
  flex?: boolean;
  /** How long the column stays on a narrow screen (higher stays longer); columns.ts `columnPriority` gives the default. */
  priority?: number;
}

/**
 * The value at a dotted path, through own properties only: `__proto__.constructor` or `constructor.name`
 * name nothing in data parsed from JSON, so they are empty, never a function or a prototype's field.
 */
export function pathValue(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function cellValue<T>(row: T, col: Column<T>): unknown {
  return col.get ? col.get(row) : pathValue(row, col.key ?? col.header);
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') return stringifyJson(value);
  return String(value);
}

/** A table cell: one line, control characters made visible (API text cannot drive the terminal). */
export function tableCell(value: unknown): string {
  return neutralize(cellText(value).replace(/\r\n|[\r\n]/g, ' '));
}

// A spreadsheet reads a cell starting with one of these as a formula (=HYPERLINK(…), +cmd|…, @SUM, a tab or CR
// before one): https://owasp.org/www-community/attacks/CSV_Injection recommends a leading single quote.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180 quoting). Text that a spreadsheet would run as a formula
 * gets a leading `'` unless `raw` (--csv-raw); numbers are never formulas.
 */
export function csvField(value: unknown, raw = false): string {
  let s = cellText(value);
  if (!raw && typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV value: scalars as they are, arrays and objects as JSON (exact, never joined or cut); formulas as csvField says. */
export function rawCsvField(value: unknown, raw = false): string {
  if (value === undefined || value === null) return '';
  return csvField(typeof value === 'object' ? stringifyJson(value) : value, raw);
}

/**
 * An object as flat key → value pairs: nested objects become dotted keys
 * (`public_metrics.like_count`), arrays stay one value. CSV has one column per key.
 */
export function flatten(obj: unknown, prefix = '', into?: Record<string, unknown>): Record<string, unknown> {
  // A row that is flat already (analytics rows, 90,000 to a run) is its own flat form: read, never copied.
  if (!into && !prefix && isFlat(obj)) return obj;
  const out = into ?? {};
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    out[prefix || 'value'] = obj;
    return out;
  }
  const entries = Object.entries(obj as Record<string, unknown>);
  if (!entries.length && prefix) out[prefix] = obj;
  for (const [k, v] of entries) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

function isFlat(obj: unknown): obj is Record<string, unknown> {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return false;
  for (const k in obj) {
    if (!Object.hasOwn(obj, k)) return false;
    const v = (obj as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return false;
  }
  return true;
}

/** The union of the rows' flattened keys, in first-seen order. */
export function flatKeys(rows: Array<Record<string, unknown>>): string[] {
  const keys = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) keys.add(k);
  return [...keys];
}

/** Columns guessed from the first rows' scalar properties, for commands that do not declare any. */
export function inferColumns(rows: unknown[]): Column[] {
  const keys: string[] = [];
  for (const row of rows.slice(0, 20)) {
    if (!row || typeof row !== 'object') continue;
    for (const [k, v] of Object.entries(row))
      if (!keys.includes(k) && (v === null || typeof v !== 'object' || Array.isArray(v))) keys.push(k);
  }
  return keys.slice(0, 8).map((k) => ({ header: k, key: k }));
}
