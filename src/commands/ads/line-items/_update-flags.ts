// The parameter flags of `ads line-items update`, built from the spec's table
// (src/validate/line-item.ts LINE_ITEM_PARAMS): one `--<name-with-dashes>
// <value>` per API parameter, and a decimal money flag after each micros
// parameter that has one (--bid, --total-budget, --daily-budget). Every flag is
// spelt out in src/commands/manifest/ads.ts; the types below let `OptionsOf`
// see them (opts.bidAmountLocalMicro, opts.bid, …).
import { LINE_ITEM_PARAMS, flagOf } from '../../../validate/line-item.js';
import type { OptionSpec } from '../../define.js';

type Param = (typeof LINE_ITEM_PARAMS)[number];
type Dashed<S extends string> = S extends `${infer H}_${infer T}` ? `${H}-${Dashed<T>}` : S;
type ParamFlag<P> = P extends { name: infer N extends string }
  ? { readonly flags: `--${Dashed<N>} <value>`; readonly description: string }
  : never;
type MoneyFlag<P> = P extends { money: infer M extends string }
  ? { readonly flags: `--${M} <amount>`; readonly description: string }
  : never;

/** One flag per parameter, each followed by its money flag if it has one. */
export type LineItemParamOptions = ReadonlyArray<ParamFlag<Param> | MoneyFlag<Param>>;

export function lineItemParamOptions(): LineItemParamOptions {
  return LINE_ITEM_PARAMS.flatMap((p) => {
    const raw = { flags: `${flagOf(p.name)} <value>` as ParamFlag<typeof p>['flags'], description: p.help } satisfies OptionSpec;
    if (!('money' in p)) return [raw];
    const money = {
      flags: `--${p.money} <amount>` as MoneyFlag<typeof p>['flags'],
      description: `${p.name} as a decimal amount (2.50 → 2500000; at most 6 decimals); not with ${flagOf(p.name)}`,
    } satisfies OptionSpec;
    return [raw, money];
  });
}
