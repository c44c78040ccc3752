// What the stream-links verbs share: the table of a link.
export const LINK_COLUMNS = [
  { header: 'webhook_id', key: 'webhook_id' },
  { header: 'fields', key: 'fields' },
  { header: 'created_at', key: 'created_at' },
];
