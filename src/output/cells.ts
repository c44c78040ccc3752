// Turning values into table and CSV cells.
import { stringifyJson } from '../json/stringify.js';
export interface Column<T = any> {
  header: string;
  /** Property path like "public_metrics.like_count"; used when get is absent. */
  key?: string;
  get?: (row: T) => unknown;
}

export function pathGet(obj: unknown, path: string): unknown {
  let cur: any = obj;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    cur = cur[part];
  }
  return cur;
}

export function cellValue<T>(row: T, col: Column<T>): unknown {
  return col.get ? col.get(row) : pathGet(row, col.key ?? col.header);
}

export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') return stringifyJson(value);
  return String(value);
}

export function csvField(value: unknown): string {
  const s = cellText(value);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Columns guessed from the first rows' scalar properties, for commands that do not declare any. */
export function inferColumns(rows: unknown[]): Column[] {
  const keys: string[] = [];
  for (const row of rows.slice(0, 20)) {
    if (!row || typeof row !== 'object') continue;
    for (const [k, v] of Object.entries(row)) if (!keys.includes(k) && (v === null || typeof v !== 'object' || Array.isArray(v))) keys.push(k);
  }
  return keys.slice(0, 8).map((k) => ({ header: k, key: k }));
}
