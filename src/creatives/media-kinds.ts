// Looks media keys up in the account's media library before a create, so kind
// rules (post media mix, poll and video conversation media) are checked before
// anything is posted. Only GETs are sent; --no-fetch skips this.
import type { ApiClient } from '../http/client.js';
import { findMediaLibraryItem } from './media-library.js';
import type { AccountRef } from '../ads/types.js';
import type { MediaLibraryItem } from './types.js';

/** key → the library item, or null when the library does not have it. */
export async function lookupLibrary(
  client: ApiClient,
  account: AccountRef,
  keys: readonly string[],
): Promise<Map<string, MediaLibraryItem | null>> {
  const unique = [...new Set(keys)];
  const items = await Promise.all(unique.map((k) => findMediaLibraryItem(client, account, k)));
  return new Map(unique.map((k, i) => [k, items[i] ?? null]));
}
