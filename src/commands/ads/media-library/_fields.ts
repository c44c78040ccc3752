// `ads media-library` output columns, and the item fields that add and update
// both take (flags and their values).
import { formatDuration } from '../../../creatives/media-library.js';
import type { MediaLibraryItem } from '../../../creatives/types.js';
import type { Column } from '../../../output/printer.js';
import type { LibraryParams } from '../../../validate/creatives-media-library.js';
import { wire } from '../../../wire/names.js';
import type { OptionTable } from '../../define.js';

export const COLUMNS: Column<MediaLibraryItem>[] = [
  { header: 'media_key', key: 'media_key' },
  { header: 'media_type', key: 'media_type' },
  { header: 'media_status', key: 'media_status' },
  { header: 'duration', get: (m) => formatDuration(m.duration), priority: 0 },
  { header: 'aspect_ratio', key: 'aspect_ratio', priority: 0 },
  // The name is what people look for: it stays (shortened) on a narrow screen, duration and aspect ratio go first.
  { header: 'name', key: 'name', flex: true, priority: 2 },
];
export const FIELDS: Column<MediaLibraryItem>[] = [
  ...COLUMNS,
  ...(['media_category', 'media_url', 'file_name', 'title', 'description', 'poster_media_key', 'poster_media_url'] as const).map((k) => ({
    header: k,
    key: k,
  })),
  // The "posted" flag's key differs between the live service and the spec: read either.
  {
    header: 'posted',
    get: (m) =>
      (m as unknown as Record<string, unknown>)[wire('key.posted', 'official')] ??
      (m as unknown as Record<string, unknown>)[wire('key.posted', 'neutral')],
  },
  ...(['created_at', 'updated_at', 'deleted'] as const).map((k) => ({ header: k, key: k })),
];

/** The item's fields as flags (add and update). */
export const fieldOptions = {
  name: { flags: '--name <name>', description: 'name (max 100 characters)' },
  fileName: { flags: '--file-name <name>', description: 'file name (max 255 characters)' },
  title: { flags: '--title <title>', description: 'title (max 70 characters; videos only)' },
  description: { flags: '--description <text>', description: 'description (max 200 characters; videos only)' },
  posterMediaKey: { flags: '--poster-media-key <key>', description: 'poster image media key (videos only; default: the first frame)' },
} as const satisfies OptionTable;

export function fieldValues(opts: {
  name?: string;
  fileName?: string;
  title?: string;
  description?: string;
  posterMediaKey?: string;
}): LibraryParams {
  return {
    name: opts.name,
    file_name: opts.fileName,
    title: opts.title,
    description: opts.description,
    poster_media_key: opts.posterMediaKey,
  };
}
