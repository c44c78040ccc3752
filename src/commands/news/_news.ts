// What the news verbs share: columns and the default selection.
import type { Params } from '../../http/encode.js';
import { selectionParams } from '../../validate/selection.js';

export const NEWS_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'category', key: 'category' },
  { header: 'updated_at', key: 'updated_at' },
  { header: 'name', key: 'name', flex: true },
];

/** Without --news-fields: the columns' fields and the summary. */
export const newsSelection = (fields: string[] | undefined, allowUnknown: boolean | undefined): Params =>
  selectionParams({ fields: { news: fields ?? ['category', 'updated_at', 'hook', 'summary'] }, allowUnknown });
