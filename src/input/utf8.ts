// Encoding checks shared by the input readers: UTF-8 only, with the line of
// the first bad byte; a UTF-16 file is named as such.
import { isUtf8 } from 'node:buffer';
import { Transform } from 'node:stream';
import { InputError } from '../errors/cli-error.js';

const NL = 0x0a;

export function notUtf8(name: string, line: number): InputError {
  return new InputError(`${name} line ${line}: not valid UTF-8 (save the file as UTF-8)`, [{ line, message: 'not valid UTF-8' }]);
}

export function utf16(name: string): InputError {
  return new InputError(`${name} is UTF-16 encoded; save it as UTF-8`, [{ line: 1, message: 'UTF-16 byte order mark' }]);
}

/** A UTF-16 byte order mark at the start of a file. */
export const hasUtf16Bom = (buf: Buffer): boolean => (buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff);

/** Length of the part of `buf` that ends on a whole UTF-8 sequence (a sequence cut by the chunk end waits for the next chunk). */
function wholeSequences(buf: Buffer): number {
  for (let i = buf.length - 1; i >= 0 && i >= buf.length - 3; i--) {
    const c = buf[i]!;
    if (c < 0x80) return buf.length;
    if (c >= 0xc0) return i + (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2) > buf.length ? i : buf.length;
  }
  return buf.length;
}

/**
 * A pass-through that fails with an InputError naming the line when the bytes
 * are not UTF-8 (Latin-1 and Windows-1252 exports are the usual cause). It keeps
 * at most 3 bytes of a sequence cut by a chunk boundary: memory stays constant.
 */
export function utf8Checked(name: string): Transform {
  let carry: Buffer | undefined;
  let line = 1;
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (first && chunk.length) {
        first = false;
        if (hasUtf16Bom(chunk)) return done(utf16(name));
      }
      const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
      const cut = wholeSequences(buf);
      const body = buf.subarray(0, cut);
      if (!isUtf8(body)) {
        // Find the line that breaks, for the message (a newline byte never sits inside a sequence).
        let start = 0;
        for (let i = body.indexOf(NL); ; i = body.indexOf(NL, start)) {
          if (!isUtf8(body.subarray(start, i === -1 ? body.length : i))) break;
          if (i === -1) break;
          line++;
          start = i + 1;
        }
        return done(notUtf8(name, line));
      }
      for (let i = body.indexOf(NL); i !== -1; i = body.indexOf(NL, i + 1)) line++;
      carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : undefined;
      done(null, chunk);
    },
    flush(done) {
      done(carry ? notUtf8(name, line) : null);
    },
  });
}
