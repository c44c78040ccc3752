// The three input shapes, streamed in constant memory and turned into batches:
// plain lines (one identifier of --type each), CSV/TSV whose header names
// identifier kinds (several per user, a kind may repeat), JSON Lines of user
// objects ({"email": [...], "phone": "..."}).
import { extname } from 'node:path';
import { InputError } from '../errors/cli-error.js';
import { readDelimited } from '../input/delimited.js';
import { openInput, readLineChunks } from '../input/lines.js';
import { KIND_ALIASES, type IdentifierKind } from '../validate/audiences.js';
import type { Batch, Batcher, UserEncoder } from './encode.js';
import type { HashWorker } from './hash-worker.js';
import type { RejectSink } from './rejects.js';

export const INPUT_FORMATS = ['lines', 'csv', 'tsv', 'jsonl'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export function formatFromName(path: string): InputFormat {
  switch (extname(path).toLowerCase()) {
    case '.csv':
      return 'csv';
    case '.tsv':
    case '.tab':
      return 'tsv';
    case '.jsonl':
    case '.ndjson':
      return 'jsonl';
    default:
      return 'lines';
  }
}

export interface SourceSpec {
  /** File path, or '-' for stdin. */
  path: string;
  /** For messages: the file name or "stdin". */
  name: string;
  format: InputFormat;
  /** The kind of every line (plain lines). */
  type?: IdentifierKind;
  /** Kinds this upload accepts. */
  kinds: readonly IdentifierKind[];
  /** Its stdin is read only when path is stdin (openInput). */
  io: { readonly stdin: NodeJS.ReadableStream };
}

export interface ReadCounts {
  /** Records read: non-blank lines, data rows, JSON objects. */
  read: number;
  /** Records with no identifier left to send. */
  invalid: number;
  /** The input's bytes consumed so far (files), for the progress estimate. */
  bytesRead: () => number;
}

const SUFFIX = /^(.*?)[_.#\s-]?\d+$/;
const BLANK = /^\s*$/;
/** Chunks of values waiting on the hash worker. */
const HASH_QUEUE = 4;

/** A header name's kind: 'email', 'Email 2', 'phone_number_3' … (a kind may repeat). */
function kindOfHeader(name: string): IdentifierKind | undefined {
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const direct = KIND_ALIASES[n];
  if (direct) return direct;
  const m = SUFFIX.exec(n);
  return m ? KIND_ALIASES[m[1]!] : undefined;
}

function headerKinds(names: string[], kinds: readonly IdentifierKind[], file: string): IdentifierKind[] {
  const out: IdentifierKind[] = [];
  const problems = [];
  for (const [i, name] of names.entries()) {
    const kind = kindOfHeader(name);
    if (!kind)
      problems.push({
        line: 1,
        field: name || `column ${i + 1}`,
        message: `unknown column: headers must name identifier kinds (${kinds.join(', ')}${kinds.includes('phone') ? ', phone_number' : ''}; a kind may repeat, e.g. email_2)`,
      });
    else if (!kinds.includes(kind)) problems.push({ line: 1, field: name, message: `this upload takes ${kinds.join(' and ')} only` });
    else out.push(kind);
  }
  if (problems.length) {
    throw new InputError(
      `${file} line 1: ${problems.length === 1 ? `column ${problems[0]!.field}: ${problems[0]!.message}` : `${problems.length} columns are not identifier kinds (${problems.map((p) => p.field).join(', ')})`}`,
      problems,
    );
  }
  return out;
}

type Pairs = Array<readonly [IdentifierKind, string]>;

function jsonPairs(
  text: string,
  kinds: readonly IdentifierKind[],
  reject: (field: string, value: string, reason: string) => void,
): Pairs | undefined {
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    reject('', text.slice(0, 200), `not valid JSON: ${(e as Error).message}`);
    return undefined;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    reject('', text.slice(0, 200), 'not a JSON object of identifiers');
    return undefined;
  }
  const pairs: Pairs = [];
  for (const [key, val] of Object.entries(obj as Record<string, unknown>)) {
    const kind = KIND_ALIASES[key.trim().toLowerCase()];
    const shown = typeof val === 'string' ? val : JSON.stringify(val);
    if (!kind) reject(key, shown, `unknown identifier kind (expected ${kinds.join(', ')})`);
    else if (!kinds.includes(kind)) reject(key, shown, `this upload takes ${kinds.join(' and ')} only`);
    else {
      for (const v of Array.isArray(val) ? val : [val]) {
        if (typeof v === 'string') {
          if (v.trim()) pairs.push([kind, v]);
        } else if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) pairs.push([kind, String(v)]);
        else reject(key, JSON.stringify(v), 'must be a string (or an array of strings)');
      }
    }
  }
  return pairs;
}

/** What every reader needs: the source, where users go, and where counts and rejects go. */
interface ReadContext {
  src: SourceSpec;
  encoder: UserEncoder;
  batcher: Batcher;
  rejects: RejectSink;
  counts: ReadCounts;
}

/**
 * Reads the source and yields complete batches. Rejected values go to the
 * sink with their line; the loop waits for the sink when it is behind, so a
 * file full of rejects does not pile up in memory either.
 */
export async function* readBatches(
  src: SourceSpec,
  encoder: UserEncoder,
  batcher: Batcher,
  rejects: RejectSink,
  counts: ReadCounts,
  hasher?: HashWorker,
): AsyncGenerator<Batch> {
  const stream = openInput(src.path, src.io);
  counts.bytesRead = () => (stream as { bytesRead?: number }).bytesRead ?? 0;
  const ctx: ReadContext = { src, encoder, batcher, rejects, counts };
  if (src.format === 'lines' && hasher && encoder.hashes(src.type!)) yield* hashedLines(ctx, stream, hasher);
  else if (src.format === 'lines') yield* plainLines(ctx, stream);
  else if (src.format === 'jsonl') yield* jsonLines(ctx, stream);
  else yield* delimitedRows(ctx, stream);
  const last = batcher.flush();
  if (last) yield last;
}

/** One encoded user (undefined: nothing left to send) into the batcher; a full batch comes back. */
function take({ batcher, encoder, rejects, counts }: ReadContext, line: number, user: string | undefined): Batch | undefined {
  if (user === undefined) {
    counts.invalid++;
    return undefined;
  }
  const bytes = batcher.userBytes(encoder.lastBytes);
  if (bytes > batcher.maxUserBytes) {
    counts.invalid++;
    rejects.add({ line, field: '', value: '', reason: `the user's identifiers take ${bytes} bytes, more than one request may carry` });
    return undefined;
  }
  return batcher.add(line, user, encoder.lastBytes);
}

interface HashChunk {
  lines: number[];
  hex: Promise<string>;
}

/** Plain lines hashed on the worker: normalized here, a few chunks in flight keep both threads busy, in order. */
async function* hashedLines(ctx: ReadContext, stream: NodeJS.ReadableStream, hasher: HashWorker): AsyncGenerator<Batch> {
  const { src, encoder, rejects, counts } = ctx;
  const kind = src.type!;
  const queue: HashChunk[] = [];
  for await (const { first, lines } of readLineChunks(stream, { name: src.name })) {
    const values: string[] = [];
    const at: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!;
      if (!text || BLANK.test(text)) continue;
      counts.read++;
      const v = encoder.prepare(first + i, kind, text);
      if (v === undefined) counts.invalid++;
      else {
        values.push(v);
        at.push(first + i);
      }
    }
    if (values.length) queue.push({ lines: at, hex: hasher.hash(values) });
    while (queue.length > HASH_QUEUE) {
      const entry = queue.shift()!;
      yield* hashedBatches(ctx.batcher, entry, await entry.hex);
    }
    if (rejects.behind) await rejects.drain();
  }
  for (const entry of queue) yield* hashedBatches(ctx.batcher, entry, await entry.hex);
}

/** A hashed chunk's users into the batcher (64 hex characters each); the batches it filled. */
function hashedBatches(batcher: Batcher, entry: HashChunk, hex: string): Batch[] {
  const done: Batch[] = [];
  for (let i = 0; i < entry.lines.length; i++) {
    const b = batcher.add(entry.lines[i]!, hex.slice(i * 64, i * 64 + 64), 64);
    if (b) done.push(b);
  }
  return done;
}

/** The hot path: a chunk of lines at a time, no await per line. */
async function* plainLines(ctx: ReadContext, stream: NodeJS.ReadableStream): AsyncGenerator<Batch> {
  const { src, encoder, rejects, counts } = ctx;
  const kind = src.type!;
  for await (const { first, lines } of readLineChunks(stream, { name: src.name })) {
    const done: Batch[] = [];
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!;
      if (!text || BLANK.test(text)) continue;
      counts.read++;
      const b = take(ctx, first + i, encoder.one(first + i, kind, text));
      if (b) done.push(b);
    }
    yield* done;
    if (rejects.behind) await rejects.drain();
  }
}

/** JSON Lines of user objects. */
async function* jsonLines(ctx: ReadContext, stream: NodeJS.ReadableStream): AsyncGenerator<Batch> {
  const { src, rejects } = ctx;
  for await (const { first, lines } of readLineChunks(stream, { name: src.name })) {
    const done: Batch[] = [];
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!;
      if (!text || BLANK.test(text)) continue;
      const b = jsonLine(ctx, first + i, text);
      if (b) done.push(b);
    }
    yield* done;
    if (rejects.behind) await rejects.drain();
  }
}

function jsonLine(ctx: ReadContext, line: number, text: string): Batch | undefined {
  const { src, encoder, rejects } = ctx;
  ctx.counts.read++;
  const pairs = jsonPairs(text, src.kinds, (field, value, reason) => {
    encoder.invalidValues++;
    rejects.add({ line, field, value, reason });
  });
  let user: string | undefined;
  if (pairs?.length) user = encoder.many(line, pairs);
  else if (pairs) rejects.add({ line, field: '', value: text.slice(0, 200), reason: 'no identifiers in this object' });
  return take(ctx, line, user);
}

/** CSV/TSV whose header names the identifier kinds of its columns. */
async function* delimitedRows(ctx: ReadContext, stream: NodeJS.ReadableStream): AsyncGenerator<Batch> {
  const { src, encoder, rejects, counts } = ctx;
  let kinds: IdentifierKind[] = [];
  const header = (names: string[]) => {
    kinds = headerKinds(names, src.kinds, src.name);
    // Positional keys: two "email" columns must not overwrite each other.
    return names.map((_, i) => String(i));
  };
  for await (const { line, record } of readDelimited(stream, { delimiter: src.format === 'csv' ? ',' : '\t', name: src.name, header })) {
    counts.read++;
    const pairs: Pairs = [];
    for (let i = 0; i < kinds.length; i++) {
      const v = record[String(i)];
      if (v?.trim()) pairs.push([kinds[i]!, v]);
    }
    if (!pairs.length) rejects.add({ line, field: '', value: '', reason: 'no identifiers on this row' });
    const done = take(ctx, line, pairs.length ? encoder.many(line, pairs) : undefined);
    if (done) yield done;
    if (rejects.behind) await rejects.drain();
  }
}
