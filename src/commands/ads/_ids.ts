// Id-list filters of the ads list verbs: comma lists of up to 200 ads ids.
import { idList } from '../../validate/creatives-lists.js';
import type { InputProblem } from '../../errors/cli-error.js';
import type { Problems } from '../../validate/rules.js';

/** Adds `[field, ids]` to `query` when the flag was given; bad ids are problems of `field`. */
export function adsIdsFilter(p: Problems, query: Array<[string, string]>, field: string, value: string | undefined): void {
  const ids = idList(p, field, value);
  const bad = (ids ?? []).filter((id) => !/^[0-9a-z]{1,32}$/.test(id));
  if (bad.length) p.add(field, `must be ads ids (letters a-z and digits); got ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
  if (ids?.length) query.push([field, ids.join(',')]);
}

/**
 * The singular parent flags of the list verbs, beside their plural id lists (`--campaign c1` as the create
 * verbs take it, `--campaign-ids c1,c2` as the API names it): both may be given, and their ids are merged.
 */
export const parentFlags = {
  campaign: { flags: '--campaign <campaign_id>', description: 'only those of this campaign (one id; --campaign-ids takes a list)' },
  lineItem: { flags: '--line-item <line_item_id>', description: 'only those of this line item (one id; --line-item-ids takes a list)' },
  fundingInstrument: {
    flags: '--funding-instrument <funding_instrument_id>',
    description: 'only those of this funding instrument (one id; --funding-instrument-ids takes a list)',
  },
} as const;

/** A single ads id flag's problem (none when not given). */
export function adsIdProblems(field: string, id: string | undefined): InputProblem[] {
  return id === undefined || /^[0-9a-z]{1,32}$/.test(id)
    ? []
    : [{ field, message: `must be an ads id (letters a-z and digits); got ${JSON.stringify(id)}` }];
}

/** One id filter from a singular and a plural flag (either, both or neither). */
export function parentFilter(
  p: Problems,
  query: Array<[string, string]>,
  field: string,
  single: string | undefined,
  plural: string | undefined,
): void {
  const joined = [single, plural].filter((v) => v !== undefined).join(',');
  adsIdsFilter(p, query, field, single === undefined && plural === undefined ? undefined : joined);
}
