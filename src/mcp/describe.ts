// A tool's description written for a model: what the verb does (its help line), when to use it, the units of
// money and time, what a call costs in requests and rate limits, and whether it changes data. Derived from
// the verb's path and inputs; the few notes the declarations cannot give are in notes.ts. Also a worked
// example from the verb's own help examples, as tool input.
import type { VerbSpec } from '../commands/define.js';
import type { Access } from './access.js';
import { LOCAL_TOOLS, TOOL_NOTES, WHEN } from './notes.js';
import type { ToolShape } from './tool-schema.js';

const ADS_TOP = new Set(['ads', 'audiences', 'catalogs']);
/** Groups whose objects carry budgets, bids or credit in micros. */
const MONEY_GROUPS = new Set(['ads campaigns', 'ads line-items', 'ads funding-instruments', 'ads accounts']);

const sentence = (s: string): string => {
  const t = s.trim();
  return t ? `${t[0]!.toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : '';
};

function units(shape: ToolShape): string {
  const keys = Object.keys(shape.inputSchema.properties);
  const texts = Object.values(shape.inputSchema.properties).map((s) => s.description ?? '');
  const out: string[] = [];
  if (texts.some((t) => /decimal amount|amount of the account|in currency/i.test(t)))
    out.push('Money inputs are decimal amounts of the account’s currency (2.50).');
  if (keys.some((k) => k.endsWith('_local_micro')) || MONEY_GROUPS.has(shape.words.slice(0, 2).join(' ')))
    out.push('*_local_micro values are micros (1000000 = 1.00 of the currency).');
  if (ADS_TOP.has(shape.words[0]!) && keys.some((k) => ['from', 'to', 'range', 'start_time', 'end_time'].includes(k)))
    out.push('Dates are days in the ad account’s time zone.');
  return out.join(' ');
}

function cost(shape: ToolShape): string {
  if (LOCAL_TOOLS.has(shape.name)) return 'Cost: no request (local settings).';
  const own = TOOL_NOTES[shape.name]?.cost;
  const p = shape.params;
  const base =
    own ??
    (p.all || p.limit
      ? '1 request per page; all/limit follow pages.'
      : Object.values(p).some((x) => x.kind === 'arg' && x.variadic) && shape.words.length > 1
        ? '1 request per item or batch.'
        : '1 request (a few when it checks first).');
  const per = ADS_TOP.has(shape.words[0]!) ? 'account and endpoint' : 'endpoint';
  return `Cost: ${base} Rate-limited per ${per} (15-min windows).`;
}

const ACCESS_NOTE: Record<Access, string> = {
  read: 'Reads only.',
  write: 'Changes data: refused unless the server runs with --allow-writes (dry_run: true always runs).',
  request: 'Any API request: GET and HEAD only unless the server runs with --allow-writes.',
};

/** The tool's description; `toolset` gives the group's note on when to use it. */
export function describe(shape: ToolShape, access: Access, toolset: string, allowWrites: boolean): string {
  const when = TOOL_NOTES[shape.name]?.when ?? WHEN[toolset] ?? '';
  const change = allowWrites && access !== 'read' ? 'Changes data.' : ACCESS_NOTE[access];
  return [sentence(shape.description), when, units(shape), cost(shape), change].filter(Boolean).join(' ');
}

/** Shell words of a help example: quotes group, a trailing `# comment` is dropped. */
function words(line: string): string[] | undefined {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(#.*$)|(\S+)/g;
  for (const m of line.matchAll(re)) {
    if (m[3] !== undefined) break;
    const w = m[1] ?? m[2] ?? m[4]!;
    if (/^[|<>;&$`]|\$\(/.test(w)) return undefined;
    out.push(m[1] !== undefined ? w.replace(/\\(.)/g, '$1') : w);
  }
  return out;
}

/** The first help example of the verb as tool input, when every word of it maps to an input. */
export function exampleInput(shape: ToolShape, spec: VerbSpec): Record<string, unknown> | undefined {
  for (const line of spec.examples) {
    const w = words(line);
    if (w?.[0] !== 'postctl' || w.slice(1, 1 + shape.words.length).join(' ') !== shape.words.join(' ')) continue;
    const input = fromArgv(shape, w.slice(1 + shape.words.length));
    if (input && Object.keys(input).length) return input;
  }
  return undefined;
}

function fromArgv(shape: ToolShape, rest: string[]): Record<string, unknown> | undefined {
  const input: Record<string, unknown> = {};
  const args: string[] = [];
  const entries = Object.entries(shape.params);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (!a.startsWith('-') || a === '-') {
      args.push(a);
      continue;
    }
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const sw = entries.find(([, p]) => p.kind === 'switch' && (p.on === flag || p.off === flag));
    if (sw) {
      input[sw[0]] = (sw[1] as { on?: string }).on === flag;
      continue;
    }
    const key = shape.merged[flag] ?? entries.find(([, p]) => p.kind === 'flag' && p.flag === flag)?.[0];
    const value = inline ?? rest[++i];
    if (!key || value === undefined) return undefined;
    const p = shape.params[key]!;
    const type = shape.inputSchema.properties[key]?.type;
    const before = (input[key] as string[] | undefined) ?? [];
    if (p.kind === 'arg' || (p.kind === 'flag' && p.value === 'list')) input[key] = [...before, ...value.split(',')];
    else if (p.kind === 'flag' && p.value === 'repeat') input[key] = [...before, value];
    else input[key] = type === 'integer' || type === 'number' ? Number(value) : value;
  }
  for (const [key, p] of entries) {
    if (p.kind !== 'arg' || !args.length) continue;
    input[key] = p.variadic ? [...((input[key] as string[] | undefined) ?? []), ...args.splice(0)] : args.shift();
  }
  return args.length ? undefined : input;
}
