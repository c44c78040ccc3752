// The one way to build a request path from segments. Every id that goes into a
// path is checked for its kind first: encodeURIComponent leaves `.` and `..`
// alone and the URL parser then collapses them (`/12/accounts/x/line_items/..`
// becomes `/12/accounts/x`), so a bad id could reach another resource.
import { invalid } from '../errors/cli-error.js';
import { clip } from '../output/sanitize.js';

/**
 * Id shapes, from the reference pages' examples and the openapi patterns:
 * numeric: 1-19 digits (v2 ids `^[0-9]{1,19}$`; cards, ads posts and product
 *   catalogs, e.g. 1547080201384865792);
 * ads: the ads API's lowercase base-36 ids (accounts 18ce54d4x5t, line items
 *   8u94t, audiences 1nmth, permissions ri; product sets are numeric, which fits);
 * media_key: `<kind>_<digits>` (13_958388276489895936);
 * token: a name or UUID ([A-Za-z0-9_-]: stream endpoint names, connection ids).
 */
export type IdKind = 'numeric' | 'ads' | 'media_key' | 'token';

const SHAPES: Record<IdKind, { re: RegExp; says: string }> = {
  numeric: { re: /^[0-9]{1,19}$/, says: 'must be 1 to 19 digits' },
  ads: { re: /^[0-9a-z]{1,32}$/, says: 'must be an ads id (lowercase letters a-z and digits)' },
  media_key: { re: /^[0-9]{1,3}_[0-9]{1,19}$/, says: 'must be a media key such as 3_1720000000000000001' },
  token: { re: /^[A-Za-z0-9_-]{1,128}$/, says: 'must be letters, digits, "_" or "-"' },
};

/** A checked id segment: the only kind of non-literal segment `joinPath` accepts. */
export interface IdSegment {
  readonly id: string;
}

/** Checks `value` as an id of `kind` for `field`; throws an InputError (exit 6) naming the field. */
export function idSegment(value: string | number, kind: IdKind, field: string): IdSegment {
  const s = String(value);
  const shape = SHAPES[kind];
  if (!shape.re.test(s)) throw invalid(field, `${shape.says}, got ${JSON.stringify(clip(s))}`);
  return { id: s };
}

/** '/12/accounts/abc' from literal segments ('12', 'accounts') and checked ids. */
export function joinPath(...segments: Array<string | IdSegment>): string {
  return '/' + segments.map((s) => (typeof s === 'string' ? s : encodeURIComponent(s.id))).join('/');
}
