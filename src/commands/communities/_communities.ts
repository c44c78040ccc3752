// What the community verbs share: columns and the default selection.
import { selectionParams } from '../../validate/selection.js';
import type { Params } from '../../http/encode.js';

export const COMMUNITY_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'members', key: 'member_count' },
  { header: 'access', key: 'access' },
  { header: 'join_policy', key: 'join_policy' },
  { header: 'description', key: 'description', flex: true },
];

/** Without --community-fields: the columns' fields. */
export const communitySelection = (fields: string[] | undefined, allowUnknown: boolean | undefined): Params =>
  selectionParams({ fields: { community: fields ?? ['description', 'member_count', 'access', 'join_policy'] }, allowUnknown });
