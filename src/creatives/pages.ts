// Page bounds of the creatives list endpoints (ads-api.md "Creatives" table).
// No imports: the command declarations read these for their help text.
export const ACCOUNT_MEDIA_PAGE = { min: 1, max: 1000, def: 200 } as const;
export const CARDS_PAGE = { min: 1, max: 200, def: 100 } as const;
export const MEDIA_LIBRARY_PAGE = { min: 1, max: 50, def: 20 } as const;
export const POLL_CARDS_PAGE = { min: 1, max: 1000, def: 200 } as const;
export const VIDEO_CONVERSATION_PAGE = { min: 1, max: 1000, def: 200 } as const;
/** q: max 80 for cards, poll and video conversation cards. */
export const CARDS_Q_MAX = 80;
