// Streamed text input with 1-based line numbers, in constant memory: BOM
// stripped, CRLF and LF both accepted, invalid UTF-8 reported with its line.
import { createReadStream } from 'node:fs';
import { InputError } from '../errors.js';

export interface Line {
  line: number;
  text: string;
}

/** A file path, or '-' for stdin. */
export function openInput(path: string, stdin: NodeJS.ReadableStream = process.stdin): NodeJS.ReadableStream {
  return path === '-' ? stdin : createReadStream(path, { highWaterMark: 256 * 1024 });
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
      throw new InputError(`${opts.name ?? 'input'} line ${line}: not valid UTF-8 (save the file as UTF-8)`, [{ line, message: 'not valid UTF-8' }]);
    }
  };
  for await (const chunk of input) {
    let buf: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    if (first) {
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
      else if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) {
        throw new InputError(`${opts.name ?? 'input'} is UTF-16 encoded; save it as UTF-8`, [{ line: 1, message: 'UTF-16 byte order mark' }]);
      }
    }
    let start = 0;
    for (let i = buf.indexOf(10, start); i !== -1; i = buf.indexOf(10, start)) {
      lineNo++;
      const end = i > start && buf[i - 1] === 13 ? i - 1 : i;
      yield { line: lineNo, text: decode(buf.subarray(start, end), lineNo) };
      start = i + 1;
    }
    carry = buf.subarray(start);
    if (carry.length > max) throw new InputError(`${opts.name ?? 'input'} line ${lineNo + 1} is longer than ${max} bytes`, [{ line: lineNo + 1, message: 'line too long' }]);
  }
  if (carry.length) {
    lineNo++;
    const end = carry[carry.length - 1] === 13 ? carry.length - 1 : carry.length;
    yield { line: lineNo, text: decode(carry.subarray(0, end), lineNo) };
  }
}
