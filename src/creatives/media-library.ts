// Media library (ads-api.md "Creatives"): list, fetch, add, update, delete,
// plus what the CLI can tell about a media key before asking the API.
import { accountResource } from '../ads/resource.js';
import { ApiError } from '../errors/api-error.js';
import type { ApiClient } from '../http/client.js';
import type { MediaType } from './enums.js';
import type { AccountRef } from '../ads/types.js';
import type { MediaLibraryItem } from './types.js';

export { MEDIA_TYPES } from './enums.js';
export { MEDIA_LIBRARY_PAGE } from './pages.js';

/**
 * The platform's media keys start with the kind of media: 3_ photo, 7_ video,
 * 13_ amplify video, 16_ animated GIF. Used where the library cannot be asked
 * (a key not added yet, or --no-fetch); other prefixes are left to the API.
 */
export function kindFromKey(key: string): MediaType | undefined {
  const prefix = /^(\d+)_/.exec(key)?.[1];
  return prefix === '3' ? 'IMAGE' : prefix === '7' || prefix === '13' ? 'VIDEO' : prefix === '16' ? 'GIF' : undefined;
}

const library = accountResource<MediaLibraryItem>(['media_library'], { kind: 'media_key', field: 'media_key' });

export const mediaLibraryListRequest = library.listRequest;

export const getMediaLibraryItem = (client: ApiClient, account: AccountRef, key: string) => library.get(client, account, key);

/** The item, or undefined when the library does not have the key (HTTP 404). */
export async function findMediaLibraryItem(client: ApiClient, account: AccountRef, key: string): Promise<MediaLibraryItem | undefined> {
  try {
    return (await getMediaLibraryItem(client, account, key)).body.data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return undefined;
    throw e;
  }
}

/** POST: not retried on 5xx (the default for POST); whether a repeated add is harmless is not stated. */
export const addMediaLibraryItem = library.create;

export const updateMediaLibraryItem = library.update;

export const deleteMediaLibraryItem = library.delete;

/** 15300 → "0:15.3"; 3723000 → "1:02:03". */
export function formatDuration(ms: unknown): string {
  const n = typeof ms === 'string' ? Number(ms) : ms;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const totalSec = n / 1000;
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec % 3600) / 60);
  const s = totalSec % 60;
  const sec = Number.isInteger(s) ? String(s).padStart(2, '0') : s.toFixed(1).padStart(4, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** "16:9" or "1.91:1" → width / height. */
export function aspectValue(ratio: unknown): number | undefined {
  const m = typeof ratio === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio) : null;
  if (!m || Number(m[2]) === 0) return undefined;
  return Number(m[1]) / Number(m[2]);
}
