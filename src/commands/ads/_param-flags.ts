// Flags built from a parameter table (src/validate/line-item.ts LINE_ITEM_PARAMS,
// src/validate/campaign.ts …): one `--<name-with-dashes> <value>` per API
// parameter, and a decimal money flag after each micros parameter that has one
// (--bid, --total-budget, --daily-budget). The types below let `OptionsOf` see
// every generated flag (opts.dailyBudget, opts.purchaseOrderNumber, …); the
// manifest spells each one out.
import { flagOf, type LineItemParam } from '../../validate/line-item.js';
import type { OptionSpec } from '../define.js';

type Dashed<S extends string> = S extends `${infer H}_${infer T}` ? `${H}-${Dashed<T>}` : S;
type ParamFlag<P> = P extends { name: infer N extends string }
  ? { readonly flags: `--${Dashed<N>} <value>`; readonly description: string }
  : never;
type MoneyFlag<P> = P extends { money: infer M extends string }
  ? { readonly flags: `--${M} <amount>`; readonly description: string }
  : never;

/** One flag per parameter of table T, each followed by its money flag if it has one. */
export type ParamOptions<T extends readonly LineItemParam[]> = ReadonlyArray<ParamFlag<T[number]> | MoneyFlag<T[number]>>;

export function paramOptions<const T extends readonly LineItemParam[]>(table: T): ParamOptions<T> {
  return table.flatMap((p) => {
    const raw = { flags: `${flagOf(p.name)} <value>`, description: p.help } satisfies OptionSpec;
    if (!p.money) return [raw];
    const money = {
      flags: `--${p.money} <amount>`,
      description: `${p.name} as a decimal amount (2.50 → 2500000; at most 6 decimals); not with ${flagOf(p.name)}`,
    } satisfies OptionSpec;
    return [raw, money];
  }) as unknown as ParamOptions<T>;
}
