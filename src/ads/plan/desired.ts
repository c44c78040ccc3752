// The file's tree as the plan compares it: every field as the API's parameter
// text (money converted from decimals exactly, lists comma-joined, enums in
// the selected wire spelling), checked with the same rule tables as the
// create and update verbs. Problems carry the file path of the field, so the
// caller can give each one its line.
import { CAMPAIGN_CREATE_PARAMS, checkCampaign } from '../../validate/campaign.js';
import { LINE_ITEM_CREATE_PARAMS } from '../../validate/line-item-create.js';
import { checkLineItemParams, type LineItemParam, type TypedUnits } from '../../validate/line-item.js';
import { toMicros } from '../../validate/money.js';
import { BAD_POST, parsePostRef } from '../../validate/platform-ids.js';
import { respell, type NameStyle } from '../../wire/names.js';
import { Num, type Value } from './source.js';

export interface PathProblem {
  path: string;
  message: string;
}

interface DesiredCriterion {
  targeting_type: string;
  targeting_value: string;
  operator_type: string;
  path: string;
}

interface DesiredPost {
  post_id: string;
  path: string;
}

interface DesiredEntity {
  id?: string;
  name: string;
  /** API parameter → its text, only the fields the file sets. */
  params: Record<string, string>;
  /** Money fields the file gave as decimals (the parameter → the file's key), for messages in currency units. */
  typed: TypedUnits;
  path: string;
}

export interface DesiredLineItem extends DesiredEntity {
  targeting: DesiredCriterion[];
  posts: DesiredPost[];
  /** The file has a `targeting` key here: its list is the line item's whole targeting (what it lacks is deleted). */
  ownsTargeting: boolean;
  /** The same for `promoted_posts`. */
  ownsPosts: boolean;
}

export interface DesiredCampaign extends DesiredEntity {
  lineItems: DesiredLineItem[];
}

export interface DesiredTree {
  account?: string;
  /** `prune: account`: pruning may delete the account's campaigns the file does not name. */
  pruneAccount?: boolean;
  campaigns: DesiredCampaign[];
}

/** The decimal shorthands and the micros field each sets. */
const SHORTHANDS: Record<string, string> = {
  daily_budget: 'daily_budget_amount_local_micro',
  total_budget: 'total_budget_amount_local_micro',
  bid: 'bid_amount_local_micro',
};

/** Fields the file may hold that are not parameters of the create (children, identity). */
const STRUCTURE = new Set(['id', 'line_items', 'targeting', 'promoted_posts']);
/** Fields a create takes but an update cannot change. */
export const CREATE_ONLY: Record<'campaign' | 'line_item', readonly string[]> = {
  campaign: ['funding_instrument_id'],
  line_item: ['objective', 'product_type', 'placements', 'primary_web_event_tag', 'standard_delivery'],
};

type Obj = { [key: string]: Value };
const text = (v: Value): string => (Array.isArray(v) ? v.map(String).join(',') : String(v));
const isObj = (v: Value | undefined): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Num);

/** One entity's fields as parameters, checked against `table`; shorthands converted. */
function paramsOf(obj: Obj, path: string, table: readonly LineItemParam[], problems: PathProblem[]) {
  const params: Record<string, string> = {};
  const typed: TypedUnits = {};
  for (const [key, value] of Object.entries(obj)) {
    if (STRUCTURE.has(key) || value === null) continue;
    const wire = SHORTHANDS[key];
    if (wire) {
      if (obj[wire] !== undefined && obj[wire] !== null) {
        problems.push({ path: `${path}.${key}`, message: `give ${key} or ${wire}, not both` });
        continue;
      }
      try {
        params[wire] = toMicros(text(value)).toString();
        typed[wire] = key;
      } catch (e) {
        problems.push({ path: `${path}.${key}`, message: (e as Error).message });
      }
    } else if (table.some((p) => p.name === key)) params[key] = text(value);
  }
  return { params, typed };
}

/** Problems a checker reports by parameter name, placed on the file's key (the shorthand when one was used). */
function place(path: string, typed: TypedUnits, found: Array<{ field?: string; message: string }>, problems: PathProblem[]): void {
  for (const p of found) {
    const key = p.field ? (typed[p.field] ?? p.field) : '';
    problems.push({ path: key ? `${path}.${key}` : path, message: p.message });
  }
}

const notRequired = (p: { message: string }) => !/is required to create/.test(p.message);

function lineItemOf(obj: Obj, path: string, style: NameStyle, problems: PathProblem[]): DesiredLineItem {
  const { params, typed } = paramsOf(obj, path, LINE_ITEM_CREATE_PARAMS, problems);
  if (params.product_type) params.product_type = respell('enum.product_type.', params.product_type, style);
  if (params.placements)
    params.placements = params.placements
      .split(',')
      .map((p) => respell('enum.placement.', p.trim(), style))
      .sort()
      .join(',');
  if (params.categories) params.categories = params.categories.split(',').sort().join(',');
  // Rules of the fields themselves; those that depend on the objective and placements run when the plan
  // creates the line item or changes them (an existing line item is compared, not re-judged).
  place(path, typed, checkLineItemParams(params, typed, LINE_ITEM_CREATE_PARAMS).problems, problems);
  const targeting: DesiredCriterion[] = [];
  const seen = new Set<string>();
  (Array.isArray(obj.targeting) ? obj.targeting : []).forEach((t, i) => {
    if (!isObj(t)) return;
    const c = {
      targeting_type: text(t.targeting_type ?? ''),
      targeting_value: text(t.targeting_value ?? ''),
      operator_type: t.operator_type ? text(t.operator_type) : 'EQ',
      path: `${path}.targeting[${i}]`,
    };
    const key = `${c.targeting_type}\u0000${c.targeting_value}`;
    if (seen.has(key))
      problems.push({ path: c.path, message: `${c.targeting_type} ${c.targeting_value} is listed twice on this line item` });
    seen.add(key);
    targeting.push(c);
  });
  const posts: DesiredPost[] = [];
  const seenPosts = new Set<string>();
  (Array.isArray(obj.promoted_posts) ? obj.promoted_posts : []).forEach((p, i) => {
    const at = `${path}.promoted_posts[${i}]`;
    const id = parsePostRef(text(p));
    if (!id) {
      problems.push({ path: at, message: BAD_POST(text(p)) });
      return;
    }
    if (seenPosts.has(id)) problems.push({ path: at, message: `post ${id} is listed twice on this line item` });
    seenPosts.add(id);
    posts.push({ post_id: id, path: at });
  });
  const owns = (key: string) => obj[key] !== undefined && obj[key] !== null;
  return { ...idName(obj), params, typed, path, targeting, posts, ownsTargeting: owns('targeting'), ownsPosts: owns('promoted_posts') };
}

const idName = (obj: Obj) => ({ ...(typeof obj.id === 'string' ? { id: obj.id } : {}), name: text(obj.name ?? '') });

function campaignOf(obj: Obj, path: string, style: NameStyle, problems: PathProblem[]): DesiredCampaign {
  const { params, typed } = paramsOf(obj, path, CAMPAIGN_CREATE_PARAMS, problems);
  place(path, typed, checkCampaign(params, typed, 'create').filter(notRequired), problems);
  const lineItems: DesiredLineItem[] = [];
  const names = new Map<string, number>();
  (Array.isArray(obj.line_items) ? obj.line_items : []).forEach((li, i) => {
    if (!isObj(li)) return;
    const item = lineItemOf(li, `${path}.line_items[${i}]`, style, problems);
    const first = names.get(item.name);
    if (first !== undefined)
      problems.push({
        path: `${item.path}.name`,
        message: `line item name ${JSON.stringify(item.name)} is used twice in this campaign (line_items[${first}])`,
      });
    else names.set(item.name, i);
    lineItems.push(item);
  });
  return { ...idName(obj), params, typed, path, lineItems };
}

/** The tree of a file that passed the schema; `problems` gets every rule broken. */
export function desiredTree(value: Value, style: NameStyle, problems: PathProblem[]): DesiredTree {
  const root = isObj(value) ? value : {};
  const campaigns: DesiredCampaign[] = [];
  const names = new Map<string, number>();
  (Array.isArray(root.campaigns) ? root.campaigns : []).forEach((c, i) => {
    if (!isObj(c)) return;
    const campaign = campaignOf(c, `campaigns[${i}]`, style, problems);
    const first = names.get(campaign.name);
    if (first !== undefined)
      problems.push({
        path: `${campaign.path}.name`,
        message: `campaign name ${JSON.stringify(campaign.name)} is used twice (campaigns[${first}])`,
      });
    else names.set(campaign.name, i);
    campaigns.push(campaign);
  });
  return {
    ...(typeof root.account === 'string' ? { account: root.account } : {}),
    ...(root.prune === 'account' ? { pruneAccount: true } : {}),
    campaigns,
  };
}
