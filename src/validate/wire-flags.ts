// Flags that set API parameters, as verbs declare them: each option names the
// parameter it sets (`wire`), so a verb's request is built from its own
// declarations and its typed options under the same keys — no flag name is
// turned into a parameter name at run time.
import { UsageError, type InputProblem } from '../errors/cli-error.js';
import { toMicros } from './money.js';
import { commaList } from './rules.js';

/**
 * A flag that sets an API parameter, as much of a verb's OptionSpec (src/commands/define.ts) as the domain
 * reads (it may not import the command layer): `wire` is the parameter's name; `type: 'money'` takes a decimal amount
 * of the account's currency, sent in micro units (--bid 2.50 → bid_amount_local_micro=2500000).
 */
export interface ParamFlag {
  readonly flags: string;
  readonly wire?: string;
  readonly type?: 'money';
}

/** The long flag of a declaration ('-f, --file <path>' → '--file'), for messages. */
const longFlag = (flags: string): string => /--[a-z0-9-]+/i.exec(flags)?.[0] ?? flags;

/** Each given flag that declares a `wire`, with that parameter's name and the flag as the user typed it. */
function givenWireFlags<D extends Readonly<Record<string, ParamFlag>>>(
  declared: D,
  given: { readonly [K in keyof D]?: unknown },
): Array<{ wire: string; flag: string; value: unknown; money: boolean }> {
  const out: Array<{ wire: string; flag: string; value: unknown; money: boolean }> = [];
  for (const key of Object.keys(declared) as (keyof D & string)[]) {
    const { flags, wire, type } = declared[key]!;
    const value = given[key];
    if (wire !== undefined && value !== undefined) out.push({ wire, flag: longFlag(flags), value, money: type === 'money' });
  }
  return out;
}

/** The parameters the given flags set, as strings, by wire name (for verbs whose flags map one to one). */
export function valuesByWire<D extends Readonly<Record<string, ParamFlag>>>(
  declared: D,
  given: { readonly [K in keyof D]?: unknown },
): Record<string, string> {
  return Object.fromEntries(givenWireFlags(declared, given).map((f) => [f.wire, String(f.value)]));
}

/** The shape of a parameter rule that building parameters from flags reads (LineItemParam and its kin). */
interface WireRule {
  name: string;
  kind: string;
  values?: readonly (string | number)[];
}

function upperEnum(p: WireRule, value: string): string {
  return p.kind === 'enum' && p.values?.includes(value.toUpperCase()) ? value.toUpperCase() : value;
}

/**
 * The parameters set by the flags given. `declared` is the verb's options object and `given` its parsed
 * options, read under the same keys (no name is derived): each declared flag with a `wire` that was given sets
 * that parameter — money converted to micros exactly, enum values in the API's case. Two flags for one
 * parameter conflict (UsageError, exit 2); a bad decimal is a problem. A `wire` with no rule in `table` is a
 * bug in the verb's declaration and throws. `typed` maps each money parameter set in decimal to its flag.
 */
export function paramsFromFlags<D extends Readonly<Record<string, ParamFlag>>>(
  declared: D,
  given: { readonly [K in keyof D]?: unknown },
  table: readonly WireRule[],
): { params: Record<string, string>; problems: InputProblem[]; typed: Partial<Record<string, string>> } {
  const params: Record<string, string> = {};
  const problems: InputProblem[] = [];
  const typed: Partial<Record<string, string>> = {};
  const setBy: Record<string, string> = {};
  for (const { wire, flag, value, money } of givenWireFlags(declared, given)) {
    const rule = table.find((p) => p.name === wire);
    if (!rule) throw new Error(`${flag} sets ${wire}, which has no rule in this verb's table`);
    if (setBy[wire]) throw new UsageError(`${setBy[wire]} and ${flag} set the same field (${wire}); give only one`);
    setBy[wire] = flag;
    if (money) {
      try {
        params[wire] = toMicros(String(value)).toString();
        typed[wire] = flag;
      } catch (e) {
        problems.push({ field: wire, message: `${flag} ${(e as Error).message}` });
      }
    } else {
      params[wire] =
        rule.kind === 'iab' || rule.kind === 'enums' ? commaList(String(value)).join(',') || String(value) : upperEnum(rule, String(value));
    }
  }
  return { params, problems, typed };
}
