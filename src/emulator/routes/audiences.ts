// Audience tools (ads-api.md "Audiences"): custom audience users batches that
// record every hashed identifier per operation type, with the server's own
// checks (operation_errors for malformed items, the whole batch failing
// together), the count-mismatch fault, and the 1,500 requests per minute limit;
// do-not-reach lists; tailored audience permissions (version 5) with the
// ownership rule; targeted line items; keyword insights.
import { FOREIGN_ACCOUNT, accounts, pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail, paramsEcho } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_ACCOUNT, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse, Handler } from '../types.js';
import { incoming, outgoing, spellingsOf, type ServedNames } from '../spelling.js';
import { HASHED_FIELDS, fastBatch, isoParam, slowBatch, type Checked } from './audience-batch.js';
import { Received, type DigestStore } from './audience-digests.js';

export { Received, type DigestStore, type OperationType } from './audience-digests.js';

/** Seeded objects (custom audience and do-not-reach list creation: not shown in the spec). */
export const EMU_AUDIENCE = '1qz4s';
/** Owned by another account and shared READ_ONLY with the emulator's account (is_owner false). */
export const EMU_SHARED_AUDIENCE = '2hk7w';
export const EMU_DNR_LIST = '3dnr8';
/** Another ad account of the emulator account's business: a valid grantee. */
export const EMU_SIBLING_ACCOUNT = '18ce54d4x5u';
/** Rate-limit bucket of the users endpoint (tests lower it with startEmulator({limits})). */
export const USERS_BUCKET = 'audiences.users';

const MAX_BODY_BYTES = 5_000_000;
/** The user keys a server in `mode` knows. */
const userFields = (mode: ServedNames) => [...HASHED_FIELDS, 'partner_user_id'].filter((f) => incoming('userKey', f, mode).known);
const DNR_FIELDS = ['email', 'phone_number'];
const PERMISSIONS_PAGE = { min: 1, max: 1000, def: 200 };
const MAX_FILTER_IDS = 200;
/** Country-level targeting values the emulator knows (location of keyword insights). */
export const COUNTRY_LOCATIONS: Record<string, string> = { '96683cc9126741d1': 'United States', '6416b8512febefc9': 'United Kingdom' };
const CITY_LOCATIONS = new Set(['5a110d312052166f']);
const NOW = '2026-01-05T10:00:00Z';

interface Permission {
  id: string;
  tailored_audience_id: string;
  granted_account_id: string;
  permission_level: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface Audience {
  id: string;
  name: string;
  owner: string;
  received: Received;
  permissions: Permission[];
  targeted: Array<{ campaign_id: string; campaign_name: string; line_items: Array<{ id: string; name: string; servable: boolean }> }>;
  /** Set for audiences made by POST custom_audiences (ads-audiences-manage.ts); seeded ones keep the defaults. */
  description?: string | null;
  created_at?: string;
  updated_at?: string;
  deleted?: boolean;
}

export interface DoNotReachList {
  id: string;
  account: string;
  name: string;
  description: string;
  received: Received;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface AudienceStore {
  audiences: Map<string, Audience>;
  lists: Map<string, DoNotReachList>;
  /** Identifiers the platform refuses (a server-side rejection the client cannot foresee): tests add to it. */
  rejectValues: Set<string>;
}

export function audienceStore(state: EmulatorState): AudienceStore {
  return state.slice('audiences', () => {
    const audiences = new Map<string, Audience>();
    const perm = (id: string, audience: string, granted: string, level: string): Permission => ({
      id,
      tailored_audience_id: audience,
      granted_account_id: granted,
      permission_level: level,
      created_at: NOW,
      updated_at: NOW,
      deleted: false,
    });
    audiences.set(EMU_AUDIENCE, {
      id: EMU_AUDIENCE,
      name: 'Newsletter subscribers',
      owner: EMU_ACCOUNT,
      received: new Received(),
      permissions: [],
      targeted: [
        {
          campaign_id: '8wku2',
          campaign_name: 'Spring launch',
          line_items: [
            { id: '8u94t', name: 'Spring - web', servable: true },
            { id: '8u94v', name: 'Spring - app', servable: false },
          ],
        },
        { campaign_id: '8wku5', campaign_name: 'Winter archive', line_items: [{ id: '8u95a', name: 'Winter - web', servable: false }] },
      ],
    });
    audiences.set(EMU_SHARED_AUDIENCE, {
      id: EMU_SHARED_AUDIENCE,
      name: 'Partner lookalikes',
      owner: FOREIGN_ACCOUNT,
      received: new Received(),
      permissions: [perm('7xk2a', EMU_SHARED_AUDIENCE, EMU_ACCOUNT, 'READ_ONLY')],
      targeted: [],
    });
    const lists = new Map<string, DoNotReachList>();
    lists.set(EMU_DNR_LIST, {
      id: EMU_DNR_LIST,
      account: EMU_ACCOUNT,
      name: 'Opt-outs',
      description: 'People who asked not to be reached',
      received: new Received(),
      created_at: NOW,
      updated_at: NOW,
      deleted: false,
    });
    return { audiences, lists, rejectValues: new Set<string>() };
  });
}

function businessOf(state: EmulatorState, account: string): string | undefined {
  if (account === EMU_SIBLING_ACCOUNT) return accounts(state).get(EMU_ACCOUNT)?.business_id;
  return accounts(state).get(account)?.business_id;
}

const grantOf = (a: Audience, account: string): Permission | undefined =>
  a.permissions.find((p) => !p.deleted && p.granted_account_id === account);

/** The audience, if the path's account owns it or was granted it (else 404, as for any unknown id). */
function visibleAudience(req: EmuRequest, state: EmulatorState, param: string): Audience {
  const account = requireAccount(req, state).id;
  const id = req.params[param]!;
  const a = audienceStore(state).audiences.get(id);
  if (!a || a.deleted || (a.owner !== account && !grantOf(a, account)))
    fail(adsError(404, 'NOT_FOUND', `Audience ${id} not found`, param, req));
  return a;
}

function checkBatch(req: EmuRequest, state: EmulatorState, fields: readonly string[], dnr: boolean): Checked {
  if (req.raw.length > MAX_BODY_BYTES)
    fail(adsError(413, 'REQUEST_TOO_LARGE', `The body is ${req.raw.length} bytes; at most ${MAX_BODY_BYTES} are allowed`, undefined, req));
  const reject = audienceStore(state).rejectValues;
  const now = state.now();
  const fast = reject.size ? undefined : fastBatch(req.raw, fields, dnr, now);
  if (fast) return fast;
  const r = slowBatch(req.json<unknown>(), fields, dnr, reject, now);
  if ('ok' in r) return r.ok;
  return fail({
    status: r.status,
    body: {
      errors: r.errors,
      ...(r.operation_errors ? { operation_errors: r.operation_errors } : {}),
      request: { params: paramsEcho(req) },
    },
  });
}

/** Records the users; a count-mismatch fault leaves the last one out and says so in the counts. */
function apply(req: EmuRequest, state: EmulatorState, received: Received, checked: Checked): number[] {
  const mismatch = state.faults.take(req.method, req.path, ['count-mismatch']);
  const kept = checked.users - (mismatch ? 1 : 0);
  // Operation of each user, from the operations' sizes.
  const opOf = new Uint16Array(checked.users);
  let u = 0;
  checked.ops.forEach((op, i) => {
    opOf.fill(i, u, (u += op.users));
  });
  const setFor = (op: number, field: string) => received.field(checked.ops[op]!.type, field);
  // Runs of digests of the same operation and field are appended in one copy.
  const n = checked.digestUser.length;
  for (let i = 0; i < n; ) {
    if (checked.digestUser[i]! >= kept) {
      i++;
      continue;
    }
    const field = checked.digestField[i]!;
    const op = opOf[checked.digestUser[i]!]!;
    let j = i + 1;
    while (j < n && checked.digestField[j] === field && opOf[checked.digestUser[j]!] === op && checked.digestUser[j]! < kept) j++;
    (setFor(op, field) as DigestStore).append(checked.words, i * 8, j - i);
    i = j;
  }
  for (const p of checked.partners) if (p.user < kept) (setFor(opOf[p.user]!, 'partner_user_id') as Set<string>).add(p.value);
  const counts = checked.ops.map((op) => op.users);
  if (mismatch) counts[counts.length - 1]! -= 1;
  return counts;
}

/** list_size: the distinct identifiers the list received (the emulator keeps no user grouping). */
function listView(l: DoNotReachList) {
  const size = l.received.count('Update');
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    targetable: size >= 100,
    reasons_not_targetable: size >= 100 ? [] : ['TOO_SMALL'],
    list_size: size,
    created_at: l.created_at,
    updated_at: l.updated_at,
    deleted: l.deleted,
  };
}

/** Answered in the live service's names (tweet_volume) unless the server knows only the neutral ones. */
function keywordInsights(req: EmuRequest, st: EmulatorState): EmuResponse {
  const served = st.names;
  const q = req.query;
  const granularity = q.get('granularity');
  if (granularity !== 'DAY' && granularity !== 'HOUR')
    fail(adsError(400, 'INVALID_PARAMETER', 'granularity must be DAY or HOUR', 'granularity', req));
  const keywords = (q.get('keywords') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const negative = (q.get('negative_keywords') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!keywords.length) fail(adsError(400, 'MISSING_PARAMETER', 'keywords is required', 'keywords', req));
  if (keywords.length + negative.length > 10)
    fail(adsError(400, 'INVALID_PARAMETER', 'keywords and negative_keywords together are at most 10', 'keywords', req));
  const start = isoParam(q.get('start_time') ?? undefined);
  if (start === undefined) fail(adsError(400, 'INVALID_PARAMETER', 'start_time is required (ISO 8601)', 'start_time', req));
  const end = q.has('end_time') ? isoParam(q.get('end_time')!) : st.now();
  if (end === undefined || end <= start)
    fail(adsError(400, 'INVALID_PARAMETER', 'end_time must be an ISO 8601 time after start_time', 'end_time', req));
  if (end - start > 7 * 86_400_000) fail(adsError(400, 'INVALID_PARAMETER', 'The time range is at most 7 days', 'start_time', req));
  const location = q.get('location');
  if (location !== null) {
    if (location.includes(',')) fail(adsError(400, 'INVALID_PARAMETER', 'One country per request', 'location', req));
    if (!COUNTRY_LOCATIONS[location])
      fail(
        adsError(
          400,
          'INVALID_PARAMETER',
          `location must be a country-level targeting value${CITY_LOCATIONS.has(location) ? ' (this one is a city)' : ''}`,
          'location',
          req,
        ),
      );
  }
  const step = granularity === 'DAY' ? 86_400_000 : 3_600_000;
  const buckets = Math.max(1, Math.ceil((end - start) / step));
  let seed = 0;
  for (const ch of keywords.join(',')) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const post_volume = Array.from({ length: buckets }, (_, i) => ((seed >>> (i % 16)) % 9000) + 100 * (i + 1));
  const related_keywords = Array.from(
    { length: 30 },
    (_, i) =>
      `${keywords[i % keywords.length]} ${['news', 'deals', 'near me', 'review', 'price', 'best'][i % 6]}${i >= 6 ? ` ${Math.floor(i / 6) + 1}` : ''}`,
  );
  return adsOk(req, outgoing({ related_keywords, post_volume }, served === 'neutral' ? 'neutral' : 'official'));
}

/** The account's live do-not-reach list named by the path, or a 404 ads error. */
function ownList(req: EmuRequest, st: EmulatorState): DoNotReachList {
  const account = requireAccount(req, st).id;
  const l = audienceStore(st).lists.get(req.params.do_not_reach_list_id!);
  if (!l || l.deleted || l.account !== account)
    fail(adsError(404, 'NOT_FOUND', `Do-not-reach list ${req.params.do_not_reach_list_id} not found`, 'do_not_reach_list_id', req));
  return l;
}

const uploadAudienceUsers: Handler = (req, st) => {
  const account = requireAccount(req, st).id;
  const a = visibleAudience(req, st, 'custom_audience_id');
  if (a.owner !== account && grantOf(a, account)?.permission_level !== 'READ_WRITE')
    fail(adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${account} may only read audience ${a.id}`, 'custom_audience_id', req));
  const checked = checkBatch(req, st, userFields(st.names), false);
  const n = apply(req, st, a.received, checked).reduce((x, y) => x + y, 0);
  return adsOk(req, { success_count: n, total_count: n });
};

const uploadDoNotReachUsers: Handler = (req, st) => {
  const l = ownList(req, st);
  const checked = checkBatch(req, st, DNR_FIELDS, true);
  const counts = apply(req, st, l.received, checked);
  l.updated_at = new Date(st.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    status: 200,
    body: {
      request: { params: { ...paramsEcho(req), operation_type: checked.ops.map((o) => o.type).join(',') } },
      data: counts.map((n) => ({ success_count: n, total_count: n })),
    },
  };
};

const deleteDoNotReachList: Handler = (req, st) => {
  // A repeat delete answers 404, as line items do (not shown for lists).
  const l = ownList(req, st);
  l.deleted = true;
  l.updated_at = new Date(st.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return adsOk(req, listView(l));
};

const listPermissions: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'tailored_audience_id');
  const filter = (name: string): string[] | undefined => {
    const raw = req.query.get(name);
    if (raw === null) return undefined;
    const ids = raw.split(',').filter(Boolean);
    if (ids.length > MAX_FILTER_IDS) fail(adsError(400, 'INVALID_PARAMETER', `${name} takes at most ${MAX_FILTER_IDS} ids`, name, req));
    return ids;
  };
  const granted = filter('granted_account_ids');
  const ids = filter('tailored_audience_permission_ids');
  // The owner sees every grant; a grantee only its own.
  let items =
    a.owner === req.params.account_id ? a.permissions : a.permissions.filter((p) => p.granted_account_id === req.params.account_id);
  if (granted) items = items.filter((p) => granted.includes(p.granted_account_id));
  if (ids) items = items.filter((p) => ids.includes(p.id));
  const page = pageOf(req, items, PERMISSIONS_PAGE);
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const listTargetingUses: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'custom_audience_id');
  const raw = req.query.get('with_active') ?? 'true';
  if (raw !== 'true' && raw !== 'false') fail(adsError(400, 'INVALID_PARAMETER', 'with_active must be true or false', 'with_active', req));
  const entries = a.targeted
    .map((t) => ({ ...t, line_items: raw === 'true' ? t.line_items.filter((l) => l.servable) : t.line_items }))
    .filter((t) => t.line_items.length > 0);
  const page = pageOf(req, entries as Array<(typeof entries)[number] & { deleted?: boolean }>, { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, { next_cursor: page.next_cursor });
};

const searchKeywordInsights: Handler = (req, st) => keywordInsights(req, st);

function requireOwner(req: EmuRequest, a: Audience): void {
  if (a.owner !== req.params.account_id)
    fail(
      adsError(
        403,
        'UNAUTHORIZED_ACCESS',
        `Account ${req.params.account_id} does not own tailored audience ${a.id} (is_owner is false)`,
        'tailored_audience_id',
        req,
      ),
    );
}

const grantPermission: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'tailored_audience_id');
  requireOwner(req, a);
  const granted = req.query.get('granted_account_id');
  const level = req.query.get('permission_level');
  if (!granted) fail(adsError(400, 'MISSING_PARAMETER', 'granted_account_id is required', 'granted_account_id', req));
  if (level !== 'READ_ONLY' && level !== 'READ_WRITE')
    fail(adsError(400, 'INVALID_PARAMETER', 'permission_level must be READ_ONLY or READ_WRITE', 'permission_level', req));
  if (granted === a.owner)
    fail(adsError(400, 'INVALID_PARAMETER', 'An audience cannot be shared with its owner', 'granted_account_id', req));
  const business = businessOf(st, granted);
  if (!business) fail(adsError(400, 'INVALID_PARAMETER', `Account ${granted} not found`, 'granted_account_id', req));
  const ownerAccount = accounts(st).get(a.owner);
  if (business !== businessOf(st, a.owner) && !ownerAccount?.features.includes('SHARE_AUDIENCE_OUTSIDE_BUSINESS')) {
    fail(
      adsError(
        400,
        'INVALID_PARAMETER',
        `Account ${granted} belongs to another business; sharing outside the business needs the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature`,
        'granted_account_id',
        req,
      ),
    );
  }
  const now = new Date(st.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  let p = grantOf(a, granted);
  if (p) Object.assign(p, { permission_level: level, updated_at: now });
  else {
    p = {
      id: st.nextId(),
      tailored_audience_id: a.id,
      granted_account_id: granted,
      permission_level: level,
      created_at: now,
      updated_at: now,
      deleted: false,
    };
    a.permissions.push(p);
  }
  return adsOk(req, p, {}, 201);
};

const revokePermission: Handler = (req, st) => {
  const a = visibleAudience(req, st, 'tailored_audience_id');
  requireOwner(req, a);
  const p = a.permissions.find((x) => x.id === req.params.tailored_audience_permission_id);
  if (!p || p.deleted)
    fail(
      adsError(
        404,
        'NOT_FOUND',
        `Permission ${req.params.tailored_audience_permission_id} not found`,
        'tailored_audience_permission_id',
        req,
      ),
    );
  p.deleted = true;
  p.updated_at = new Date(st.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return adsOk(req, p);
};

export function register(r: Router, state: EmulatorState): void {
  // The spec's limit for this endpoint; startEmulator({limits}) may set another.
  state.limiter.overrides[USERS_BUCKET] ??= { max: 1500, windowSec: 60 };

  r.route({
    method: 'POST',
    path: '/12/accounts/:account_id/custom_audiences/:custom_audience_id/users',
    api: 'ads',
    auth: 'user',
    bucket: USERS_BUCKET,
    handler: uploadAudienceUsers,
  });

  r.route({
    method: 'POST',
    path: '/12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users',
    api: 'ads',
    auth: 'user',
    handler: uploadDoNotReachUsers,
  });

  r.route({
    method: 'DELETE',
    path: '/12/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id',
    api: 'ads',
    auth: 'user',
    handler: deleteDoNotReachList,
  });

  // Official /12/…/custom_audiences/:id/permissions; the spec's /5/…/tailored_audiences/:id/permissions.
  const permissionsPaths = spellingsOf(state.names).map((to) =>
    to === 'official'
      ? '/12/accounts/:account_id/custom_audiences/:tailored_audience_id/permissions'
      : '/5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions',
  );
  for (const permissionsPath of permissionsPaths) {
    r.route({ method: 'GET', path: permissionsPath, api: 'ads', auth: 'user', handler: listPermissions });
    r.route({ method: 'POST', path: permissionsPath, api: 'ads', auth: 'user', handler: grantPermission });
    r.route({
      method: 'DELETE',
      path: `${permissionsPath}/:tailored_audience_permission_id`,
      api: 'ads',
      auth: 'user',
      handler: revokePermission,
    });
  }

  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted',
    api: 'ads',
    auth: 'user',
    handler: listTargetingUses,
  });

  r.route({ method: 'GET', path: '/12/insights/keywords/search', api: 'ads', auth: 'user', handler: searchKeywordInsights });
}
