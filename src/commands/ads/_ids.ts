// Id-list filters of the ads list verbs: comma lists of up to 200 ads ids.
import { idList } from '../../validate/creatives-lists.js';
import type { Problems } from '../../validate/rules.js';

/** Adds `[field, ids]` to `query` when the flag was given; bad ids are problems of `field`. */
export function adsIdsFilter(p: Problems, query: Array<[string, string]>, field: string, value: string | undefined): void {
  const ids = idList(p, field, value);
  const bad = (ids ?? []).filter((id) => !/^[0-9a-z]{1,32}$/.test(id));
  if (bad.length) p.add(field, `must be ads ids (letters a-z and digits); got ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
  if (ids?.length) query.push([field, ids.join(',')]);
}
