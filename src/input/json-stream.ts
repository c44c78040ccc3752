// A streaming splitter for one big JSON document: a top-level array `[…]` or an
// object holding the array under a key (`{"products": […]}`). It tracks strings,
// escapes and nesting depth, and yields each element of that array as its own
// text, parsed, with the line it starts on — so a feed of any size is read in
// constant memory (one element at a time), and a broken element is reported
// with its line while the rest are still read.
import { InputError } from '../errors.js';

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

export async function* readJsonArray(input: NodeJS.ReadableStream, opts: JsonArrayOptions = {}): AsyncGenerator<JsonElement> {
  const name = opts.name ?? 'input';
  const wantKey = opts.key ?? 'products';
  const maxBytes = opts.maxElementBytes ?? 16 * 1024 * 1024;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stack: Frame[] = [];
  let line = 1;
  let first = true;
  let inString = false;
  let escape = false;
  let rootDone = false;
  let sawTarget = false;
  // Element capture.
  let capturing: 'element' | 'key' | undefined;
  let capStartChar = 0;
  let capDepth = 0;
  let capStart = 0;
  let capLine = 0;
  let capLen = 0;
  let parts: string[] = [];
  let lastKey: string | undefined;
  /** After an element, a comma or the closing bracket must come before the next one. */
  let needComma = false;
  let commaPending = false;

  const fail = (message: string): never => {
    throw new InputError(`${name} line ${line}: ${message}`, [{ line, message }]);
  };

  for await (const chunk of input) {
    let s: string;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    try {
      s = decoder.decode(bytes, { stream: true });
    } catch {
      const bad = firstInvalidUtf8(bytes);
      for (let k = 0; k < bad; k++) if (bytes[k] === NL) line++;
      fail('not valid UTF-8 (save the file as UTF-8)');
    }
    s = s!;
    let i = 0;
    if (first && s.length) {
      first = false;
      if (s.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (capturing) capStart = i;
    const done: JsonElement[] = [];
    const finish = (end: number) => {
      parts.push(s.slice(capStart, end));
      const text = parts.join('');
      parts = [];
      const kind = capturing;
      capturing = undefined;
      capLen = 0;
      if (kind === 'key') {
        try {
          lastKey = JSON.parse(text) as string;
        } catch {
          lastKey = undefined;
        }
        return;
      }
      needComma = true;
      try {
        done.push({ line: capLine, value: JSON.parse(text) });
      } catch (e) {
        done.push({ line: capLine, error: `not valid JSON: ${(e as Error).message}` });
      }
    };
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (inString) {
        if (escape) {
          escape = false;
          continue;
        }
        if (c === BACKSLASH) escape = true;
        else if (c === QUOTE) {
          inString = false;
          if (capturing && capStartChar === QUOTE && stack.length === capDepth) finish(i + 1);
        } else if (c === NL) line++;
        continue;
      }
      if (c === NL) line++;
      // A bare number or literal element ends at the first delimiter.
      if (capturing === 'element' && capStartChar !== QUOTE && capStartChar !== OPEN_OBJ && capStartChar !== OPEN_ARR && stack.length === capDepth && (isSpace(c) || c === COMMA || c === CLOSE_ARR)) finish(i);
      if (isSpace(c)) continue;
      if (rootDone) fail('unexpected text after the end of the JSON document');
      const top = stack[stack.length - 1];
      if (top?.target && !capturing && c !== COMMA && c !== CLOSE_ARR) {
        if (needComma) fail('missing comma between array elements');
        commaPending = false;
        capturing = 'element';
        capStartChar = c;
        capDepth = stack.length;
        capStart = i;
        capLine = line;
      }
      switch (c) {
        case QUOTE:
          inString = true;
          if (!capturing && top?.kind === 'object' && top.expectKey && stack.length === 1) {
            capturing = 'key';
            capStartChar = QUOTE;
            capDepth = stack.length;
            capStart = i;
          }
          break;
        case OPEN_OBJ:
        case OPEN_ARR: {
          const isArr = c === OPEN_ARR;
          let target = false;
          if (stack.length === 0) {
            target = isArr;
          } else if (stack.length === 1 && top!.kind === 'object' && !top!.expectKey && lastKey === wantKey && isArr && !capturing) {
            target = true;
          }
          if (target) {
            sawTarget = true;
            needComma = false;
          }
          stack.push({ kind: isArr ? 'array' : 'object', expectKey: !isArr, target, line });
          break;
        }
        case CLOSE_OBJ:
        case CLOSE_ARR: {
          const f = stack.pop();
          if (!f || (f.kind === 'array') !== (c === CLOSE_ARR)) fail(`unexpected ${String.fromCharCode(c)}`);
          if (f!.target) {
            if (commaPending) fail('trailing comma before ]');
            needComma = false;
          }
          if (capturing === 'element' && stack.length === capDepth && (capStartChar === OPEN_OBJ || capStartChar === OPEN_ARR)) finish(i + 1);
          if (stack.length === 0) rootDone = true;
          break;
        }
        case COLON:
          if (top?.kind === 'object') top.expectKey = false;
          break;
        case COMMA:
          if (top?.kind === 'object') top.expectKey = true;
          if (top?.target) {
            if (!needComma) fail('unexpected comma (an empty array element)');
            needComma = false;
            commaPending = true;
          }
          break;
        default:
          if (stack.length === 0) fail(`expected a JSON array or an object with a "${wantKey}" array, found ${JSON.stringify(s.slice(i, i + 20))}`);
      }
    }
    if (capturing) {
      parts.push(s.slice(capStart));
      capLen += s.length - capStart;
      if (capLen > maxBytes) fail(`an element starting on line ${capLine} is larger than ${maxBytes} bytes`);
    }
    for (const e of done) yield e;
  }
  try {
    decoder.decode();
  } catch {
    fail('not valid UTF-8 at the end of the input');
  }
  if (inString) fail('unexpected end of input inside a string');
  if (stack.length) fail(`unexpected end of input: the ${stack[stack.length - 1]!.kind === 'array' ? '[' : '{'} opened on line ${stack[stack.length - 1]!.line} is never closed`);
  if (first) fail('the input is empty');
  if (!sawTarget) fail(`expected a JSON array or an object with a "${wantKey}" array`);
}
