// A streaming splitter for one big JSON document: a top-level array `[…]` or an
// object holding the array under a key (`{"products": […]}`). It tracks strings,
// escapes and nesting depth, and yields each element of that array as its own
// text, parsed, with the line it starts on — so a feed of any size is read in
// constant memory (one element at a time), and a broken element is reported
// with its line while the rest are still read.
import { InputError } from '../errors/cli-error.js';

export interface JsonElement {
  /** 1-based line on which the element starts. */
  line: number;
  /** The parsed element (absent when it is not valid JSON). */
  value?: unknown;
  /** Why the element could not be parsed. */
  error?: string;
}

export interface JsonArrayOptions {
  name?: string;
  /** Key of the array when the document is an object (default "products"). */
  key?: string;
  maxElementBytes?: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NL = 0x0a;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;
const OPEN_ARR = 0x5b;
const CLOSE_ARR = 0x5d;

const isSpace = (c: number) => c === 0x20 || c === NL || c === 0x0d || c === 0x09;

/** Offset of the first byte that breaks UTF-8 in a chunk (leading continuation bytes belong to the previous chunk). */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < 3 && i < b.length && (b[i]! & 0xc0) === 0x80) i++;
  while (i < b.length) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : (c & 0xf0) === 0xe0 ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k < b.length && (b[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return b.length;
}

interface Frame {
  kind: 'object' | 'array';
  /** Object frames: the next string is a key. */
  expectKey: boolean;
  /** The array whose elements are yielded. */
  target: boolean;
  line: number;
}

/** What is being copied out of the text: an element of the target array, or a key of the root object. */
interface Capture {
  kind: 'element' | 'key';
  /** The element's first character: a string, object or array ends at its closing character, anything else at a delimiter. */
  startChar: number;
  /** Nesting depth at which it started. */
  depth: number;
  /** Line it starts on (a key: the line of the last element). */
  line: number;
  /** Where it starts in the current chunk (0 for chunks after the first). */
  start: number;
  /** Text from earlier chunks, and its length. */
  parts: string[];
  length: number;
}

/**
 * The splitter's state machine: one chunk at a time, one method per kind of
 * character outside strings, finished elements collected per chunk.
 */
class JsonArraySplitter {
  private readonly name: string;
  private readonly wantKey: string;
  private readonly maxBytes: number;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly stack: Frame[] = [];
  private line = 1;
  private first = true;
  private inString = false;
  private escape = false;
  private rootDone = false;
  private sawTarget = false;
  private capture: Capture | undefined;
  /** Line of the last element captured: a key's capture carries it too, so an oversized key's message names it. */
  private elementLine = 0;
  private lastKey: string | undefined;
  /** After an element, a comma or the closing bracket must come before the next one. */
  private needComma = false;
  private commaPending = false;
  /** The chunk being scanned, and the elements finished in it. */
  private text = '';
  private done: JsonElement[] = [];

  constructor(opts: JsonArrayOptions) {
    this.name = opts.name ?? 'input';
    this.wantKey = opts.key ?? 'products';
    this.maxBytes = opts.maxElementBytes ?? 16 * 1024 * 1024;
  }

  private fail(message: string): never {
    throw new InputError(`${this.name} line ${this.line}: ${message}`, [{ line: this.line, message }]);
  }

  /** Scans one chunk; returns the elements that ended in it. */
  feed(bytes: Uint8Array): JsonElement[] {
    const s = this.decode(bytes);
    let i = 0;
    if (this.first && s.length) {
      this.first = false;
      if (s.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.capture) this.capture.start = i;
    this.text = s;
    this.done = [];
    for (; i < s.length; i++) this.step(s.charCodeAt(i), i);
    if (this.capture) this.carry();
    return this.done;
  }

  /** The checks once the input has ended. */
  end(): void {
    try {
      this.decoder.decode();
    } catch {
      this.fail('not valid UTF-8 at the end of the input');
    }
    if (this.inString) this.fail('unexpected end of input inside a string');
    const open = this.stack[this.stack.length - 1];
    if (open) this.fail(`unexpected end of input: the ${open.kind === 'array' ? '[' : '{'} opened on line ${open.line} is never closed`);
    if (this.first) this.fail('the input is empty');
    if (!this.sawTarget) this.fail(`expected a JSON array or an object with a "${this.wantKey}" array`);
  }

  private decode(bytes: Uint8Array): string {
    try {
      return this.decoder.decode(bytes, { stream: true });
    } catch {
      const bad = firstInvalidUtf8(bytes);
      for (let k = 0; k < bad; k++) if (bytes[k] === NL) this.line++;
      return this.fail('not valid UTF-8 (save the file as UTF-8)');
    }
  }

  /** An element still open at the end of the chunk: keep its text so far, within the size limit. */
  private carry(): void {
    const cap = this.capture!;
    cap.parts.push(this.text.slice(cap.start));
    cap.length += this.text.length - cap.start;
    if (cap.length > this.maxBytes) this.fail(`an element starting on line ${cap.line} is larger than ${this.maxBytes} bytes`);
  }

  private step(c: number, i: number): void {
    if (this.inString) return this.stringChar(c, i);
    if (c === NL) this.line++;
    const cap = this.capture;
    // A bare number or literal element ends at the first delimiter.
    if (
      cap?.kind === 'element' &&
      cap.startChar !== QUOTE &&
      cap.startChar !== OPEN_OBJ &&
      cap.startChar !== OPEN_ARR &&
      this.stack.length === cap.depth &&
      (isSpace(c) || c === COMMA || c === CLOSE_ARR)
    )
      this.finish(i);
    if (isSpace(c)) return;
    if (this.rootDone) this.fail('unexpected text after the end of the JSON document');
    const top = this.stack[this.stack.length - 1];
    if (top?.target && !this.capture && c !== COMMA && c !== CLOSE_ARR) {
      if (this.needComma) this.fail('missing comma between array elements');
      this.commaPending = false;
      this.capture = this.newCapture('element', c, i);
    }
    switch (c) {
      case QUOTE:
        return this.openString(top, i);
      case OPEN_OBJ:
      case OPEN_ARR:
        return this.open(top, c === OPEN_ARR);
      case CLOSE_OBJ:
      case CLOSE_ARR:
        return this.close(c, i);
      case COLON:
        if (top?.kind === 'object') top.expectKey = false;
        return;
      case COMMA:
        return this.comma(top);
      default:
        if (this.stack.length === 0)
          this.fail(
            `expected a JSON array or an object with a "${this.wantKey}" array, found ${JSON.stringify(this.text.slice(i, i + 20))}`,
          );
    }
  }

  private newCapture(kind: Capture['kind'], startChar: number, start: number): Capture {
    if (kind === 'element') this.elementLine = this.line;
    return { kind, startChar, depth: this.stack.length, line: this.elementLine, start, parts: [], length: 0 };
  }

  private stringChar(c: number, i: number): void {
    if (this.escape) {
      this.escape = false;
      return;
    }
    if (c === BACKSLASH) this.escape = true;
    else if (c === QUOTE) {
      this.inString = false;
      const cap = this.capture;
      if (cap && cap.startChar === QUOTE && this.stack.length === cap.depth) this.finish(i + 1);
    } else if (c === NL) this.line++;
  }

  /** A string starts; at the root object's key positions, it is captured as a key. */
  private openString(top: Frame | undefined, i: number): void {
    this.inString = true;
    if (!this.capture && top?.kind === 'object' && top.expectKey && this.stack.length === 1)
      this.capture = this.newCapture('key', QUOTE, i);
  }

  /** An object or array opens; it is the target when it is the root array or the root object's array under the wanted key. */
  private open(top: Frame | undefined, isArr: boolean): void {
    let target = false;
    if (this.stack.length === 0) target = isArr;
    else if (
      this.stack.length === 1 &&
      top!.kind === 'object' &&
      !top!.expectKey &&
      this.lastKey === this.wantKey &&
      isArr &&
      !this.capture
    )
      target = true;
    if (target) {
      this.sawTarget = true;
      this.needComma = false;
    }
    this.stack.push({ kind: isArr ? 'array' : 'object', expectKey: !isArr, target, line: this.line });
  }

  private close(c: number, i: number): void {
    const f = this.stack.pop();
    if (!f || (f.kind === 'array') !== (c === CLOSE_ARR)) this.fail(`unexpected ${String.fromCharCode(c)}`);
    if (f.target) {
      if (this.commaPending) this.fail('trailing comma before ]');
      this.needComma = false;
    }
    const cap = this.capture;
    if (cap?.kind === 'element' && this.stack.length === cap.depth && (cap.startChar === OPEN_OBJ || cap.startChar === OPEN_ARR))
      this.finish(i + 1);
    if (this.stack.length === 0) this.rootDone = true;
  }

  private comma(top: Frame | undefined): void {
    if (top?.kind === 'object') top.expectKey = true;
    if (top?.target) {
      if (!this.needComma) this.fail('unexpected comma (an empty array element)');
      this.needComma = false;
      this.commaPending = true;
    }
  }

  /** The capture ends before `end` in the current chunk: a key is remembered, an element parsed. */
  private finish(end: number): void {
    const cap = this.capture!;
    cap.parts.push(this.text.slice(cap.start, end));
    const text = cap.parts.join('');
    this.capture = undefined;
    if (cap.kind === 'key') {
      try {
        this.lastKey = JSON.parse(text) as string;
      } catch {
        this.lastKey = undefined;
      }
      return;
    }
    this.needComma = true;
    try {
      this.done.push({ line: cap.line, value: JSON.parse(text) });
    } catch (e) {
      this.done.push({ line: cap.line, error: `not valid JSON: ${(e as Error).message}` });
    }
  }
}

export async function* readJsonArray(input: NodeJS.ReadableStream, opts: JsonArrayOptions = {}): AsyncGenerator<JsonElement> {
  const splitter = new JsonArraySplitter(opts);
  for await (const chunk of input) yield* splitter.feed(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
  splitter.end();
}
