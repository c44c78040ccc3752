// The one output layer. stdout carries data only; everything for people goes to
// stderr through Logger. Tables only when asked (default on a TTY), fitted to the
// screen, every cell neutralised; CSV carries raw values, one flattened key per
// column (full text, money in micros); JSON/JSONL the API's objects as they are.
import type { ChalkInstance } from 'chalk';
import { cellValue, csvField, flatKeys, flatten, inferColumns, rawCsvField, tableCell, type Column } from './cells.js';
import { availableColumns, checkColumns, columnPriority, pickColumns, withMoneyDecimals } from './columns.js';
import type { Query } from './query.js';
import type { Format } from './format.js';
import { stringifyJson, stringifyJsonPieces } from '../json/stringify.js';
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
  /** --columns: the table and CSV columns by name or dotted path; 'help' lists the names instead of the data. */
  columns?: string[] | 'help';
  /** --query: a JMESPath filter over the JSON document the output would be. */
  query?: Query;
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
      priority: columns.map(columnPriority),
      ...(this.width ? { width: this.width } : {}),
      ...(color ? { head: (h: string) => this.chalk.bold(h) } : {}),
    });
  }

  /** CSV lines for rows; `keys` fixes the columns (a stream keeps its first page's). */
  private csv(items: unknown[], keys?: string[], declared?: Column[]): { text: string; keys: string[] } {
    const names = this.options.columns;
    if (Array.isArray(names)) return this.pickedCsv(items, pickColumns(declared, names), keys !== undefined);
    const flat = items.map((i) => flatten(i));
    const cols = keys ?? flatKeys(flat);
    const raw = this.options.csvRaw ?? false;
    const head = keys ? '' : cols.map((k) => csvField(k, raw)).join(',') + '\n';
    return { text: head + flat.map((r) => cols.map((k) => rawCsvField(r[k], raw)).join(',') + '\n').join(''), keys: cols };
  }

  /** CSV of the columns --columns chose: raw values by path (an object or array as JSON). */
  private pickedCsv(items: unknown[], cols: Column[], continued: boolean): { text: string; keys: string[] } {
    const raw = this.options.csvRaw ?? false;
    const head = continued ? '' : cols.map((c) => csvField(c.header, raw)).join(',') + '\n';
    const rows = items.map((item) => cols.map((c) => rawCsvField(cellValue(item, c), raw)).join(',') + '\n');
    return { text: head + rows.join(''), keys: cols.map((c) => c.header) };
  }

  /** The table columns of a list: --columns, else the verb's, else guessed; money with its decimal beside it. */
  private listColumns(declared: Column[] | undefined, items: unknown[]): Column[] {
    const names = this.options.columns;
    const cols = Array.isArray(names) ? pickColumns(declared, names) : (declared ?? inferColumns(items));
    return withMoneyDecimals(cols);
  }

  /** Whether --query applies: outputs written without the printer's list/object/value (request, stream lines) ask it. */
  get querying(): boolean {
    return this.options.query !== undefined;
  }

  /** A value through --query (as is without it): for JSON written line by line, such as stream events. */
  filtered(value: unknown): unknown {
    return this.options.query ? this.options.query(value) : value;
  }

  /** --columns names checked against the data (exit 2 listing the available ones), where they shape the output. */
  private checkNames(declared: Column[] | undefined, items: unknown[]): void {
    const names = this.options.columns;
    if (Array.isArray(names) && (this.format === 'table' || this.format === 'csv')) checkColumns(declared, items, names);
  }

  /** `--columns help`: the names it accepts, one per line, instead of the data. */
  private columnNames(declared: Column[] | undefined, items: unknown[]): void {
    this.write(availableColumns(declared, items).join('\n') + '\n');
  }

  /**
   * --query: the JSON document the output would be, filtered. JSON prints the
   * result; jsonl one line per element of an array result; csv the rows of an array result.
   */
  private queried(document: unknown): void {
    const result = this.options.query!(document);
    if (this.format === 'jsonl') {
      for (const v of Array.isArray(result) ? result : [result]) this.write(stringifyJson(v) + '\n');
    } else if (this.format === 'csv') {
      const rows = Array.isArray(result) ? result : [result];
      if (rows.length) this.write(this.csv(rows.map((r) => (r !== null && typeof r === 'object' ? r : { value: r }))).text);
    } else this.write(stringifyJson(result, 2) + '\n');
  }

  /** A list: json keeps the whole envelope, jsonl/csv/table show the items. */
  list<T>(items: T[], columns?: Column<T>[], envelope?: unknown): void {
    // `--columns help` answers whatever the format (piped output is JSON by default).
    if (this.options.columns === 'help') return this.columnNames(columns as Column[] | undefined, items);
    if (this.options.query) return this.queried(envelope ?? items);
    this.checkNames(columns as Column[] | undefined, items);
    switch (this.format) {
      case 'json':
        this.write(stringifyJson(envelope ?? items, 2) + '\n');
        return;
      case 'jsonl':
        for (const item of items) this.write(stringifyJson(item) + '\n');
        return;
      case 'csv':
        if (items.length) this.write(this.csv(items, undefined, columns as Column[] | undefined).text);
        return;
      case 'table':
        if (items.length === 0) return;
        this.write(this.table(this.listColumns(columns as Column[] | undefined, items), items) + '\n');
    }
  }

  /** One object: json prints it (or the envelope), table shows field/value rows. */
  object(obj: unknown, fields?: Column[], envelope?: unknown): void {
    if (this.options.columns === 'help') return this.columnNames(fields, [obj]);
    if (this.options.query) return this.queried(this.format === 'jsonl' ? obj : (envelope ?? obj));
    if (this.format === 'json') {
      this.write(stringifyJson(envelope ?? obj, 2) + '\n');
      return;
    }
    if (this.format === 'jsonl') {
      this.write(stringifyJson(obj) + '\n');
      return;
    }
    const names = this.options.columns;
    const own = fields ?? Object.keys((obj as object) ?? {}).map((k) => ({ header: k, key: k }));
    this.checkNames(own, [obj]);
    const cols = Array.isArray(names) ? pickColumns(own, names) : own;
    if (this.format === 'csv') {
      // CSV is the raw fields (money in micros, no decimal rows), or those --columns names.
      this.write(this.csv([obj], undefined, own).text);
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
    if (this.options.columns === 'help') return this.columnNames(undefined, Array.isArray(value) ? value : [value]);
    if (this.options.query) return this.queried(value);
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
    if (this.options.columns === 'help') return this.namesStream(columns as Column[] | undefined);
    if (this.options.query) return this.bufferedStream(head);
    let count = 0;
    let csvKeys: string[] | undefined;
    let cols: Column[] | undefined;
    const fmt = this.format;
    if (fmt === 'json') {
      const headText = Object.keys(head).length ? stringifyJson(head, 2).slice(0, -2) + ',\n' : '{\n';
      this.write(headText + '  "data": [');
    }
    return {
      add: (items) => {
        if (!items.length) return;
        if (!cols) this.checkNames(columns as Column[] | undefined, items);
        cols ??= this.listColumns(columns as Column[] | undefined, items);
        if (fmt === 'json') {
          // Item by item, piece by piece: a big item is never one string (stringifyJsonPieces).
          for (const item of items) {
            let lead = count++ ? ',\n    ' : '\n    ';
            for (const piece of stringifyJsonPieces(item)) {
              this.write(lead + piece);
              lead = '';
            }
          }
        } else if (fmt === 'jsonl') {
          this.write(items.map((i) => stringifyJson(i)).join('\n') + '\n');
        } else if (fmt === 'csv') {
          const out = this.csv(items, csvKeys, columns as Column[] | undefined);
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

  /** --query needs the whole document: the pages are kept and filtered at the end (memory grows with the listing). */
  private bufferedStream<T>(head: Record<string, unknown>): ListStream<T> {
    const data: T[] = [];
    return {
      add: (items) => void data.push(...items),
      end: (tail = {}) => this.queried({ ...head, data, ...tail }),
    };
  }

  /** `--columns help` on a paged listing: the names from the first page with items; the rest is not printed. */
  private namesStream<T>(declared: Column[] | undefined): ListStream<T> {
    let done = false;
    return {
      add: (items) => {
        if (done || !items.length) return;
        done = true;
        this.columnNames(declared, items);
      },
      end: () => {
        if (!done) this.columnNames(declared, []);
      },
    };
  }
}
