// Filters of the creatives list endpoints (ads-api.md "Creatives", "Limits"):
// id lists of up to 200 ids, comma lists of enum values, card URIs, q lengths.
import { commaList, type Problems } from './rules.js';

const MAX_FILTER_IDS = 200;

/** A comma list of ids: at most 200, none blank. Returns the ids (undefined when the flag was not given). */
export function idList(problems: Problems, field: string, value: string | undefined, max = MAX_FILTER_IDS): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = commaList(value);
  if (ids.length === 0) problems.add(field, 'must list at least one id');
  if (ids.length > max) problems.add(field, `takes at most ${max} ids (got ${ids.length})`);
  return ids;
}

/** A comma list of enum values, upper-cased (the values are enums); each must be one of `values`. */
export function enumList(problems: Problems, field: string, value: string | undefined, values: readonly string[]): string[] | undefined {
  if (value === undefined) return undefined;
  const items = commaList(value).map((v) => v.toUpperCase());
  if (items.length === 0) problems.add(field, `must list at least one of ${values.join(', ')}`);
  const bad = items.filter((v) => !values.includes(v));
  if (bad.length)
    problems.add(
      field,
      `${bad.map((b) => JSON.stringify(b)).join(', ')} ${bad.length === 1 ? 'is not a' : 'are not'} known value${bad.length === 1 ? '' : 's'}; allowed: ${values.join(', ')}`,
    );
  return items;
}

/** card_uris: up to 200, each of the form card://<card_id>. */
export function cardUriList(problems: Problems, field: string, value: string | undefined): string[] | undefined {
  const uris = idList(problems, field, value);
  const bad = (uris ?? []).filter((u) => !/^card:\/\/\S+$/.test(u));
  if (bad.length) problems.add(field, `each card URI has the form card://<card_id> (got ${bad.map((b) => JSON.stringify(b)).join(', ')})`);
  return uris;
}
