// Following and pinning lists as the authenticated user (POST/DELETE
// /2/users/{id}/followed_lists and /pinned_lists, body {"list_id"}), and
// blocking a user's direct messages (POST /2/users/{id}/dm/block|unblock, no
// body), from openapi v2.159. The path's user must be the caller for the list
// actions (UserIdMatchesAuthenticatedUser); every action is idempotent.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { listsState } from './platform-lists.js';
import { isReply, type Obj } from './platform-paging.js';
import { invalid } from './platform-posting.js';
import { listOf, userById } from './platform-users-state.js';

const NUMERIC = /^[0-9]{1,19}$/;

/** user → pinned list ids. */
export const pinnedLists = (state: EmulatorState) => state.slice('platform-pinned-lists', () => new Map<string, string[]>());
/** user → users whose direct messages they blocked. */
const dmBlocks = (state: EmulatorState) => state.slice('platform-dm-blocks', () => new Map<string, string[]>());

function me(req: EmuRequest): string | EmuResponse {
  const id = req.params.id!;
  if (!NUMERIC.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  if (req.auth?.userId !== id) return problem(403, 'about:blank', 'Forbidden', 'You are not permitted to perform this action.');
  return id;
}

const noList = (id: string) =>
  problem(404, 'resource-not-found', 'Not Found Error', `Could not find list with id: [${id}].`, {
    resource_type: 'list',
    parameter: 'list_id',
    resource_id: id,
    value: id,
  });

function listIdOf(req: EmuRequest, state: EmulatorState, fromPath: boolean): string | EmuResponse {
  let id: unknown = req.params.list_id;
  if (!fromPath) {
    const body = req.json<Obj>() ?? {};
    const extra = Object.keys(body).find((k) => k !== 'list_id');
    if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(body[extra]));
    id = body.list_id;
  }
  if (typeof id !== 'string' || !NUMERIC.test(id)) return invalid('`list_id` must match ^[0-9]{1,19}$', 'list_id', String(id));
  if (!fromPath && !listsState(state).has(id)) return noList(id);
  return id;
}

function listAction(kind: 'follow' | 'pin', add: boolean) {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const user = me(req);
    if (isReply(user)) return user;
    const id = listIdOf(req, state, !add);
    if (isReply(id)) return id;
    const members = kind === 'follow' ? (listsState(state).get(id)?.followers ?? []) : listOf(pinnedLists(state), user);
    const item = kind === 'follow' ? user : id;
    const at = members.indexOf(item);
    if (add && at < 0) members.push(item);
    if (!add && at >= 0) members.splice(at, 1);
    return { status: 200, body: { data: { [kind === 'follow' ? 'following' : 'pinned']: add } } };
  };
}

function dmBlock(block: boolean) {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const target = req.params.id!;
    if (!NUMERIC.test(target)) return invalid(`The \`id\` path parameter value [${target}] does not match ^[0-9]{1,19}$`, 'id', target);
    if (!userById(state, target))
      return problem(404, 'resource-not-found', 'Not Found Error', `Could not find user with id: [${target}].`, { resource_type: 'user' });
    const mine = listOf(dmBlocks(state), req.auth?.userId ?? '');
    const at = mine.indexOf(target);
    if (block && at < 0) mine.push(target);
    if (!block && at >= 0) mine.splice(at, 1);
    return { status: 200, body: { data: { blocked: block } } };
  };
}

export function register(r: Router, _state: EmulatorState): void {
  const write = (method: string, path: string, handler: (req: EmuRequest, state: EmulatorState) => EmuResponse) =>
    r.route({ method, path, api: 'platform', auth: 'user', handler });
  write('POST', '/2/users/:id/followed_lists', listAction('follow', true));
  write('DELETE', '/2/users/:id/followed_lists/:list_id', listAction('follow', false));
  write('POST', '/2/users/:id/pinned_lists', listAction('pin', true));
  write('DELETE', '/2/users/:id/pinned_lists/:list_id', listAction('pin', false));
  write('POST', '/2/users/:id/dm/block', dmBlock(true));
  write('POST', '/2/users/:id/dm/unblock', dmBlock(false));
}
