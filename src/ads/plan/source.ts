// Reading a campaigns file (JSON or YAML: JSON is YAML 1.2, so one parser reads
// both) into plain values that keep every number exactly as written, and the
// line each value starts on, so every problem can name its line and path.
// The `yaml` package is imported only here, and only when a file is read.
import type { InputProblem } from '../../errors/cli-error.js';
import { depthExceeded, MAX_DEPTH, refusedKey } from '../../input/structured.js';

/** A number as written in the file ("50.10", "12345678901234567890"): never a float, so money stays exact. */
export class Num {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Value = string | boolean | null | Num | Value[] | { [key: string]: Value };

export interface Source {
  value: Value;
  /** The line (1-based) of the value at a path such as `campaigns[0].line_items[1].bid`, else of its nearest parent. */
  lineOf(path: string): number | undefined;
}

/** `campaigns[0].name` from the parts of a path. */
export function pathText(parts: ReadonlyArray<string | number>): string {
  return parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const MAX_ERRORS = 50;

/** Parses `text`; syntax problems (all of them, with lines) come back instead of a value. */
export async function readSource(text: string): Promise<{ source?: Source; problems: InputProblem[] }> {
  // Depth before parsing (src/input/structured.ts): the parser spends minutes on a few megabytes of `[[[[…`.
  const deep = depthExceeded(text);
  if (deep !== undefined) return { problems: [{ line: deep, field: 'file', message: `nested more than ${MAX_DEPTH} levels deep` }] };
  const { parseDocument, LineCounter, isMap, isSeq, isScalar, isAlias } = await import('yaml');
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return {
      problems: doc.errors.slice(0, MAX_ERRORS).map((e) => ({
        line: counter.linePos(e.pos[0]).line,
        field: 'file',
        message: e.message.split('\n')[0]!,
      })),
    };
  }
  const lines = new Map<string, number>();
  const problems: InputProblem[] = [];
  const lineAt = (node: { range?: [number, number, number] | null } | null | undefined): number | undefined =>
    node?.range ? counter.linePos(node.range[0]).line : undefined;
  const convert = (node: unknown, parts: Array<string | number>): Value => {
    const at = lineAt(node as { range?: [number, number, number] });
    if (at !== undefined) lines.set(pathText(parts), at);
    if (isAlias(node)) {
      problems.push({ line: at, field: pathText(parts) || 'file', message: 'aliases (*name) are not supported here; write the value out' });
      return null;
    }
    if (isMap(node)) {
      // No prototype: a key `__proto__` would otherwise become one, hiding its fields from the schema check.
      const out: { [key: string]: Value } = Object.create(null);
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const keyLine = lineAt(pair.key as { range?: [number, number, number] });
        const bad = refusedKey(key, pathText([...parts, key]), keyLine);
        if (bad) {
          problems.push(bad);
          continue;
        }
        out[key] = convert(pair.value, [...parts, key]);
        // A key's own line wins for problems about the key (an unknown field, a value missing).
        if (keyLine !== undefined) lines.set(pathText([...parts, key]), keyLine);
      }
      return out;
    }
    if (isSeq(node)) return node.items.map((item, i) => convert(item, [...parts, i]));
    if (isScalar(node)) {
      const v = node.value;
      if (typeof v === 'number' || typeof v === 'bigint') return new Num(node.source ?? String(v));
      if (typeof v === 'string' || typeof v === 'boolean' || v === null) return v;
      return String(v);
    }
    return null;
  };
  const value = convert(doc.contents, []);
  if (problems.length) return { problems };
  const lineOf = (path: string): number | undefined => {
    for (let p = path; ; ) {
      const l = lines.get(p);
      if (l !== undefined) return l;
      if (!p) return undefined;
      const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
      p = cut > 0 ? p.slice(0, cut) : '';
    }
  };
  return { source: { value, lineOf }, problems: [] };
}
