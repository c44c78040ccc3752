// Why an operation of the official descriptions has no verb (docs/coverage.md's
// note column; test/helpers/coverage.ts). Only operations no verb calls need a
// reason here: a note on an operation that a verb calls is not shown (the
// generator says so on stderr, so it can be dropped).
export const NOTES: Record<string, string> = {
  'DELETE /2/activity/subscriptions': 'no verb yet; `postctl request DELETE /2/activity/subscriptions` reaches it',
  'POST /2/articles/draft': 'long-form Articles: no verb; `postctl request` reaches it',
  'POST /2/articles/{article_id}/publish': 'long-form Articles: no verb; `postctl request` reaches it',
  'GET /2/broadcasts': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'GET /2/broadcasts/scheduled': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'POST /2/broadcasts/scheduled': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'DELETE /2/broadcasts/scheduled/{id}': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'GET /2/broadcasts/scheduled/{id}': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'PUT /2/broadcasts/scheduled/{id}': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'POST /2/broadcasts/scheduled/{id}/live': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'GET /2/broadcasts/{id}': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'GET /2/broadcasts/{id}/chat': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'POST /2/broadcasts/{id}/chat': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'POST /2/broadcasts/{id}/chat/mutes': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'DELETE /2/broadcasts/{id}/chat/mutes/{user_id}': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'DELETE /2/broadcasts/{id}/chat/{message_id}': 'live broadcasts (video): no verb; `postctl request` reaches it',
  'POST /2/chat/conversations/group':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/conversations/group/initialize':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'GET /2/chat/conversations/{id}/events':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/conversations/{id}/keys':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/conversations/{id}/members':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/conversations/{id}/messages/delete':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/media/upload/initialize':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/media/upload/{id}/append':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'POST /2/chat/media/upload/{id}/finalize':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'GET /2/chat/media/{id}/{media_hash_key}':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'GET /2/dm_conversations/media/{dm_id}/{media_id}/{resource_id}':
    'no verb yet; `postctl request GET /2/dm_conversations/media/{dm_id}/{media_id}/{resource_id}` reaches it',
  'POST /2/notes/evaluate': 'no verb yet; `postctl request POST /2/notes/evaluate` reaches it',
  'GET /2/users/public_keys': 'no verb yet; `postctl request GET /2/users/public_keys` reaches it',
  'POST /2/users/{id}/bookmarks/folders': 'no verb yet; `postctl request POST /2/users/{id}/bookmarks/folders` reaches it',
  'POST /2/users/{id}/public_keys':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'GET /2/chat/media/{conversation_id}/{media_hash_key}':
    "end-to-end encrypted Chat (XChat): payloads are encrypted with the participants' keys, which postctl does not hold; `postctl request` reaches it",
  'GET /2/insights/28hr':
    'gone from openapi v2.167; `postctl posts analytics` (GET /2/tweets/analytics) reads comparable engagement figures, and `postctl request GET /2/insights/28hr` reaches it',
  'GET /2/insights/historical':
    'gone from openapi v2.167; `postctl posts analytics` (GET /2/tweets/analytics) reads comparable engagement figures, and `postctl request GET /2/insights/historical` reaches it',
};
