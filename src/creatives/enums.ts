// Enum values of the creatives endpoints (ads-api.md "Resources and their fields", "Creatives").
// No imports: the command declarations list these in their help text.
export const CREATIVE_TYPES = [
  'BANNER',
  'BANNER_TABLET',
  'INTERSTITIAL',
  'INTERSTITIAL_LANDSCAPE',
  'INTERSTITIAL_LANDSCAPE_TABLET',
  'INTERSTITIAL_TABLET',
  'MEDIUM_RECTANGLE',
  'PREROLL',
  'VAST_PREROLL',
] as const;
export const MEDIA_TYPES = ['GIF', 'IMAGE', 'VIDEO'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const LABEL_VALUES = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'] as const;
export const CONVERSATION_SETTINGS = ['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS'] as const;
export const VIDEO_CTAS = ['VISIT_SITE', 'WATCH_NOW'] as const;
export const POST_MODES = ['compat', 'extended'] as const;
