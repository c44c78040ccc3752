// Help descriptions and verb order of the groups for Spaces, trends,
// communities, news, Community Notes, usage, compliance jobs and chat
// (spread into TREE in groups.ts; scripts/manifest.mjs reads it from there).
export const MORE_TREE: Record<string, { description?: string; order?: readonly string[] }> = {
  spaces: {
    description: 'Spaces: look up live audio conversations by id, creator or title; ticket buyers and shared posts',
    order: ['get', 'search', 'by-creator', 'buyers', 'posts'],
  },
  trends: { description: 'trending topics: by location (WOEID) and personalized for you', order: ['get', 'personalized'] },
  communities: { description: 'communities: look one up, search by name', order: ['get', 'search'] },
  news: { description: 'news stories: look one up, search', order: ['get', 'search'] },
  compliance: { description: 'batch compliance: which of your stored posts and users were deleted, suspended or changed', order: ['jobs'] },
  'compliance jobs': {
    description: 'batch compliance jobs (/2/compliance/jobs): create one and upload its ids, list, get and download results',
    order: ['create', 'list', 'get'],
  },
  notes: {
    description: 'Community Notes: notes you wrote, posts eligible for a note, write (test mode by default), evaluate, delete',
    order: ['written', 'eligible', 'create', 'evaluate', 'delete'],
  },
  chat: {
    description: 'encrypted chat: conversations and their message events, send, mark read, typing, public keys',
    order: ['conversations', 'send', 'read', 'typing', 'keys'],
  },
  'chat conversations': { description: 'chat conversations (/2/chat/conversations): the inbox, one conversation', order: ['list', 'get'] },
  'chat keys': { description: 'chat public keys of a user (/2/users/{id}/public_keys)', order: ['get'] },
  usage: { description: 'the project’s API usage: posts read against the monthly cap', order: ['posts'] },
};
