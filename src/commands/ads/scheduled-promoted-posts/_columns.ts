// The columns and resource of the scheduled-promoted-posts verbs, in the client's wire spelling
// (scheduled_promoted_tweets / scheduled_tweet_id officially).
import { scheduledPromotedPosts } from '../../../ads/line-item-children.js';
import { wire } from '../../../wire/names.js';
import type { ChildList } from '../_children.js';

export const SCHEDULED: ChildList = {
  resource: (client) => scheduledPromotedPosts(client.names),
  ids: (client) => wire('param.scheduled_promoted_post_ids', client.names),
  columns: (client) => {
    const scheduled = wire('param.scheduled_post_id', client.names);
    const post = wire('key.post_id', client.names);
    return [
      { header: 'id', key: 'id' },
      { header: scheduled, get: (r) => r[scheduled] ?? r.scheduled_tweet_id ?? r.scheduled_post_id },
      { header: post, get: (r) => r[post] ?? r.tweet_id ?? r.post_id },
      { header: 'line_item_id', key: 'line_item_id' },
      { header: 'created_at', key: 'created_at' },
    ];
  },
};
