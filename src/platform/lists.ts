// Lists (openapi v2.159): GET/PUT/DELETE /2/lists/{id}, POST /2/lists,
// members (GET/POST /2/lists/{id}/members, DELETE …/members/{user_id}), the
// list's posts (GET /2/lists/{id}/tweets). Name 1 to 25 characters,
// description up to 100, private a boolean; only the fields given are sent.
import type { Params } from '../http/encode.js';
import type { RequestOptions } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import { parseListRef } from '../validate/platform-ids.js';
import { Problems, lengthBetween, maxLength } from '../validate/rules.js';
import { wire, type NameStyle } from '../wire/names.js';
import type { Planned } from './webhook-lifecycle.js';

/** Asked for on every list read, so tables have something to show. */
export const LIST_FIELD_PARAMS: Params = [['list.fields', 'created_at,description,follower_count,member_count,owner_id,private']];

export interface ListInput {
  name?: string | undefined;
  description?: string | undefined;
  private?: boolean | undefined;
}

export function listBody(input: ListInput, creating: boolean): Record<string, unknown> {
  const p = new Problems();
  if (creating && input.name === undefined) p.add('--name', 'a list needs a name (1 to 25 characters)');
  p.check('--name', input.name, [lengthBetween(1, 25)]);
  p.check('--description', input.description, [maxLength(100)]);
  p.throwIfAny('invalid list');
  const body = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.private !== undefined ? { private: input.private } : {}),
  };
  if (!creating && !Object.keys(body).length) p.add('list', 'nothing to change: give --name, --description, --private or --public');
  p.throwIfAny('invalid list');
  return body;
}

// A pasted list URL (https://x.com/i/lists/<id>) is its id; anything else goes to idSegment as typed, which refuses it.
const list = (id: string) => idSegment(parseListRef(id) ?? id, 'numeric', 'list id');

export const listPlans = {
  create: (body: Record<string, unknown>): Planned => ({ method: 'POST', path: '/2/lists', body }),
  update: (id: string, body: Record<string, unknown>): Planned => ({ method: 'PUT', path: joinPath('2', 'lists', list(id)), body }),
  delete: (id: string): Planned => ({ method: 'DELETE', path: joinPath('2', 'lists', list(id)) }),
  addMember: (id: string, userId: string): Planned => ({
    method: 'POST',
    path: joinPath('2', 'lists', list(id), 'members'),
    body: { user_id: userId },
  }),
  removeMember: (id: string, userId: string): Planned => ({
    method: 'DELETE',
    path: joinPath('2', 'lists', list(id), 'members', idSegment(userId, 'numeric', 'user id')),
  }),
};

export const listReads = {
  get: (id: string): RequestOptions => ({ method: 'GET', path: joinPath('2', 'lists', list(id)), query: LIST_FIELD_PARAMS }),
  members: (id: string, query: Params): RequestOptions => ({ method: 'GET', path: joinPath('2', 'lists', list(id), 'members'), query }),
  posts: (id: string, query: Params, style: NameStyle): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'lists', list(id), wire('path.posts', style)),
    query,
  }),
};
