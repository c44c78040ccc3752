// What the chat verbs share: user context (OAuth 1.0a when held, else OAuth 2.0).
export const CHAT_AUTH = ['user', 'oauth2'] as const;
