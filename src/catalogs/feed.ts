// Product feeds in four shapes — JSON Lines, a JSON array or {products:[…]},
// CSV and TSV with a header row — read as a stream of records with their line
// numbers, in constant memory. The format comes from --format, else the file
// extension, else a look at the first bytes.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readDelimited } from '../input/delimited.js';
import { readJsonArray } from '../input/json-stream.js';
import { readLines } from '../input/lines.js';
import { utf8Checked } from '../input/utf8.js';

export const FEED_FORMATS = ['jsonl', 'json', 'csv', 'tsv'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export interface FeedRecord {
  line: number;
  record?: Record<string, unknown>;
  /** Why this record could not be read (bad JSON, not an object). */
  error?: string;
}

const EXTENSIONS: Record<string, FeedFormat> = {
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.json': 'json',
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.tab': 'tsv',
};

export function formatFromName(path: string): FeedFormat | undefined {
  return EXTENSIONS[extname(path).toLowerCase()];
}

/** Guesses the format from the first bytes of a file. */
export async function sniffFormat(path: string): Promise<FeedFormat> {
  const fh = await open(path, 'r');
  let head: string;
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    head = buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    await fh.close();
  }
  const text = head.trimStart();
  if (text.startsWith('[')) return 'json';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (text.startsWith('{')) {
    try {
      const v = JSON.parse(firstLine) as Record<string, unknown>;
      return Array.isArray(v.products) && Object.keys(v).length === 1 ? 'json' : 'jsonl';
    } catch {
      return 'json';
    }
  }
  return firstLine.includes('\t') ? 'tsv' : 'csv';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Records of a feed stream; a bad record is yielded with its error, a broken file throws InputError. */
export async function* readFeed(input: NodeJS.ReadableStream, format: FeedFormat, name = 'feed'): AsyncGenerator<FeedRecord> {
  if (format === 'jsonl') {
    for await (const { line, text } of readLines(input, { name })) {
      if (!text.trim()) continue;
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch (e) {
        yield { line, error: `not valid JSON: ${(e as Error).message}` };
        continue;
      }
      yield isObject(v) ? { line, record: v } : { line, error: 'each line must be one JSON object (a product)' };
    }
    return;
  }
  if (format === 'json') {
    for await (const el of readJsonArray(input, { name, key: 'products' })) {
      if (el.error !== undefined) yield { line: el.line, error: el.error };
      else
        yield isObject(el.value)
          ? { line: el.line, record: el.value }
          : { line: el.line, error: 'each element must be a JSON object (a product)' };
    }
    return;
  }
  // csv-parse decodes with replacement characters, so the bytes are checked on the way in.
  const checked = utf8Checked(name);
  input.on('error', (e) => checked.destroy(e));
  for await (const { line, record } of readDelimited(input.pipe(checked), { delimiter: format === 'tsv' ? '\t' : ',', name })) {
    yield { line, record };
  }
}

export function openFeed(path: string): NodeJS.ReadableStream {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  stream.once('error', (e: NodeJS.ErrnoException) => void (e.path ??= path));
  return stream;
}

/**
 * Copies a stream (stdin, a pipe, a fifo) to a private temporary file, so the
 * feed can be read twice (validate, then send) in constant memory. The caller
 * removes it; an abort (Ctrl-C, SIGTERM, SIGHUP) while copying removes it here.
 */
export async function spoolToTemp(
  input: NodeJS.ReadableStream,
  signal?: AbortSignal,
  /** The run's TMPDIR (its world's, which a server running calls in-process sets per call), else the process's. */
  tempRoot: string = tmpdir(),
): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tempRoot, 'postctl-feed-'));
  const path = join(dir, 'feed');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(input, createWriteStream(path, { mode: 0o600 }), ...(signal ? [{ signal }] : []));
  } catch (e) {
    await remove();
    throw signal?.aborted && signal.reason instanceof Error ? signal.reason : e;
  }
  return { path, remove };
}
