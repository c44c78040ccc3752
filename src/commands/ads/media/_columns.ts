// The columns of `ads media` output: the list's, and the fields of one asset.
import type { AccountMedia } from '../../../creatives/types.js';
import type { Column } from '../../../output/printer.js';

export const COLUMNS: Column<AccountMedia>[] = [
  { header: 'id', key: 'id' },
  { header: 'creative_type', key: 'creative_type' },
  { header: 'video_id', key: 'video_id' },
  { header: 'media_url', key: 'media_url' },
  { header: 'created_at', key: 'created_at' },
];
export const FIELDS: Column<AccountMedia>[] = [
  ...COLUMNS,
  { header: 'updated_at', key: 'updated_at' },
  { header: 'deleted', key: 'deleted' },
];
