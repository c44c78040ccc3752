// The query rules of the emulator's Spaces, trends, communities, news, usage,
// notes, compliance and chat routes, as each route's own table (openapi
// v2.159 parameter lists): an undeclared parameter, a value outside an enum,
// an integer out of range or a missing required parameter is the service's
// 400 invalid-request, naming the parameter.
import type { EmuResponse } from '../types.js';
import { invalid } from './platform-posting.js';

export interface QuerySpec {
  /** Declared parameters: the values allowed (each element of a comma list), or null for any. */
  params: Record<string, readonly string[] | null>;
  /** Integer parameters and their [min, max]. */
  ints?: Record<string, readonly [number, number]>;
  required?: readonly string[];
}

export function checkQuery(q: URLSearchParams, spec: QuerySpec): EmuResponse | undefined {
  const declared = [...Object.keys(spec.params), ...Object.keys(spec.ints ?? {})];
  for (const [k, v] of q) {
    if (!declared.includes(k)) return invalid(`The query parameter [${k}] is not one of [${declared.join(',')}]`, k, v);
    const allowed = spec.params[k];
    if (allowed) {
      const bad = v.split(',').find((x) => !allowed.includes(x));
      if (bad !== undefined) return invalid(`The \`${k}\` query parameter value [${bad}] is not one of [${allowed.join(',')}]`, k, bad);
    }
    const range = spec.ints?.[k];
    if (range && (!/^-?\d+$/.test(v) || Number(v) < range[0] || Number(v) > range[1]))
      return invalid(`The \`${k}\` query parameter value [${v}] is not between ${range[0]} and ${range[1]}`, k, v);
  }
  for (const k of spec.required ?? []) if (!q.get(k)) return invalid(`The \`${k}\` query parameter is missing`, k, '');
  return undefined;
}

/** The names asked for in a `<object>.fields` parameter. */
export const asked = (q: URLSearchParams, param: string): string[] => (q.get(param) ?? '').split(',').filter(Boolean);

/** openapi v2.159 UserFieldsParameter. */
export const USER_FIELDS = [
  'affiliation',
  'confirmed_email',
  'connection_status',
  'created_at',
  'description',
  'entities',
  'id',
  'is_identity_verified',
  'location',
  'most_recent_tweet_id',
  'name',
  'parody',
  'pinned_tweet_id',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'receives_your_dm',
  'subscription',
  'subscription_type',
  'url',
  'username',
  'verified',
  'verified_followers_count',
  'verified_type',
  'withheld',
] as const;
