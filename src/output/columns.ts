// Which columns a table or CSV shows: the verb's declared columns, or the ones
// `--columns a,b,c` names (a declared column by its header or key, else any
// dotted path into the item), and how important each is when the screen is
// narrow. Every listing and get goes through the printer, so every one of them
// takes --columns.
import { UsageError } from '../errors/cli-error.js';
import { fromMicros } from '../validate/money.js';
import { flatKeys, flatten, pathValue, type Column } from './cells.js';

/** Money fields of the ads API are integers in micro units of the currency. */
const isMoneyKey = (key: string | undefined): boolean => Boolean(key?.endsWith('_local_micro'));

/** The names `--columns` accepts: declared columns first, then every flattened field of the items. */
export function availableColumns(declared: readonly Column[] | undefined, items: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const c of declared ?? []) names.add(c.key ?? c.header);
  for (const k of flatKeys(items.slice(0, 50).map((i) => flatten(i)))) if (k !== 'value') names.add(k);
  return [...names];
}

/** `--columns a,b,c` as a list (trimmed, no empties); 'help' stays a word of its own. */
export function parseColumns(value: string | undefined): string[] | 'help' | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'help') return 'help';
  if (!names.length || names.some((n) => !/^[A-Za-z0-9_@$-]+(?:\.[A-Za-z0-9_@$-]+)*$/.test(n)))
    throw new UsageError(
      `--columns takes a comma list of field names or dotted paths (got ${JSON.stringify(value)})`,
      'e.g. --columns id,name,bid_amount_local_micro; --columns help lists the available ones',
    );
  return names;
}

/**
 * Refuses (exit 2) a name that is neither a declared column nor a path with a value in any item, listing
 * the names there are: a misspelt column would otherwise print as an empty one. Without items there is
 * nothing to check against.
 */
export function checkColumns(declared: readonly Column[] | undefined, items: readonly unknown[], names: readonly string[]): void {
  if (!items.length) return;
  const known = availableColumns(declared, items);
  const declaredNames = new Set((declared ?? []).flatMap((c) => [c.key, c.header]));
  const unknown = names.filter((n) => !declaredNames.has(n) && !known.includes(n) && !items.some((i) => pathValue(i, n) !== undefined));
  if (unknown.length)
    throw new UsageError(
      `--columns: unknown column${unknown.length === 1 ? '' : 's'} ${unknown.map((n) => JSON.stringify(n)).join(', ')}; available: ${known.join(', ')}`,
      '--columns help lists the names, one per line.',
    );
}

/** The columns `names` asks for: a declared column (its value, priority) when one has that header or key, else the path itself. */
export function pickColumns(declared: readonly Column[] | undefined, names: readonly string[]): Column[] {
  // The header is the name asked for, so a CSV made with --columns has the columns the script named.
  return names.map((name) => {
    const own = declared?.find((c) => c.key === name || c.header === name);
    return own ? { ...own, header: name } : { header: name, key: name };
  });
}

/**
 * How long a column stays when the table must lose some: a declared priority,
 * else the first column (the id) 3, money and status 2, anything else 1. Free
 * text shrinks first (Column.flex) but is dropped by its priority like the rest.
 */
export function columnPriority(c: Column, index: number): number {
  if (c.priority !== undefined) return c.priority;
  if (index === 0) return 3;
  const name = c.key ?? c.header;
  return isMoneyKey(name) || /(^|_)status$/.test(name) ? 2 : 1;
}

/** In a list table a money cell reads `2500000 (2.5)`: the micros the API speaks and the amount people think in. */
export function withMoneyDecimals(columns: readonly Column[]): Column[] {
  return columns.map((c) => {
    if (c.get || !isMoneyKey(c.key)) return c;
    const key = c.key!;
    return {
      ...c,
      get(row: unknown) {
        const v = pathValue(row, key);
        const digits = typeof v === 'number' ? String(v) : v;
        return typeof digits === 'string' && /^-?\d+$/.test(digits) ? `${digits} (${fromMicros(digits)})` : v;
      },
    };
  });
}
