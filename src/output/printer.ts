// The one output layer. stdout carries data only; everything for people goes to
// stderr through Logger. Tables only when asked (default on a TTY), fitted to the
// screen, every cell neutralised; CSV carries raw values, one flattened key per
// column (full text, money in micros); JSON/JSONL the API's objects as they are.
import type { ChalkInstance } from 'chalk';
import { cellValue, csvField, flatKeys, flatten, inferColumns, rawCsvField, tableCell, type Column } from './cells.js';
import type { Format } from './format.js';
import { stringifyJson } from '../json/stringify.js';
import { renderTable } from './table.js';
import { inertJson, neutralize } from './sanitize.js';

export type { Column } from './cells.js';

export interface ListStream<T> {
  add(items: T[]): void;
  /** Closes the output; `tail` fields (next_cursor, total_count) are appended to the JSON envelope. */
  end(tail?: Record<string, unknown>): void;
}

export interface PrinterOptions {
  /** stdout is a terminal: escapes in CSV/JSON/raw output are made inert (files and pipes keep exact bytes). */
  tty?: boolean;
  /** --csv-raw: no leading `'` before formula-like values. */
  csvRaw?: boolean;
}

export class Printer {
  constructor(
    private out: NodeJS.WritableStream,
    readonly format: Format,
    private chalk: ChalkInstance,
    /** Table width: the terminal's columns (or COLUMNS); undefined = no limit. */
    private width?: number,
    private options: PrinterOptions = {},
  ) {}

  /**
   * Data to stdout. On a terminal, text in any format but table (whose cells are
   * neutralised already and whose header may carry postctl's own styling) has
   * its control characters made visible: JSON's C1/bidi as \u escapes (the same
   * JSON), anything else as in messages.
   */
  write(text: string | Uint8Array): void {
    if (!this.options.tty || this.format === 'table') {
      this.out.write(text);
      return;
    }
    const s = typeof text === 'string' ? text : Buffer.from(text).toString('utf8');
    this.out.write(neutralize(this.format === 'csv' ? s : inertJson(s), true));
  }

  private table(columns: Column[], rows: unknown[]): string {
    const color = this.chalk.level > 0;
    const flex = new Set(columns.flatMap((c, i) => (c.flex ? [i] : [])));
    return renderTable({
      headers: columns.map((c) => c.header),
      rows: rows.map((row) => columns.map((c) => tableCell(cellValue(row, c)))),
      flex,
      ...(this.width ? { width: this.width } : {}),
      ...(color ? { head: (h: string) => this.chalk.bold(h) } : {}),
    });
  }

  /** CSV lines for rows; `keys` fixes the columns (a stream keeps its first page's). */
  private csv(items: unknown[], keys?: string[]): { text: string; keys: string[] } {
    const flat = items.map((i) => flatten(i));
    const cols = keys ?? flatKeys(flat);
    const raw = this.options.csvRaw ?? false;
    const head = keys ? '' : cols.map((k) => csvField(k, raw)).join(',') + '\n';
    return { text: head + flat.map((r) => cols.map((k) => rawCsvField(r[k], raw)).join(',') + '\n').join(''), keys: cols };
  }

  /** A list: json keeps the whole envelope, jsonl/csv/table show the items. */
  list<T>(items: T[], columns?: Column<T>[], envelope?: unknown): void {
    const cols = (columns ?? inferColumns(items)) as Column[];
    switch (this.format) {
      case 'json':
        this.write(stringifyJson(envelope ?? items, 2) + '\n');
        return;
      case 'jsonl':
        for (const item of items) this.write(stringifyJson(item) + '\n');
        return;
      case 'csv':
        if (items.length) this.write(this.csv(items).text);
        return;
      case 'table':
        if (items.length === 0) return;
        this.write(this.table(cols, items) + '\n');
    }
  }

  /** One object: json prints it (or the envelope), table shows field/value rows. */
  object(obj: unknown, fields?: Column[], envelope?: unknown): void {
    if (this.format === 'json') {
      this.write(stringifyJson(envelope ?? obj, 2) + '\n');
      return;
    }
    if (this.format === 'jsonl') {
      this.write(stringifyJson(obj) + '\n');
      return;
    }
    const cols = fields ?? Object.keys((obj as object) ?? {}).map((k) => ({ header: k, key: k }));
    if (this.format === 'csv') {
      this.list([obj], cols);
      return;
    }
    const rows = cols.map((c) => ({ field: c.header, value: cellValue(obj, c) }));
    this.write(
      this.table(
        [
          { header: 'field', key: 'field' },
          { header: 'value', key: 'value', flex: true },
        ],
        rows,
      ) + '\n',
    );
  }

  /** Any JSON value as is (json/jsonl), or a readable fallback. */
  value(value: unknown): void {
    if (this.format === 'table' || this.format === 'csv') {
      if (Array.isArray(value)) return this.list(value);
      if (value && typeof value === 'object') return this.object(value);
      this.write((this.format === 'csv' ? rawCsvField(value, this.options.csvRaw) : tableCell(value)) + '\n');
      return;
    }
    this.write((this.format === 'jsonl' ? stringifyJson(value) : stringifyJson(value, 2)) + '\n');
  }

  /**
   * A list printed as pages arrive, in constant memory. JSON output is still one
   * envelope: `{...head, "data": [ …items… ], ...tail}`.
   */
  stream<T>(columns: Column<T>[] | undefined, head: Record<string, unknown> = {}): ListStream<T> {
    let count = 0;
    let csvKeys: string[] | undefined;
    let cols = columns as Column[] | undefined;
    const fmt = this.format;
    if (fmt === 'json') {
      const headText = Object.keys(head).length ? stringifyJson(head, 2).slice(0, -2) + ',\n' : '{\n';
      this.write(headText + '  "data": [');
    }
    return {
      add: (items) => {
        if (!items.length) return;
        cols ??= inferColumns(items);
        if (fmt === 'json') {
          let chunk = '';
          for (const item of items) chunk += (count++ ? ',\n    ' : '\n    ') + stringifyJson(item);
          this.write(chunk);
        } else if (fmt === 'jsonl') {
          this.write(items.map((i) => stringifyJson(i)).join('\n') + '\n');
        } else if (fmt === 'csv') {
          const out = this.csv(items, csvKeys);
          csvKeys = out.keys;
          this.write(out.text);
        } else {
          this.write(this.table(cols, items) + '\n');
        }
        count += fmt === 'json' ? 0 : items.length;
      },
      end: (tail = {}) => {
        if (fmt !== 'json') return;
        let text = count ? '\n  ]' : ']';
        for (const [k, v] of Object.entries(tail)) text += `,\n  ${stringifyJson(k)}: ${stringifyJson(v)}`;
        this.write(text + '\n}\n');
      },
    };
  }
}
