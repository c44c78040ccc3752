// Typed endpoint function for webhook validation (platform-api.md,
// "Validate webhook").
import type { Problem } from '../errors/api-error.js';
import type { ApiClient, AuthMode } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';

export interface WebhookValidateResponse {
  data?: { attempted?: boolean };
  errors?: Problem[];
}

/** PUT /2/webhooks/{id}: asks the service to run a CRC check against the webhook. No body. */
export async function validateWebhook(client: ApiClient, webhookId: string, auth: AuthMode): Promise<WebhookValidateResponse> {
  // Safe to repeat: each call only triggers another CRC check.
  const res = await client.request<WebhookValidateResponse>({
    method: 'PUT',
    path: joinPath('2', 'webhooks', idSegment(webhookId, 'numeric', 'webhook_id')),
    auth,
    idempotent: true,
  });
  return (res.body ?? {}) as WebhookValidateResponse;
}
