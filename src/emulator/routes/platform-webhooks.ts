// PUT /2/webhooks/:webhook_id — the CRC check. Seeded webhooks: two whose
// receivers answer correctly and one whose receiver fails the check (200 with
// attempted and an errors problem, the WebhookConfigPutResponse shape). The
// problem a failed check carries is not shown in the spec; the emulator uses
// the legacy API's message for it. An unknown id answers 404 with a
// resource-not-found problem (the spec's resource_type list has no webhook
// entry; `webhook` is used).
import { NUMERIC_ID } from './platform-posts.js';
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';

export interface EmuWebhook {
  id: string;
  url: string;
  /** The receiver answers the CRC correctly. */
  crcOk: boolean;
}

export const WEBHOOK_OK = '1146654567674912769';
const WEBHOOK_OK_2 = '1146654567674912770';
export const WEBHOOK_CRC_FAILS = '1146654567674912771';

export function webhooks(state: EmulatorState): Map<string, EmuWebhook> {
  return state.slice(
    'platform-webhooks',
    () =>
      new Map<string, EmuWebhook>([
        [WEBHOOK_OK, { id: WEBHOOK_OK, url: 'https://hooks.example.com/postctl/activity', crcOk: true }],
        [WEBHOOK_OK_2, { id: WEBHOOK_OK_2, url: 'https://hooks.example.com/postctl/stream', crcOk: true }],
        [WEBHOOK_CRC_FAILS, { id: WEBHOOK_CRC_FAILS, url: 'https://broken.example.com/webhook', crcOk: false }],
      ]),
  );
}

export function register(r: Router, state: EmulatorState): void {
  r.route({
    method: 'PUT',
    path: '/2/webhooks/:webhook_id',
    api: 'platform',
    auth: 'user-or-app',
    handler: (req) => {
      const id = req.params.webhook_id!;
      if (!NUMERIC_ID.test(id)) {
        return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
          errors: [
            { message: `The \`webhook_id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, parameters: { webhook_id: [id] } },
          ],
        });
      }
      const hook = webhooks(state).get(id);
      if (!hook) {
        return problem(404, 'resource-not-found', 'Not Found Error', `Could not find webhook with id: [${id}].`, {
          parameter: 'webhook_id',
          value: id,
          resource_id: id,
          resource_type: 'webhook',
        });
      }
      if (!hook.crcOk) {
        return {
          status: 200,
          body: {
            data: { attempted: true },
            errors: [
              {
                type: 'about:blank',
                title: 'CRC Check Failed',
                detail: `Webhook URL ${hook.url} does not meet the requirements. Invalid CRC token or json response format.`,
              },
            ],
          },
        };
      }
      return { status: 200, body: { data: { attempted: true } } };
    },
  });
}
