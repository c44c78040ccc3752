// Media library rules (ads-api.md "Creatives", "Limits"): text limits, the
// video-only fields, the list filters.
import { lengthBetween, maxLength, oneOf, Problems } from './rules.js';

const LIBRARY_LIMITS = { name: 100, file_name: 255, title: 70, description: 200 } as const;
const LIBRARY_Q = { min: 1, max: 255 } as const;
/** Only a video takes these. */
export const VIDEO_ONLY = ['title', 'description', 'poster_media_key'] as const;
export const LIBRARY_FIELDS = ['name', 'file_name', 'title', 'description', 'poster_media_key'] as const;
export type LibraryParams = Partial<Record<(typeof LIBRARY_FIELDS)[number], string>>;

/**
 * `kind` is the media's type when known (from the library, or the media key's
 * prefix); unknown kinds leave the video-only rule to the API.
 */
export function validateLibraryFields(p: LibraryParams, kind: string | undefined, problems = new Problems()): Problems {
  for (const [field, max] of Object.entries(LIBRARY_LIMITS)) problems.check(field, p[field as keyof LibraryParams], [maxLength(max)]);
  if (kind !== undefined && kind !== 'VIDEO') {
    for (const f of VIDEO_ONLY)
      if (p[f] !== undefined) problems.add(f, `is for videos only (this media is ${kind === 'IMAGE' ? 'an' : 'a'} ${kind})`);
  }
  return problems;
}

export function validateLibraryFilters(
  q: string | undefined,
  mediaType: string | undefined,
  types: readonly string[],
  problems = new Problems(),
): Problems {
  problems.check('q', q, [lengthBetween(LIBRARY_Q.min, LIBRARY_Q.max)]);
  problems.check('media_type', mediaType, [oneOf(types)]);
  return problems;
}
