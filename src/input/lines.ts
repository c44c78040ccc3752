// Streamed text input with 1-based line numbers, in constant memory: BOM
// stripped, CRLF and LF both accepted, invalid UTF-8 reported with its line.
import { createReadStream } from 'node:fs';
import { InputError } from '../errors/cli-error.js';
import { isStdinPath } from './file-kind.js';
import { hasUtf16Bom, notUtf8, utf16 } from './utf8.js';

/** The first bytes of a file: a UTF-8 BOM is dropped; a UTF-16 one is an error naming the file. */
function withoutBom(buf: Buffer, name: string): Buffer {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3);
  if (hasUtf16Bom(buf)) throw utf16(name);
  return buf;
}

export interface Line {
  line: number;
  text: string;
}

/**
 * A file path, or '-' (or /dev/stdin) for stdin. `io.stdin` is read only for stdin: the first read of
 * process.stdin builds its stream, a cost (and on Node 22+ a dozen built-in modules) a file does not need.
 */
export function openInput(path: string, io: { readonly stdin: NodeJS.ReadableStream } = process): NodeJS.ReadableStream {
  if (isStdinPath(path)) return io.stdin;
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  // A read error (EISDIR: a directory opens but cannot be read) carries no path: add it, so the message names the file.
  stream.once('error', (e: NodeJS.ErrnoException) => void (e.path ??= path));
  return stream;
}

const MAX_LINE_BYTES = 16 * 1024 * 1024;

export async function* readLines(input: NodeJS.ReadableStream, opts: { name?: string; maxLineBytes?: number } = {}): AsyncGenerator<Line> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const max = opts.maxLineBytes ?? MAX_LINE_BYTES;
  let carry: Buffer = Buffer.alloc(0);
  let lineNo = 0;
  let first = true;
  const decode = (buf: Buffer, line: number): string => {
    try {
      return decoder.decode(buf);
    } catch {
      throw notUtf8(opts.name ?? 'input', line);
    }
  };
  for await (const chunk of input) {
    let buf: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    if (first) {
      first = false;
      buf = withoutBom(buf, opts.name ?? 'input');
    }
    let start = 0;
    for (let i = buf.indexOf(10, start); i !== -1; i = buf.indexOf(10, start)) {
      lineNo++;
      const end = i > start && buf[i - 1] === 13 ? i - 1 : i;
      yield { line: lineNo, text: decode(buf.subarray(start, end), lineNo) };
      start = i + 1;
    }
    carry = buf.subarray(start);
    if (carry.length > max)
      throw new InputError(`${opts.name ?? 'input'} line ${lineNo + 1} is longer than ${max} bytes`, [
        { line: lineNo + 1, message: 'line too long' },
      ]);
  }
  if (carry.length) {
    lineNo++;
    const end = carry[carry.length - 1] === 13 ? carry.length - 1 : carry.length;
    yield { line: lineNo, text: decode(carry.subarray(0, end), lineNo) };
  }
}

const WINDOW = 64 * 1024;

export interface LineChunk {
  /** Number of the chunk's first line (1-based). */
  first: number;
  lines: string[];
}

/**
 * readLines for bulk jobs: the same rules (BOM, CRLF, UTF-8 check with the
 * line number), but each chunk read is decoded in one call and handed over as
 * an array of lines, so millions of short lines do not cost an await and a
 * decoder call each. Memory stays constant: one chunk at a time.
 */
export async function* readLineChunks(
  input: NodeJS.ReadableStream,
  opts: { name?: string; maxLineBytes?: number } = {},
): AsyncGenerator<LineChunk> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const max = opts.maxLineBytes ?? MAX_LINE_BYTES;
  const name = opts.name ?? 'input';
  let carry: Buffer = Buffer.alloc(0);
  let lineNo = 0;
  let first = true;
  const badLine = (line: number) => notUtf8(name, line);
  const decode = (buf: Buffer): string[] => {
    let text: string;
    try {
      text = decoder.decode(buf);
    } catch {
      // Find the line that breaks, for the message.
      let start = 0;
      for (let n = lineNo + 1; ; n++) {
        const i = buf.indexOf(10, start);
        try {
          decoder.decode(buf.subarray(start, i === -1 ? buf.length : i));
        } catch {
          throw badLine(n);
        }
        if (i === -1) throw badLine(n);
        start = i + 1;
      }
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
    }
    return lines;
  };
  for await (const chunk of input) {
    let buf: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    if (first) {
      first = false;
      buf = withoutBom(buf, name);
    }
    const last = buf.lastIndexOf(10);
    // Decoded in windows of ~64 KB: smaller strings stay in the young generation and die cheaply.
    let start = 0;
    while (start <= last) {
      let end = start + WINDOW >= last ? last : buf.lastIndexOf(10, start + WINDOW);
      if (end < start) end = buf.indexOf(10, start);
      const lines = decode(buf.subarray(start, end));
      yield { first: lineNo + 1, lines };
      lineNo += lines.length;
      start = end + 1;
    }
    carry = last === -1 ? buf : buf.subarray(last + 1);
    if (carry.length > max)
      throw new InputError(`${name} line ${lineNo + 1} is longer than ${max} bytes`, [{ line: lineNo + 1, message: 'line too long' }]);
  }
  if (carry.length) yield { first: lineNo + 1, lines: decode(carry) };
}
