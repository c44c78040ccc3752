// The sweep rows (test/helpers/verb-rows.ts) of the Spaces, trends,
// communities, news, usage, openapi, Community Notes, compliance, chat,
// volume-stream and analytics verbs, and the exits of those whose placeholders cannot
// succeed (test/hardening/secrets.test.ts).
import type { Row } from './verb-rows.js';

export function moreVerbRows(): Record<string, Row> {
  return {
    'spaces get': { args: ['spaces', 'get', '1DXxyRYNejbKM'] },
    'spaces search': { args: ['spaces', 'search', 'emulator'] },
    'spaces by-creator': { args: ['spaces', 'by-creator', '2244994945'] },
    // OAuth 2.0 only, and the sweep's profile has no such login: refused before sending (exit 3).
    'spaces buyers': { args: ['spaces', 'buyers', '1DXxyRYNejbKM'], local: true },
    'spaces posts': { args: ['spaces', 'posts', '1DXxyRYNejbKM'] },
    'trends get': { args: ['trends', 'get', '1'] },
    'trends personalized': { args: ['trends', 'personalized'] },
    'communities get': { args: ['communities', 'get', '1493446837214187523'] },
    'communities search': { args: ['communities', 'search', 'emulator'] },
    'news get': { args: ['news', 'get', '1938000000000000001'] },
    'news search': { args: ['news', 'search', 'emulator'] },
    'usage posts': { args: ['usage', 'posts'] },
    openapi: { args: ['openapi'] },
    'stream open': { args: ['stream', 'open', 'sample', '--limit', '1', '--stall-timeout', '5'], timeoutMs: 15_000 },
    'compliance jobs create': { args: ['compliance', 'jobs', 'create', '--type', 'tweets', '--name', 'hardening'] },
    'compliance jobs list': { args: ['compliance', 'jobs', 'list', '--type', 'tweets'] },
    'compliance jobs get': { args: ['compliance', 'jobs', 'get', '1372966999991541762'] },
    'notes written': { args: ['notes', 'written'] },
    'notes eligible': { args: ['notes', 'eligible'] },
    'notes create': {
      args: ['notes', 'create', '1460323737035677698', '--classification', 'not_misleading', '--text', 'https://example.org'],
    },
    'notes evaluate': { args: ['notes', 'evaluate', '1460323737035677698', '--text', 'https://example.org'] },
    // No such note: not found (4).
    'notes delete': { args: ['notes', 'delete', '1146654567674912799', '--yes'] },
    'chat conversations list': { args: ['chat', 'conversations', 'list'] },
    'chat conversations get': { args: ['chat', 'conversations', 'get', '1000000001-2244994945'] },
    'chat send': { args: ['chat', 'send', '1000000001-2244994945', '--message-id', 'hardening', '--encoded-event', 'AAEC'] },
    'chat read': { args: ['chat', 'read', '1000000001-2244994945', '--until', '1930000000000000003'] },
    'chat typing': { args: ['chat', 'typing', '1000000001-2244994945'] },
    'chat keys get': { args: ['chat', 'keys', 'get', '2244994945'] },
    'stream rules counts': { args: ['stream', 'rules', 'counts'] },
    'posts analytics': { args: ['posts', 'analytics', '1460323737035677698', '--since', '7d'] },
    'media analytics': { args: ['media', 'analytics', '13_1720000000000000001', '--since', '7d'] },
  };
}

export const MORE_NONZERO_EXITS: Record<string, number | null> = {
  'spaces buyers': 3,
  'notes delete': 4,
};
