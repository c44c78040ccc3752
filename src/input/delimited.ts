// Streamed CSV/TSV with a header row (csv-parse), yielding records keyed by
// column name with the line number each record starts on.
import { parse } from 'csv-parse';
import { InputError } from '../errors/cli-error.js';

export interface DelimitedRecord {
  line: number;
  record: Record<string, string>;
}

export async function* readDelimited(
  input: NodeJS.ReadableStream,
  opts: {
    delimiter: ',' | '\t';
    name?: string /** Renames (or checks) the trimmed header names; duplicates otherwise overwrite each other. */;
    header?: (names: string[]) => string[];
  },
): AsyncGenerator<DelimitedRecord, void, undefined> {
  const parser = parse({
    delimiter: opts.delimiter,
    bom: true,
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim());
      return opts.header ? opts.header(names) : names;
    },
    info: true,
    relax_column_count: false,
    skip_empty_lines: true,
    trim: false,
    // TSV has no quoting convention: a quote is just a character.
    quote: opts.delimiter === '\t' ? false : '"',
    max_record_size: 16 * 1024 * 1024,
  });
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  try {
    for await (const row of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: row.info.lines, record: row.record };
    }
  } catch (e) {
    const err = e as Error & { code?: string; lines?: number };
    if (err.code?.startsWith('CSV_')) {
      const line = err.lines ?? 0;
      throw new InputError(
        `${opts.name ?? 'input'} line ${line}: ${err.message.replace(/^Invalid Record Length: /, 'wrong number of columns: ')}`,
        [{ line, message: err.message }],
      );
    }
    throw e;
  }
}
