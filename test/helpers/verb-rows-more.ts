// The sweep rows (test/helpers/verb-rows.ts) of the Spaces, trends,
// communities, news, usage, openapi, Community Notes, compliance, chat,
// volume-stream and analytics verbs, and the exits of those whose placeholders cannot
// succeed (test/hardening/secrets.test.ts).
import type { Row } from './verb-rows.js';

export function moreVerbRows(): Record<string, Row> {
  return {
    // OAuth 2.0 only, and the sweep's profile has no such login: refused before sending (exit 3).
    'spaces buyers': { args: ['spaces', 'buyers', '1DXxyRYNejbKM'], local: true },
    openapi: { args: ['openapi'] },
    'stream open': { args: ['stream', 'open', 'sample', '--limit', '1', '--stall-timeout', '5'], timeoutMs: 15_000 },
    'compliance jobs create': { args: ['compliance', 'jobs', 'create', '--type', 'tweets', '--name', 'hardening'] },
    // No such note: not found (4).
    'notes delete': { args: ['notes', 'delete', '1146654567674912799', '--yes'] },
  };
}

export const MORE_NONZERO_EXITS: Record<string, number | null> = {
  'spaces buyers': 3,
  'notes delete': 4,
};
