// The parameter flags of `ads line-items update`, built from the spec's table
// (src/validate/line-item.ts LINE_ITEM_PARAMS) by the shared table-flag builder.
import { LINE_ITEM_PARAMS } from '../../../validate/line-item.js';
import { paramOptions, type ParamOptions } from '../_param-flags.js';

/** One flag per parameter, each followed by its money flag if it has one. */
export type LineItemParamOptions = ParamOptions<typeof LINE_ITEM_PARAMS>;

export function lineItemParamOptions(): LineItemParamOptions {
  return paramOptions(LINE_ITEM_PARAMS);
}
