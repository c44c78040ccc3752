// The columns and resource of the tracking-tags verbs.
import { trackingTags } from '../../../ads/line-item-children.js';
import type { ChildList } from '../_children.js';

export const TRACKING_TAGS: ChildList = {
  resource: () => trackingTags,
  ids: () => 'tracking_tag_ids',
  columns: () => [
    { header: 'id', key: 'id' },
    { header: 'line_item_id', key: 'line_item_id' },
    { header: 'tracking_tag_type', key: 'tracking_tag_type' },
    { header: 'tracking_tag_url', key: 'tracking_tag_url', flex: true },
  ],
};
