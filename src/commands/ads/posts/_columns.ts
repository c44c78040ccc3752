// The fields shown of a post made through the ad account (create and name).
import type { AdPost } from '../../../creatives/types.js';
import type { Column } from '../../../output/printer.js';
import { wire, type NameStyle } from '../../../wire/names.js';

export const FIELDS = (style: NameStyle): Column<AdPost>[] => [
  { header: 'id', key: 'id_str' },
  { header: 'name', key: 'name' },
  { header: 'text', get: (p) => p.full_text ?? p.text },
  { header: 'nullcast', key: 'nullcast' },
  { header: 'user', key: 'user.id_str' },
  { header: wire('key.post_type', style), key: wire('key.post_type', style) },
  { header: 'created_at', key: 'created_at' },
];
