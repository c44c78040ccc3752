// Line item creation (campaign-management reference, POST accounts/:account_id/line_items):
// the update table (src/validate/line-item.ts) plus the parameters only a
// create takes, the required ones, and the objective × placements rules of
// https://developer.x.com/en/docs/x-ads-api/campaign-management/overview/placements
// (and GET line_items/placements for PROMOTED_ACCOUNT). The rules that depend on
// the objective and placements (bid strategy, frequency cap, app ids, categories,
// PUBLISHER_NETWORK's domain) are the update's, run against the new line item itself.
import type { InputProblem } from '../errors/cli-error.js';
import { spellings } from '../wire/names.js';
import {
  checkAgainstLineItem,
  checkLineItemParams,
  LINE_ITEM_PARAMS,
  type LineItemParam,
  type LineItemParams,
  type TypedUnits,
} from './line-item.js';
import { commaList } from './rules.js';

const OBJECTIVES = [
  'APP_ENGAGEMENTS',
  'APP_INSTALLS',
  'REACH',
  'FOLLOWERS',
  'ENGAGEMENTS',
  'VIDEO_VIEWS',
  'PREROLL_VIEWS',
  'WEBSITE_CLICKS',
] as const;
/** PROMOTED_TWEETS and the TWITTER_* placements have a neutral spelling too (src/wire/names.ts); either is accepted. */
const PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', ...spellings('enum.product_type.')];
const TAP = ['TAP_BANNER', 'TAP_FULL', 'TAP_FULL_LANDSCAPE', 'TAP_NATIVE', 'TAP_MRECT'];
const PLACEMENTS = ['PUBLISHER_NETWORK', ...TAP, ...spellings('enum.placement.')];

export const LINE_ITEM_CREATE_PARAMS = [
  { name: 'objective', kind: 'enum', values: OBJECTIVES },
  { name: 'product_type', kind: 'enum', values: PRODUCT_TYPES },
  { name: 'placements', kind: 'enums', values: PLACEMENTS },
  { name: 'primary_web_event_tag', kind: 'text' },
  { name: 'standard_delivery', kind: 'enum', values: ['true', 'false'] },
  { name: 'entity_status', kind: 'enum', values: ['ACTIVE', 'DRAFT', 'PAUSED'] },
  ...LINE_ITEM_PARAMS.filter((p) => p.name !== 'entity_status'),
] as const satisfies readonly LineItemParam[];

const REQUIRED = ['campaign_id', 'objective', 'product_type', 'placements', 'start_time', 'end_time'];
/** Objectives that may run on the publisher network (placements page: APP_ENGAGEMENTS, APP_INSTALLS, WEBSITE_CLICKS). */
const NETWORK_OBJECTIVES = ['APP_ENGAGEMENTS', 'APP_INSTALLS', 'WEBSITE_CLICKS'];
const PROMOTED_ACCOUNT_PLACEMENTS = ['ALL_ON_TWITTER', 'TWITTER_TIMELINE', 'ALL_ON_SERVICE', 'SERVICE_TIMELINE'];

/** The objective × product type × placements rules. */
function placementProblems(objective: string, productType: string | undefined, placements: string[]): string[] {
  const out: string[] = [];
  const network = placements.filter((p) => p === 'PUBLISHER_NETWORK' || TAP.includes(p));
  if (network.length && !NETWORK_OBJECTIVES.includes(objective))
    out.push(`${network.join(', ')} is not allowed for the ${objective} objective (only ${NETWORK_OBJECTIVES.join(', ')})`);
  const profile = (p: string) => p === 'TWITTER_PROFILE' || p === 'SERVICE_PROFILE';
  if (placements.length > 0 && placements.every(profile)) out.push('TWITTER_PROFILE cannot be the only placement');
  const timeline = ['ALL_ON_TWITTER', 'ALL_ON_SERVICE', 'TWITTER_TIMELINE', 'SERVICE_TIMELINE'];
  if (objective === 'REACH' && placements.length && !placements.some((p) => timeline.includes(p)))
    out.push('the REACH objective must include TWITTER_TIMELINE (or ALL_ON_TWITTER)');
  if (productType === 'PROMOTED_ACCOUNT') {
    const bad = placements.filter((p) => !PROMOTED_ACCOUNT_PLACEMENTS.includes(p));
    if (bad.length) out.push(`PROMOTED_ACCOUNT line items take only ALL_ON_TWITTER or TWITTER_TIMELINE (got ${bad.join(', ')})`);
  }
  return out;
}

/** Every rule of a line item create; `line` names the input line of a bulk file. */
export function checkLineItemCreate(
  params: LineItemParams,
  typed: TypedUnits,
  line?: number,
): { problems: InputProblem[]; warnings: string[] } {
  const own = checkLineItemParams(params, typed, LINE_ITEM_CREATE_PARAMS);
  const problems = [...own.problems];
  const warnings = [...own.warnings];
  for (const r of REQUIRED) if (params[r] === undefined) problems.push({ field: r, message: 'is required to create a line item' });
  if (params.goal === 'WEBSITE_CONVERSIONS' && params.primary_web_event_tag === undefined)
    problems.push({ field: 'primary_web_event_tag', message: 'is required when goal is WEBSITE_CONVERSIONS' });
  const objective = params.objective;
  if (objective && (OBJECTIVES as readonly string[]).includes(objective)) {
    const placements = commaList(params.placements);
    for (const m of placementProblems(objective, params.product_type, placements)) problems.push({ field: 'placements', message: m });
    const dependent = checkAgainstLineItem(params, { objective, placements }, typed);
    problems.push(...dependent.problems);
    warnings.push(...dependent.warnings);
  }
  return { problems: line === undefined ? problems : problems.map((p) => ({ ...p, line })), warnings };
}
