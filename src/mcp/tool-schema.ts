// A verb's MCP tool, derived from its declarations in the generated manifest: the tool's name is the verb's
// path with underscores, its input schema has one property per positional argument (by the argument's name)
// and per flag (by the long flag's name in snake case), and `argvOf` turns a tool call's arguments back into
// the command line the verb is run with. Nothing here is written per verb: a new verb is a new tool.
import type { OptionSpec, VerbSpec } from '../commands/define.js';
import { argumentText, inputName } from './names.js';
import { ENUMS, NOT_OVER_MCP, PARAM_ENUMS, SHORT } from './notes.js';

export interface JsonSchema {
  type?: string;
  description?: string;
  enum?: readonly string[];
  items?: JsonSchema;
  minItems?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  examples?: unknown[];
}

/** How one input property becomes command-line words. */
type Param =
  | { kind: 'arg'; variadic: boolean; file?: FileUse }
  | { kind: 'flag'; flag: string; value: 'none' | 'one' | 'list' | 'repeat'; file?: FileUse }
  | { kind: 'switch'; on?: string; off?: string }
  /** An input of the server's own (result columns, paging): never on the command line. */
  | { kind: 'view'; file?: undefined };

/**
 * A local path the verb opens: `in` a file it reads, `out` one it writes (state, journals, results, rejects),
 * `at` `key=@file` values it reads. `postctl mcp` confines them (confine.ts); told from the declarations alone.
 */
export type FileUse = 'in' | 'out' | 'at';

/** Placeholders of a local path (`--file <path>`); an argument's name (`apply <file>`, `upload <files...>`: not `request <path>`, an API path). */
const FILE_PLACEHOLDER = /^(path|file|files)$/;
const FILE_ARG = /^(file|files)$/;

function fileUse(ph: string, description: string): FileUse | undefined {
  if (/@file/.test(description)) return 'at';
  if (!FILE_PLACEHOLDER.test(ph)) return undefined;
  return /\b(write|writes|written|state|journal)\b/i.test(description) ? 'out' : 'in';
}

export interface ToolShape {
  name: string;
  words: readonly string[];
  description: string;
  inputSchema: JsonSchema & { type: 'object'; properties: Record<string, JsonSchema> };
  params: Record<string, Param>;
  /** Flags the verb declares (long names without dashes), for the access rules. */
  flags: readonly string[];
  /** Flags folded into another input of the same meaning (`ads stats --ids` into `entity_ids`): flag → input. */
  merged: Record<string, string>;
}

const snake = (s: string): string => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

const toolName = (words: readonly string[]): string => words.map(snake).join('_');

/** Placeholders that name a whole number; `<seconds>` may be a decimal. Money (`<amount>`) stays a string: it is exact decimals. */
const INTEGER = new Set(['n', 'ms', 'minutes', 'port', 'count']);
const NUMBER = new Set(['seconds']);
/** Placeholders of a comma-separated list. */
const LIST = /^(list|ids|types|keys|statuses|values|users|uris|names|media_ids)$/;

function longName(flags: string): string {
  return /--([A-Za-z0-9-]+)/.exec(flags)?.[1] ?? '';
}

function placeholder(flags: string): string | undefined {
  return /[<[]([^\]>]+)[\]>]/.exec(flags)?.[1];
}

/** The help marks a flag the verb requires ("required: …", "(required)", "(required; …)"). */
const isRequired = (description: string): boolean => /^required\b|\(required[;,)]/i.test(description);

function valueSchema(spec: OptionSpec, ph: string, known: readonly string[] | undefined): JsonSchema {
  if (spec.choices) return { type: 'string', enum: spec.choices };
  if (known) return { type: 'string', enum: known };
  if (INTEGER.has(ph)) return { type: 'integer' };
  if (NUMBER.has(ph)) return { type: 'number' };
  return { type: 'string' };
}

/** The enum of an input whose values the help lists in words (notes.ts), by its name in this tool. */
function knownEnum(tool: string, key: string): readonly string[] | undefined {
  return PARAM_ENUMS[tool]?.[key] ?? ENUMS[`${tool}.${key}`] ?? ENUMS[key];
}

/** Help text as a model reads it: no notes on how lists are spelt on a command line (the schema says it). */
const tidy = (description: string): string => description.replace(/ \(repeatable\)|\brepeatable; ?/g, '').trim();

function flagProperty(words: readonly string[], spec: OptionSpec): { key: string; schema: JsonSchema; param: Param } {
  const tool = toolName(words);
  const long = longName(spec.flags);
  const ph = placeholder(spec.flags);
  const description = tidy(spec.description);
  if (ph === undefined) {
    const negated = long.startsWith('no-');
    const key = inputName(words, snake(negated ? long.slice(3) : long), false);
    return {
      key,
      schema: { type: 'boolean', description: negated ? `false: ${description}` : description },
      param: negated ? { kind: 'switch', off: `--${long}` } : { kind: 'switch', on: `--${long}` },
    };
  }
  const array = Boolean(spec.repeatable) || (LIST.test(ph) && !spec.choices);
  const key = inputName(words, snake(long), array);
  const one = valueSchema(spec, ph, knownEnum(tool, key));
  const withDefault = (s: JsonSchema): JsonSchema => (spec.default === undefined ? s : { ...s, default: spec.default });
  const file = fileUse(ph, description);
  const use = file ? { file } : {};
  if (spec.repeatable)
    return {
      key,
      schema: withDefault({ type: 'array', items: one, description }),
      param: { kind: 'flag', flag: `--${long}`, value: 'repeat', ...use },
    };
  if (LIST.test(ph) && !spec.choices)
    return {
      key,
      schema: withDefault({ type: 'array', items: one, description }),
      param: { kind: 'flag', flag: `--${long}`, value: 'list', ...use },
    };
  return { key, schema: withDefault({ ...one, description }), param: { kind: 'flag', flag: `--${long}`, value: 'one', ...use } };
}

/** A help text without the list of values the schema's enum gives: `required: DAY, HOUR, TOTAL` → `required`. */
function withoutEnum(text: string, values: readonly string[] | undefined): string {
  if (!values || values.length < 2) return text;
  const one = `(?:${[...values]
    .sort((a, b) => b.length - a.length)
    .map((v) => v.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .join('|')})`;
  // Only a list the text starts with: one in mid-sentence says more than the values (`default X for a report`).
  const run = new RegExp(`^(required: |one of )?${one}(?:(?:,? or |, )${one})+[.,;:]?\\s*`);
  return text.replace(run, (_m, req?: string) => (req === 'required: ' ? 'required ' : '')).trim();
}

/** The positional arguments of a verb name: 'lookup [ids...]' → ids (optional, a list). '-' (stdin) is left out. */
function argProperties(name: string): Array<{ key: string; required: boolean; variadic: boolean }> {
  return name
    .split(' ')
    .slice(1)
    .flatMap((w) => {
      const m = /^([<[])([^\]>]+?)(\.\.\.)?[\]>]$/.exec(w);
      if (!m || m[2] === '-') return [];
      return [{ key: snake(m[2]!), required: m[1] === '<', variadic: m[3] !== undefined }];
    });
}

/** The tool of one verb. Two inputs of one name would make calls ambiguous: that throws (a test runs every verb). */
export function toolShape(words: readonly string[], spec: VerbSpec): ToolShape {
  const name = toolName(words);
  const properties: Record<string, JsonSchema> = {};
  const params: Record<string, Param> = {};
  const required: string[] = [];
  const merged: Record<string, string> = {};
  const byFlag: Record<string, string> = {};
  const add = (key: string, schema: JsonSchema, param: Param) => {
    if (Object.hasOwn(properties, key)) throw new Error(`${words.join(' ')}: two inputs named ${key}`);
    properties[key] = schema;
    params[key] = param;
  };
  let variadic: string | undefined;
  for (const a of argProperties(spec.name)) {
    const key = inputName(words, a.key, a.variadic);
    const schema: JsonSchema = a.variadic ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
    if (a.variadic && a.required) schema.minItems = 1;
    schema.description = argumentText(key, a.variadic);
    add(key, schema, { kind: 'arg', variadic: a.variadic, ...(FILE_ARG.test(a.key) ? { file: 'in' as const } : {}) });
    if (a.variadic) variadic = key;
    if (a.required) required.push(key);
  }
  const flags: string[] = [];
  const dropped = NOT_OVER_MCP[name] ?? NOT_OVER_MCP['*']!;
  for (const spec2 of spec.options ?? []) {
    if (spec2.hidden) continue;
    const long = longName(spec2.flags);
    flags.push(long);
    const { key, schema, param } = flagProperty(words, spec2);
    if (dropped.includes(key)) continue;
    byFlag[long] = key;
    const twin = params[key];
    // '--x' and '--no-x' are one boolean: true sends the one, false the other.
    if (twin?.kind === 'switch' && param.kind === 'switch') {
      params[key] = { kind: 'switch', on: twin.on ?? param.on, off: twin.off ?? param.off };
      properties[key] = { type: 'boolean', description: `${properties[key]!.description}; false: ${tidy(spec2.description)}` };
      continue;
    }
    // One concept, one input: a list flag that repeats the verb's argument list (`ads stats --ids` beside
    // `<entity_ids...>`) or another list of the same name (`--line-item` beside `--line-item-ids`) is folded into it.
    const fold =
      long === 'ids' && variadic ? variadic : twin && schema.type === 'array' && properties[key]!.type === 'array' ? key : undefined;
    if (fold) {
      merged[`--${long}`] = fold;
      byFlag[long] = fold;
      continue;
    }
    add(key, schema, param);
    if (isRequired(spec2.description)) required.push(key);
  }
  // The help names other flags (`--from/--to`, `not with --daily-budget-amount-local-micro`): by their input names here.
  for (const [key, s] of Object.entries(properties)) {
    const text = SHORT[key] ?? s.description ?? '';
    s.description = withoutEnum(
      text.replace(/--([a-z0-9-]+)/g, (m, f: string) => byFlag[f] ?? m),
      s.enum ?? s.items?.enum,
    );
    if (!s.description) delete s.description;
  }
  return {
    name,
    words,
    description: spec.description.replace(/--([a-z0-9-]+)/g, (m, f: string) => byFlag[f] ?? m),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    params,
    flags,
    merged,
  };
}

const scalar = (v: unknown, key: string): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  throw new TypeError(`${key}: expected a string or a number`);
};
const list = (v: unknown, key: string): string[] => (Array.isArray(v) ? v.map((x) => scalar(x, key)) : [scalar(v, key)]);

/**
 * The command-line words of a call: the verb's words, its arguments in order, then its flags. A flag's value
 * is always passed as `--flag=value`, so a value that starts with a dash is never read as another flag.
 */
export function argvOf(shape: ToolShape, input: Record<string, unknown>): string[] {
  const args: string[] = [];
  const flags: string[] = [];
  // Own properties only: `constructor` or `toString` are found `in` any object, and are no input of any tool.
  for (const key of Object.keys(input)) if (!Object.hasOwn(shape.params, key)) throw new TypeError(`unknown input ${JSON.stringify(key)}`);
  for (const [key, param] of Object.entries(shape.params)) {
    const v = Object.hasOwn(input, key) ? input[key] : undefined;
    if (v === undefined || v === null || param.kind === 'view') continue;
    if (param.kind === 'arg') {
      const values = param.variadic ? list(v, key) : [scalar(v, key)];
      // A positional argument that looks like a flag (or stdin's '-') would be read as one: refused.
      for (const a of values) if (a.startsWith('-')) throw new TypeError(`${key}: an argument may not start with '-'`);
      args.push(...values);
    } else if (param.kind === 'switch') {
      if (typeof v !== 'boolean') throw new TypeError(`${key}: expected true or false`);
      const flag = v ? param.on : param.off;
      if (flag) flags.push(flag);
    } else if (param.value === 'repeat') for (const x of list(v, key)) flags.push(`${param.flag}=${x}`);
    else if (param.value === 'list') flags.push(`${param.flag}=${list(v, key).join(',')}`);
    else flags.push(`${param.flag}=${scalar(v, key)}`);
  }
  return [...shape.words, ...args, ...flags];
}
