// What the Community Notes verbs share: --live (test mode is the default, so a
// trial run never proposes a public note), the auth choice and columns.
import type { OptionSpec } from '../define.js';

export const liveOption = (what: string) =>
  ({ flags: '--live', description: `${what} (default: test mode, test_mode=true)` }) as const satisfies OptionSpec;

/** User context: OAuth 1.0a when the profile holds it, else OAuth 2.0. */
export const NOTE_AUTH = ['user', 'oauth2'] as const;

export const NOTE_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'post_id', key: 'post_id' },
  { header: 'status', key: 'status' },
  { header: 'classification', key: 'info.classification' },
  { header: 'text', key: 'info.text', flex: true },
];
