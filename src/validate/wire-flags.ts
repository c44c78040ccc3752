// Flags that set API parameters, as verbs declare them: each option names the
// parameter it sets (`wire`), so a verb's request is built from its own
// declarations and its typed options under the same keys — no flag name is
// turned into a parameter name at run time.

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
export function givenWireFlags<D extends Readonly<Record<string, ParamFlag>>>(
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
