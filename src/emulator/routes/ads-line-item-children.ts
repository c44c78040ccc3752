// Promoted accounts, scheduled promoted posts, tracking tags and line item
// placements (campaign-management reference), with the emulator's own tables:
// POST takes line_item_id (an existing line item of the account) and the
// entity's own required parameters; none can be updated but a tracking tag's
// URL; DELETE marks deleted; lists filter by line_item_ids and own ids (up to
// 200) and page like the other ads lists. scheduled_promoted_tweets and
// scheduled_tweet_id are `scheduled_promoted_posts` / `scheduled_post_id` in the
// neutral spelling.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import { incoming, outgoing, replySpelling, spell, spellingsOf, type Spelling } from '../spelling.js';
import type { EmuRequest } from '../types.js';
import { nowIso, rejectUnknown } from './ads-core-common.js';
import { findLineItem, LINE_ITEM_IDS, lineItems } from './ads-core-line-items.js';

type Row = Record<string, unknown> & { id: string; line_item_id: string; deleted: boolean };

interface Kind {
  /** Internal (neutral) path segment, state key, id parameter and the own-ids filter. */
  segment: string;
  idParam: string;
  idsFilter: string;
  /** Parameters a POST must carry besides line_item_id, each with its check (a message when bad). */
  create: Record<string, (v: string) => string | undefined>;
  /** Fields a new row starts with. */
  fresh: (params: Record<string, string>) => Record<string, unknown>;
  updatable?: string[];
}

const LONG = (v: string) => (/^\d{1,19}$/.test(v) ? undefined : 'must be a long');
const TAG_TYPES = ['IMPRESSION_TAG', 'CLICK_TRACKER'];

const KINDS: Record<string, Kind> = {
  promoted_accounts: {
    segment: 'promoted_accounts',
    idParam: 'promoted_account_id',
    idsFilter: 'promoted_account_ids',
    create: { user_id: LONG },
    fresh: (p) => ({ user_id: p.user_id, entity_status: 'ACTIVE', approval_status: 'ACCEPTED' }),
  },
  scheduled_promoted_posts: {
    segment: 'scheduled_promoted_posts',
    idParam: 'scheduled_promoted_post_id',
    idsFilter: 'scheduled_promoted_post_ids',
    create: { scheduled_post_id: LONG },
    fresh: (p) => ({ scheduled_post_id: p.scheduled_post_id, post_id: null }),
  },
  tracking_tags: {
    segment: 'tracking_tags',
    idParam: 'tracking_tag_id',
    idsFilter: 'tracking_tag_ids',
    create: {
      tracking_tag_type: (v) => (TAG_TYPES.includes(v) ? undefined : `must be one of ${TAG_TYPES.join(', ')}`),
      tracking_tag_url: (v) => (/^https?:\/\/\S+$/.test(v) ? undefined : 'must be a URL'),
    },
    fresh: (p) => ({ tracking_tag_type: p.tracking_tag_type, tracking_tag_url: p.tracking_tag_url }),
    updatable: ['tracking_tag_url'],
  },
};

/** Seeded ids, for tests. */
export const CHILD_IDS = { PROMOTED_ACCOUNT: '19pl2', SCHEDULED: '1xboq', TRACKING_TAG: '3m82' } as const;
const SEEDED_AT = '2026-01-05T10:00:00Z';

function rows(state: EmulatorState, kind: Kind): Map<string, Row> {
  return state.slice(`ads.children.${kind.segment}`, () => {
    const seed: Record<string, Row> = {
      promoted_accounts: {
        id: CHILD_IDS.PROMOTED_ACCOUNT,
        line_item_id: LINE_ITEM_IDS.FOLLOWERS,
        user_id: '756201191646691328',
        entity_status: 'ACTIVE',
        approval_status: 'ACCEPTED',
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
        deleted: false,
      },
      scheduled_promoted_posts: {
        id: CHILD_IDS.SCHEDULED,
        line_item_id: LINE_ITEM_IDS.ENGAGEMENTS,
        scheduled_post_id: '870366669373194240',
        post_id: null,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
        deleted: false,
      },
      tracking_tags: {
        id: CHILD_IDS.TRACKING_TAG,
        line_item_id: LINE_ITEM_IDS.ENGAGEMENTS,
        tracking_tag_type: 'IMPRESSION_TAG',
        tracking_tag_url: 'https://ad.doubleclick.net/ddm/trackimp/N1234.1;dc_trk_aid=1355',
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
        deleted: false,
      },
    };
    return new Map([[seed[kind.segment]!.id, seed[kind.segment]!]]);
  });
}

/** The rows of the account (their line item is one of its own). */
function own(req: EmuRequest, state: EmulatorState, kind: Kind): Row[] {
  const lis = lineItems(state, req.params.account_id!);
  return [...rows(state, kind).values()].filter((r) => lis.has(r.line_item_id));
}

function find(req: EmuRequest, state: EmulatorState, kind: Kind, withDeleted: boolean): Row {
  const id = req.params.id!;
  const row = own(req, state, kind).find((r) => r.id === id);
  if (!row || (row.deleted && !withDeleted)) fail(adsError(404, 'NOT_FOUND', `${kind.idParam} ${id} not found`, kind.idParam, req));
  return row;
}

function list(req: EmuRequest, state: EmulatorState, kind: Kind, to: Spelling) {
  requireAccount(req, state);
  const idsParam = spell('param', kind.idsFilter, to);
  rejectUnknown(req, ['count', 'cursor', 'line_item_ids', idsParam, 'sort_by', 'with_deleted', 'with_total_count']);
  const ids = (name: string) => {
    const v = req.query.get(name)?.split(',');
    if (v && v.length > 200) fail(adsError(400, 'INVALID_PARAMETER', `${name} takes at most 200 ids`, name, req));
    return v;
  };
  const lis = ids('line_item_ids');
  const mine = ids(idsParam);
  const items = own(req, state, kind).filter((r) => (!lis || lis.includes(r.line_item_id)) && (!mine || mine.includes(r.id)));
  const page = pageOf(req, items, { min: 1, max: 1000, def: 200 });
  return adsOk(req, outgoing(page.data, to), {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

function create(req: EmuRequest, state: EmulatorState, kind: Kind, to: Spelling) {
  requireAccount(req, state);
  const names = Object.keys(kind.create);
  rejectUnknown(req, ['line_item_id', ...names.map((n) => spell('param', n, to))]);
  const liId = req.query.get('line_item_id');
  if (!liId) fail(adsError(400, 'MISSING_PARAMETER', 'line_item_id is required', 'line_item_id', req));
  const params: Record<string, string> = {};
  for (const n of names) {
    const wireName = spell('param', n, to);
    const v = req.query.get(wireName);
    if (v === null || v === undefined || v === '') fail(adsError(400, 'MISSING_PARAMETER', `${wireName} is required`, wireName, req));
    const bad = kind.create[n]!(v);
    if (bad) fail(adsError(400, 'INVALID_PARAMETER', `${wireName} ${bad}`, wireName, req));
    params[n] = v;
  }
  const li = findLineItem(req, state, liId);
  const m = rows(state, kind);
  const at = nowIso(state);
  const s = state.slice(`ads.children.${kind.segment}.next`, () => ({ n: 0 }));
  const row: Row = {
    id: `c${(++s.n).toString(36).padStart(4, '0')}`,
    line_item_id: li.id,
    ...kind.fresh(params),
    created_at: at,
    updated_at: at,
    deleted: false,
  };
  m.set(row.id, row);
  return adsOk(req, outgoing(row, to), {}, 201);
}

function update(req: EmuRequest, state: EmulatorState, kind: Kind) {
  requireAccount(req, state);
  const allowed = kind.updatable ?? [];
  rejectUnknown(req, allowed);
  const row = find(req, state, kind, false);
  for (const k of allowed) {
    const v = req.query.get(k);
    if (v === null || v === undefined) fail(adsError(400, 'MISSING_PARAMETER', `${k} is required`, k, req));
    const bad = kind.create[k]?.(v);
    if (bad) fail(adsError(400, 'INVALID_PARAMETER', `${k} ${bad}`, k, req));
    row[k] = v;
  }
  row.updated_at = nowIso(state);
  return adsOk(req, row);
}

/** "Retrieve valid placement and product_type combinations" (the reference's example for PROMOTED_ACCOUNT). */
const PLACEMENTS: Record<string, string[][]> = {
  MEDIA: [['PUBLISHER_NETWORK']],
  PROMOTED_ACCOUNT: [['ALL_ON_SERVICE'], ['SERVICE_TIMELINE']],
  PROMOTED_POSTS: [
    ['ALL_ON_SERVICE'],
    ['ALL_ON_SERVICE', 'PUBLISHER_NETWORK'],
    ['PUBLISHER_NETWORK'],
    ['SERVICE_PROFILE'],
    ['SERVICE_SEARCH'],
    ['SERVICE_TIMELINE'],
    ['SERVICE_PROFILE', 'SERVICE_TIMELINE'],
    ['SERVICE_REPLIES'],
  ],
};

function placements(req: EmuRequest, state: EmulatorState) {
  rejectUnknown(req, ['product_type']);
  const given = req.query.get('product_type');
  const to = replySpelling(state.names);
  let types = Object.keys(PLACEMENTS);
  if (given !== null && given !== undefined) {
    const { name, known } = incoming('value', given, state.names);
    if (!known || !PLACEMENTS[name])
      fail(
        adsError(
          400,
          'INVALID_PARAMETER',
          `product_type must be one of ${types.map((t) => spell('value', t, to)).join(', ')}`,
          'product_type',
          req,
        ),
      );
    types = [name];
  }
  const data = types.map((t) => ({ product_type: t, placements: PLACEMENTS[t] }));
  return adsOk(req, outgoing(data, to));
}

export function register(r: Router, state: EmulatorState): void {
  for (const kind of Object.values(KINDS)) {
    for (const to of spellingsOf(state.names)) {
      const path = `/12/accounts/:account_id/${spell('path', kind.segment, to)}`;
      if (to === 'official' && spell('path', kind.segment, 'official') === kind.segment && spellingsOf(state.names).length > 1) continue;
      r.route({ method: 'GET', path, api: 'ads', auth: 'user', handler: (req, st) => list(req, st, kind, to) });
      r.route({ method: 'POST', path, api: 'ads', auth: 'user', handler: (req, st) => create(req, st, kind, to) });
      r.route({
        method: 'GET',
        path: `${path}/:id`,
        api: 'ads',
        auth: 'user',
        handler: (req, st) => {
          requireAccount(req, st);
          rejectUnknown(req, ['with_deleted']);
          return adsOk(req, outgoing(find(req, st, kind, req.query.get('with_deleted') === 'true'), to));
        },
      });
      r.route({
        method: 'DELETE',
        path: `${path}/:id`,
        api: 'ads',
        auth: 'user',
        handler: (req, st) => {
          requireAccount(req, st);
          const row = find(req, st, kind, false);
          Object.assign(row, { deleted: true, updated_at: nowIso(st) });
          return adsOk(req, outgoing(row, to));
        },
      });
      if (kind.updatable)
        r.route({ method: 'PUT', path: `${path}/:id`, api: 'ads', auth: 'user', handler: (req, st) => update(req, st, kind) });
    }
  }
  r.route({ method: 'GET', path: '/12/line_items/placements', api: 'ads', auth: 'user', handler: placements });
}
