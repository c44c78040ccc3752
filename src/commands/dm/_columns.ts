// The table of direct message events (dm list, dm events, dm get).
import type { Column } from '../../output/printer.js';

export const DM_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'event_type', key: 'event_type' },
  { header: 'created_at', key: 'created_at' },
  { header: 'sender_id', key: 'sender_id' },
  { header: 'dm_conversation_id', key: 'dm_conversation_id' },
  { header: 'media', key: 'attachments.media_keys' },
  { header: 'text', key: 'text', flex: true },
];
