// Identifier rules of the platform API (platform-api.md) as checkers, shared by
// the commands (checked before sending) and the emulator (checked on receipt).
import type { Check } from './rules.js';

/** WebhookConfigId, post and user ids: 1 to 19 digits. */
export const NUMERIC_ID = /^[0-9]{1,19}$/;

export const numericId: Check = (v) =>
  NUMERIC_ID.test(v) ? undefined : `must be 1 to 19 digits (pattern ^[0-9]{1,19}$), got ${JSON.stringify(v)}`;

/** Streaming connection UUIDs (DELETE /2/connections takes them in `uuids`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const connectionUuid: Check = (v) =>
  UUID.test(v) ? undefined : `must be a connection UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got ${JSON.stringify(v)}`;
