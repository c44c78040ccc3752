// The columns of `ads cards` output: the list's, and the fields of one card.
import { summarizeComponents } from '../../../creatives/cards.js';
import type { Card } from '../../../creatives/types.js';
import type { Column } from '../../../output/printer.js';

export const CARD_COLUMNS: Column<Card>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'card_type', key: 'card_type' },
  { header: 'components', get: (c) => summarizeComponents(c) },
  { header: 'card_uri', key: 'card_uri' },
];
export const CARD_FIELDS: Column<Card>[] = [
  ...CARD_COLUMNS,
  { header: 'created_at', key: 'created_at' },
  { header: 'updated_at', key: 'updated_at' },
  { header: 'deleted', key: 'deleted' },
];
