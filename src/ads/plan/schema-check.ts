// Checks a file's value against the shipped JSON Schema (schemas/campaigns.schema.json).
// The schema uses a small part of JSON Schema 2020-12 — type, enum, pattern,
// minLength/maxLength, minItems, properties, required, additionalProperties
// false, items and local $ref — and this walker implements exactly that part,
// reporting every problem (not the first) with its path; a keyword it does not
// know is a bug in the schema and throws, so the two cannot drift apart silently.
import { Num, pathText, type Value } from './source.js';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: Array<string | number>;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  $defs?: Record<string, Schema>;
}

const KNOWN = new Set([
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'title',
  'description',
  'type',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'properties',
  'required',
  'additionalProperties',
  'items',
]);

export interface SchemaProblem {
  path: string;
  message: string;
}

function typeOf(v: Value): string {
  if (v === null) return 'null';
  if (v instanceof Num) return /^-?\d+$/.test(v.text) ? 'integer' : 'number';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v;
}

const fits = (actual: string, wanted: string): boolean => actual === wanted || (wanted === 'number' && actual === 'integer');
const shown = (v: Value): string => {
  const s = v instanceof Num ? v.text : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
};

/** Every place where `value` breaks `root`. */
export function checkSchema(root: object, value: Value): SchemaProblem[] {
  const schema = root as Schema;
  const problems: SchemaProblem[] = [];
  const resolve = (s: Schema): Schema => {
    for (const k of Object.keys(s)) if (!KNOWN.has(k)) throw new Error(`schema keyword ${k} is not supported by the checker`);
    if (!s.$ref) return s;
    const name = /^#\/\$defs\/(.+)$/.exec(s.$ref)?.[1];
    const target = name ? schema.$defs?.[name] : undefined;
    if (!target) throw new Error(`schema $ref ${s.$ref} does not resolve`);
    return { ...resolve(target), ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$ref')) };
  };
  const walk = (raw: Schema, v: Value, parts: Array<string | number>): void => {
    const s = resolve(raw);
    const path = pathText(parts) || '(file)';
    const add = (message: string) => problems.push({ path, message });
    const actual = typeOf(v);
    if (s.enum) {
      const text = v instanceof Num ? v.text : v;
      if (!s.enum.some((e) => String(e) === text && (typeof text === 'string' || v instanceof Num)))
        add(`must be one of ${[...new Set(s.enum.map(String))].join(', ')} (got ${shown(v)})`);
      return;
    }
    if (s.type) {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if (!types.some((t) => fits(actual, t))) {
        add(
          `must be ${types.map((t) => (t === 'integer' ? 'a whole number' : `a${/^[aeiou]/.test(t) ? 'n' : ''} ${t}`)).join(' or ')} (got ${actual === 'null' ? 'nothing' : `${actual} ${shown(v)}`})`,
        );
        return;
      }
    }
    if (typeof v === 'string' || v instanceof Num) {
      const text = String(v);
      if (s.minLength !== undefined && [...text].length < s.minLength)
        add(s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters`);
      if (s.maxLength !== undefined && [...text].length > s.maxLength)
        add(`must be at most ${s.maxLength} characters (got ${[...text].length})`);
      if (s.pattern && !new RegExp(s.pattern, 'u').test(text)) add(`${shown(v)} does not have the expected form (${s.pattern})`);
    }
    if (Array.isArray(v)) {
      if (s.minItems !== undefined && v.length < s.minItems) add(`must list at least ${s.minItems}`);
      if (s.items) for (const [i, item] of v.entries()) walk(s.items, item, [...parts, i]);
    }
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Num)) {
      for (const r of s.required ?? []) if (v[r] === undefined) add(`${r} is required`);
      for (const [k, item] of Object.entries(v)) {
        const sub = s.properties?.[k];
        if (sub) walk(sub, item, [...parts, k]);
        else if (s.additionalProperties === false)
          problems.push({
            path: pathText([...parts, k]),
            message: `is not a field here (fields: ${Object.keys(s.properties ?? {})
              .filter((p) => p !== '$schema')
              .join(', ')})`,
          });
      }
    }
  };
  walk(schema, value, []);
  return problems;
}
