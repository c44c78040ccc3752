// The one way a YAML or JSON file a user hands in (a campaigns file, a card, an
// estimate body, an identifiers object, a twurl or xurl store) becomes data:
// at most a size cap, at most MAX_DEPTH levels deep, objects without a
// prototype, and no key that names a prototype slot. A parser left to itself
// spends minutes and gigabytes on a few megabytes of `[[[[…` and builds
// `__proto__` keys into prototypes, hiding fields from every later check.
import { InputError, invalid, type InputProblem } from '../errors/cli-error.js';
import { MAX_DATA_BYTES, readRegularFile, tooBig } from './regular-file.js';

// The cap of a data file is the input files' (regular-file.ts): callers that import it from here keep doing so.
export { MAX_DATA_BYTES } from './regular-file.js';

/** Nesting no real file comes near (a campaigns file nests about six levels); deeper input is refused before parsing. */
export const MAX_DEPTH = 64;

/** Keys that name an object's prototype slots: refused wherever they appear, as keys of plain data they only do harm. */
const REFUSED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

type Data = null | boolean | number | bigint | string | Data[] | { [key: string]: Data };

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const isBlank = (c: number): boolean => c === SPACE || c === TAB || c === CR || c === LF || Number.isNaN(c);

/** One pass of depthExceeded: the state carried from character to character and line to line. */
class DepthScan {
  private readonly stack: number[] = [];
  private i = 0;
  private line = 1;
  private flow = 0;
  private quote = 0;
  private atStart = true;
  private blockScalar = -1;

  constructor(
    private readonly text: string,
    private readonly max: number,
  ) {}

  private over(): boolean {
    return this.flow + this.stack.length > this.max;
  }

  private toLineEnd(): void {
    const end = this.text.indexOf('\n', this.i);
    this.i = end < 0 ? this.text.length : end;
  }

  run(): number | undefined {
    const n = this.text.length;
    while (this.i < n) {
      const lineStart = this.i;
      let col = 0;
      while (this.i < n && this.text.charCodeAt(this.i) === SPACE) {
        this.i++;
        col++;
      }
      const skip = this.quote === 0 && this.flow === 0 && this.startLine(col);
      if (!skip && (this.over() || this.scanLine(lineStart, col))) return this.line;
      this.i++;
      this.line++;
    }
    return undefined;
  }

  /** A line in block context: true to skip it (blank, a comment, inside a block scalar); else opens its column. */
  private startLine(col: number): boolean {
    const { text } = this;
    const c0 = this.i < text.length ? text.charCodeAt(this.i) : LF;
    const empty = c0 === LF || c0 === CR || c0 === 35;
    if ((this.blockScalar >= 0 && (empty || col > this.blockScalar)) || (this.blockScalar < 0 && empty)) {
      this.toLineEnd();
      return true;
    }
    this.blockScalar = -1;
    if (col === 0 && (text.startsWith('---', this.i) || text.startsWith('...', this.i))) {
      this.stack.length = 0;
      this.i += 3;
    } else {
      while (this.stack.length && this.stack[this.stack.length - 1]! > col) this.stack.pop();
      if (this.stack[this.stack.length - 1] !== col) this.stack.push(col);
    }
    this.atStart = true;
    return false;
  }

  /** The rest of a line; true when the depth passed the cap on it. */
  private scanLine(lineStart: number, col: number): boolean {
    const { text } = this;
    for (; this.i < text.length; this.i++) {
      const c = text.charCodeAt(this.i);
      if (c === LF) return false;
      if (this.quote) {
        if (this.quote === 34 && c === 92) this.i++;
        else if (c === this.quote) {
          this.quote = 0;
          this.atStart = false;
        }
        continue;
      }
      if (c === SPACE || c === TAB || c === CR) continue;
      if (c === 35 && (this.i === lineStart || isBlank(text.charCodeAt(this.i - 1)))) {
        this.toLineEnd();
        return false;
      }
      if (this.atStart) {
        const done = this.nodeStart(c, lineStart, col);
        if (done === 'over') return true;
        if (done === 'line') return false;
        if (done === 'next') continue;
      }
      if (this.flow > 0) {
        if (c === 91 || c === 123) {
          this.flow++;
          this.atStart = true;
          if (this.over()) return true;
        } else if (c === 93 || c === 125) {
          this.flow--;
          this.atStart = false;
        } else if (c === 44 || c === 58) this.atStart = true;
      } else if (c === 58 && isBlank(text.charCodeAt(this.i + 1))) this.atStart = true;
    }
    return false;
  }

  /** Where a node may begin: quotes, flow openers, `- `/`? ` indicators, block scalars, anchors and tags. */
  private nodeStart(c: number, lineStart: number, col: number): 'over' | 'line' | 'next' | 'plain' {
    const { text } = this;
    if (c === 34 || c === 39) {
      this.quote = c;
      return 'next';
    }
    if (c === 91 || c === 123) {
      this.flow++;
      return this.over() ? 'over' : 'next';
    }
    if (this.flow === 0 && (c === 45 || c === 63 || c === 58) && isBlank(text.charCodeAt(this.i + 1))) {
      if (c === 58) return 'next';
      let j = this.i + 1;
      while (j < text.length && text.charCodeAt(j) === SPACE) j++;
      const next = j < text.length ? text.charCodeAt(j) : LF;
      if (next !== LF && next !== CR && next !== 35) this.stack.push(j - lineStart);
      return this.over() ? 'over' : 'next';
    }
    if (this.flow === 0 && (c === 124 || c === 62)) {
      this.blockScalar = col;
      this.toLineEnd();
      return 'line';
    }
    if (c === 38 || c === 33) {
      while (this.i + 1 < text.length && !isBlank(text.charCodeAt(this.i + 1))) this.i++;
      return 'next';
    }
    this.atStart = false;
    return 'plain';
  }
}

/**
 * The first line at which `text` nests deeper than `max`, or undefined. One pass over the characters,
 * never building anything: flow brackets outside quotes and comments, plus a stack of the indentation
 * columns of open block nodes (`- - x` opens one per indicator). It may count a level too many, never
 * one too few, so a file it lets through cannot make the parser recurse past `max` levels.
 */
export function depthExceeded(text: string, max = MAX_DEPTH): number | undefined {
  return new DepthScan(text, max).run();
}

/**
 * The text of a data file (`-`: `stdin`), read only up to `maxBytes`: a file by the input-file rule (a regular
 * file, not under /proc, /sys or /dev: regular-file.ts), stdin refused (exit 6) once the cap is passed.
 */
export async function readDataFile(path: string, maxBytes = MAX_DATA_BYTES, stdin?: NodeJS.ReadableStream): Promise<string> {
  if (path !== '-' || stdin === undefined) return (await readRegularFile(path, path, maxBytes)).toString('utf8');
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stdin) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      total += buf.length;
      if (total > maxBytes) throw tooBig('(stdin)', total, maxBytes);
      chunks.push(buf);
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read (stdin): ${(e as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Size and depth, checked on the text before any parser sees it (exit 6 naming the line). */
function checkDataText(name: string, text: string, maxBytes = MAX_DATA_BYTES): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > maxBytes) throw tooBig(name, bytes, maxBytes);
  const line = depthExceeded(text);
  if (line !== undefined)
    throw new InputError(`${name} line ${line}: nested more than ${MAX_DEPTH} levels deep; nothing was read or sent`, [
      { line, field: 'file', message: `nested more than ${MAX_DEPTH} levels deep` },
    ]);
}

/** The problem for a refused key, or undefined for an ordinary one. */
export function refusedKey(key: string, field: string, line: number | undefined): InputProblem | undefined {
  if (!REFUSED_KEYS.has(key)) return undefined;
  return {
    ...(line !== undefined ? { line } : {}),
    field,
    message: `the key ${JSON.stringify(key)} is not allowed (it names an object's prototype)`,
  };
}

function throwProblems(name: string, problems: InputProblem[]): void {
  if (problems.length)
    throw new InputError(
      `${name}${problems[0]!.line !== undefined ? ` line ${problems[0]!.line}` : ''}: ${problems[0]!.message}; nothing was read or sent`,
      problems,
    );
}

/** The line of the first `"key"` in JSON text (keys are rare enough to find by text). */
function lineOfKey(text: string, key: string): number | undefined {
  const at = text.indexOf(JSON.stringify(key));
  if (at < 0) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * JSON a user handed in, checked as above; objects come back without a prototype. `parse` is JSON.parse
 * or the lossless parser (src/json/lossless.ts). Throws InputError (exit 6): syntax, size, depth, keys.
 */
export function parseDataJson(name: string, text: string, opts: { maxBytes?: number; parse?: (t: string) => unknown } = {}): unknown {
  checkDataText(name, text, opts.maxBytes);
  let value: unknown;
  try {
    value = (opts.parse ?? JSON.parse)(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw invalid(name, `is not valid JSON: ${(e as Error).message}`);
  }
  const problems: InputProblem[] = [];
  const plain = (v: unknown, path: string): Data => {
    if (Array.isArray(v)) return v.map((x, i) => plain(x, `${path}[${i}]`));
    if (v === null || typeof v !== 'object') return v as Data;
    const out: { [key: string]: Data } = Object.create(null);
    for (const key of Object.keys(v)) {
      const field = path ? `${path}.${key}` : key;
      const bad = refusedKey(key, field, undefined);
      if (bad) problems.push({ ...bad, ...(lineOfKey(text, key) !== undefined ? { line: lineOfKey(text, key)! } : {}) });
      else out[key] = plain((v as Record<string, unknown>)[key], field);
    }
    return out;
  };
  const data = plain(value, '');
  throwProblems(name, problems);
  return data;
}

/** The two functions of the yaml package this needs, handed in so only the verbs that read YAML load it. */
export interface YamlApi {
  parseDocument: typeof import('yaml').parseDocument;
  LineCounter: typeof import('yaml').LineCounter;
  isMap: typeof import('yaml').isMap;
  isSeq: typeof import('yaml').isSeq;
  isScalar: typeof import('yaml').isScalar;
  isAlias: typeof import('yaml').isAlias;
}

/** Aliases are resolved into copies: a few are what other tools write, many are an alias bomb. */
const MAX_ALIASES = 100;

/**
 * YAML (or JSON, which is YAML) a user handed in, as plain data: checked as above, core schema only
 * (no custom tags, no merge keys), at most MAX_ALIASES aliases, objects without a prototype. Throws InputError (exit 6).
 */
export function parseDataYaml(yaml: YamlApi, name: string, text: string, opts: { maxBytes?: number } = {}): unknown {
  checkDataText(name, text, opts.maxBytes);
  const counter = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: counter, prettyErrors: false, schema: 'core', merge: false, uniqueKeys: true });
  const lineAt = (node: unknown): number | undefined => {
    const range = (node as { range?: [number, number, number] | null } | null)?.range;
    return range ? counter.linePos(range[0]).line : undefined;
  };
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const line = counter.linePos(e.pos[0]).line;
    throw new InputError(`${name} is not valid YAML: line ${line}: ${e.message.split('\n')[0]}`, [
      { line, field: 'file', message: e.message.split('\n')[0]! },
    ]);
  }
  const problems: InputProblem[] = [];
  let aliases = 0;
  const plain = (node: unknown, path: string, depth: number): Data => {
    if (depth > MAX_DEPTH || (yaml.isAlias(node) && ++aliases > MAX_ALIASES)) {
      const line = lineAt(node);
      const message = depth > MAX_DEPTH ? `nested more than ${MAX_DEPTH} levels deep` : `more than ${MAX_ALIASES} aliases (*name)`;
      if (!problems.length || problems[problems.length - 1]!.message !== message)
        problems.push({ ...(line !== undefined ? { line } : {}), field: path || 'file', message });
      return null;
    }
    if (yaml.isAlias(node)) return plain(node.resolve(doc), path, depth);
    if (yaml.isMap(node)) {
      const out: { [key: string]: Data } = Object.create(null);
      for (const pair of node.items) {
        const key = yaml.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const field = path ? `${path}.${key}` : key;
        const bad = refusedKey(key, field, lineAt(pair.key));
        if (bad) problems.push(bad);
        else out[key] = plain(pair.value, field, depth + 1);
      }
      return out;
    }
    if (yaml.isSeq(node)) return node.items.map((item, i) => plain(item, `${path}[${i}]`, depth + 1));
    if (yaml.isScalar(node)) {
      const v = node.value;
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v === null
        ? v
        : String(v);
    }
    return null;
  };
  const data = plain(doc.contents, '', 0);
  throwProblems(name, problems);
  return data;
}
