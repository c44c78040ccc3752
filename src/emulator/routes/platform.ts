// Platform v2 routes. Posts: every numeric id exists except those starting
// with 9 (they answer resource-not-found problems), so any batch size can be
// tested without fixtures.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import { EMU_USER } from '../state.js';

export function syntheticPost(id: string): Record<string, unknown> {
  return { id, text: `Post ${id} from the emulator`, author_id: EMU_USER.id, created_at: '2026-06-01T12:00:00.000Z', edit_history_tweet_ids: [id] };
}

export function register(r: Router, _state: EmulatorState): void {
  r.route({
    method: 'GET',
    path: '/2/posts',
    api: 'platform',
    auth: 'user-or-app',
    handler: (req) => {
      const ids = (req.query.get('ids') ?? '').split(',').filter(Boolean);
      const bad = ids.filter((i) => !/^[0-9]{1,19}$/.test(i));
      if (ids.length === 0 || ids.length > 100 || bad.length) {
        return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
          errors: [{ message: ids.length === 0 ? 'The `ids` query parameter can not be empty' : ids.length > 100 ? 'ids takes at most 100 ids' : `invalid ids: ${bad.join(',')}`, parameters: { ids: [req.query.get('ids') ?? ''] } }],
        });
      }
      const data = ids.filter((i) => !i.startsWith('9')).map(syntheticPost);
      const errors = ids.filter((i) => i.startsWith('9')).map((i) => ({ value: i, detail: `Could not find post with ids: [${i}].`, title: 'Not Found Error', resource_type: 'post', parameter: 'ids', resource_id: i, type: 'https://api.x.com/2/problems/resource-not-found' }));
      return { status: 200, body: { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) } };
    },
  });
}
