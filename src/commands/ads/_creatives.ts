// Helpers shared by the creative groups (media, cards, media-library,
// poll-cards, video-conversation-cards, posts): their common flags, one-object
// output, delete confirmation, list flags turned into query parameters, and
// the media library check of the keys a create names.
import { listQuery, type ListFlags } from '../../ads/common.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import { lookupLibrary } from '../../creatives/media-kinds.js';
import { CARDS_Q_MAX } from '../../creatives/pages.js';
import type { MediaLibraryItem } from '../../creatives/types.js';
import type { ApiClient } from '../../http/client.js';
import type { Params } from '../../http/encode.js';
import { cellValue } from '../../output/cells.js';
import type { Column } from '../../output/printer.js';
import { idList } from '../../validate/creatives-lists.js';
import { maxLength, Problems } from '../../validate/rules.js';
import { yesOption } from '../_flags.js';
import type { OptionSpec } from '../define.js';

export const yesDelete = yesOption('confirm the deletion without asking');
export const noFetchOption = {
  flags: '--no-fetch',
  description:
    'do not look the media keys up in the media library before sending (their kind is then judged from the key prefix, or left to the API)',
} as const satisfies OptionSpec;
export const q80Option = {
  flags: '--q <text>',
  description: 'case-insensitive prefix of the name (max 80 characters)',
} as const satisfies OptionSpec;
export const cardIdsOption = {
  flags: '--card-ids <ids>',
  description: 'only these card ids (comma list, up to 200)',
} as const satisfies OptionSpec;

/** List filters first (checked, exit 6 on a bad value), then the shared list flags (count bounds, cursor). */
export function listParams(opts: ListFlags, bounds: { min: number; max: number }, filters: (p: Problems) => Params): Params {
  const problems = new Problems();
  const q = filters(problems);
  problems.throwIfAny('invalid list filters');
  return [...q, ...listQuery(opts, bounds)];
}

/** Pairs for the fields that are set, in the given order. */
export function pairs(fields: readonly string[], values: Record<string, string | undefined>): Params {
  const out: Params = [];
  for (const f of fields) if (values[f] !== undefined) out.push([f, values[f]!]);
  return out;
}

/** One object; the table leaves out fields the object does not have (null or absent), JSON keeps the envelope. */
export function printOne<T>(ctx: Context, body: { data: T }, fields: Column<T>[]): void {
  const shown =
    ctx.format === 'table'
      ? fields.filter((c) => {
          const v = cellValue(body.data, c);
          return v !== undefined && v !== null && v !== '';
        })
      : fields;
  ctx.printer.object(body.data, shown as Column[], body);
}

/** y/N on a terminal, --yes otherwise; false when the user says no. */
export async function confirmDelete(ctx: Context, what: string, yes: boolean | undefined): Promise<boolean> {
  const ok = await ctx.prompt.confirm(`Delete ${what}?`, yes);
  if (!ok) ctx.log.info('nothing deleted');
  return ok;
}

/** card_ids (up to 200) and q (max 80): the filters of the poll and video conversation card lists. */
export function cardIdFilters(opts: { cardIds?: string; q?: string }): (p: Problems) => Params {
  return (p) => {
    const q: Params = [];
    const ids = idList(p, 'card_ids', opts.cardIds);
    p.check('q', opts.q, [maxLength(CARDS_Q_MAX)]);
    if (ids) q.push(['card_ids', ids.join(',')]);
    if (opts.q !== undefined) q.push(['q', opts.q]);
    return q;
  };
}

/**
 * Checks media keys against the account's media library before a create
 * (GETs only; callers skip it on --no-fetch): a key the library does not have,
 * or of the wrong kind, is reported as a problem of the field that named it.
 */
export async function checkLibraryKeys(
  client: ApiClient,
  t: AccountRef,
  problems: Problems,
  entries: Array<{ field: string; key: string; kindProblem?: (key: string, item: MediaLibraryItem) => string | undefined }>,
): Promise<Map<string, MediaLibraryItem | null>> {
  const found = await lookupLibrary(
    client,
    t,
    entries.map((e) => e.key),
  );
  for (const { field, key, kindProblem } of entries) {
    const item = found.get(key);
    if (!item)
      problems.add(field, `${key} is not in the media library of account ${t.id} (add it with \`postctl ads media-library add ${key}\`)`);
    else {
      const msg = kindProblem?.(key, item);
      if (msg) problems.add(field, msg);
    }
  }
  return found;
}
