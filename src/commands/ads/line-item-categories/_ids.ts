// --line-item-id and --curated-category-id of `line-item-categories create|update`, checked and renamed to the API's parameters.
import type { InputProblem } from '../../../errors/cli-error.js';

export interface LinkParams {
  line_item_id?: string;
  curated_category_id?: string;
}

/** Only the flags given; each must not be empty, and both are needed when `required`. */
export function idParams(
  opts: { lineItemId?: string; curatedCategoryId?: string },
  required: boolean,
): { params: LinkParams; problems: InputProblem[] } {
  const params: LinkParams = {};
  const problems: InputProblem[] = [];
  for (const [key, flag, value] of [
    ['line_item_id', '--line-item-id', opts.lineItemId],
    ['curated_category_id', '--curated-category-id', opts.curatedCategoryId],
  ] as const) {
    if (value === undefined) {
      if (required) problems.push({ field: key, message: `is required (${flag})` });
    } else if (value.trim() === '') problems.push({ field: key, message: 'must not be empty' });
    else params[key] = value;
  }
  return { params, problems };
}
