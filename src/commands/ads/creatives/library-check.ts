// Checks media keys against the account's media library before a create
// (GETs only), unless --no-fetch: a key the library does not have, or of the
// wrong kind, is reported as a problem of the field that named it.
import type { ApiClient } from '../../../http/client.js';
import { lookupLibrary } from '../../../creatives/media-kinds.js';
import type { AccountRef } from '../../../ads/types.js';
import type { MediaLibraryItem } from '../../../creatives/types.js';
import type { Problems } from '../../../validate/rules.js';

export async function checkLibraryKeys(
  client: ApiClient,
  t: AccountRef,
  problems: Problems,
  entries: Array<{ field: string; key: string; kindProblem?: (key: string, item: MediaLibraryItem) => string | undefined }>,
): Promise<Map<string, MediaLibraryItem | null>> {
  const found = await lookupLibrary(client, t, entries.map((e) => e.key));
  for (const { field, key, kindProblem } of entries) {
    const item = found.get(key);
    if (!item) problems.add(field, `${key} is not in the media library of account ${t.id} (add it with \`postctl ads media-library add ${key}\`)`);
    else {
      const msg = kindProblem?.(key, item);
      if (msg) problems.add(field, msg);
    }
  }
  return found;
}
