// An agency's book of ad accounts for the emulator's user: many accounts, each
// with its own campaigns, in a few time zones, so `ads stats --accounts all`
// can be run at scale (the benchmark seeds 300 accounts × 20 campaigns; tests
// keep it to a handful). Accounts and campaigns are added to the ordinary
// tables: every route sees them as it sees the seeded ones.
import { accounts } from './ads-support.js';
import { campaigns, type EmuCampaign } from './routes/ads-campaigns.js';
import { EMU_USER, type EmulatorState } from './state.js';

/** Zones the accounts cycle through: behind, on and ahead of UTC, with and without daylight saving. */
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC'];
/** Long before any range a test or benchmark asks for: every campaign has spend on every day asked. */
const SEEDED_AT = '2026-01-05T10:00:00Z';
const MAX_AGENCY_ACCOUNTS = 5000;
const MAX_AGENCY_CAMPAIGNS = 200;

/** The i-th agency account's id: `ag` and four base-36 digits (ag0000, ag0001…), an ads id. */
const agencyAccountId = (i: number): string => `ag${i.toString(36).padStart(4, '0')}`;

/** Adds `count` accounts of the emulator's user, each with `campaignsEach` active campaigns; returns their ids. */
export function seedAgency(state: EmulatorState, count: number, campaignsEach: number): string[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_AGENCY_ACCOUNTS) throw new Error(`accounts must be 1 to ${MAX_AGENCY_ACCOUNTS}`);
  if (!Number.isInteger(campaignsEach) || campaignsEach < 0 || campaignsEach > MAX_AGENCY_CAMPAIGNS)
    throw new Error(`campaigns must be 0 to ${MAX_AGENCY_CAMPAIGNS}`);
  const table = accounts(state);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = agencyAccountId(i);
    ids.push(id);
    if (table.has(id)) continue;
    const name = `Agency client ${i + 1}`;
    table.set(id, {
      id,
      name,
      business_name: `${name} Inc.`,
      business_id: `biz-${id}`,
      timezone: ZONES[i % ZONES.length]!,
      timezone_switch_at: SEEDED_AT,
      approval_status: 'ACCEPTED',
      industry_type: 'TECHNOLOGY',
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
      deleted: false,
      user_ids: [EMU_USER.id],
      sandbox: false,
      features: [],
    });
    const own = campaigns(state, id);
    for (let j = 0; j < campaignsEach; j++) {
      const cid = `${id}c${j.toString(36).padStart(2, '0')}`;
      own.set(cid, agencyCampaign(cid, `${name} campaign ${j + 1}`, `fi${id.slice(-4)}`));
    }
  }
  return ids;
}

function agencyCampaign(id: string, name: string, funding: string): EmuCampaign {
  return {
    id,
    name,
    funding_instrument_id: funding,
    budget_optimization: 'CAMPAIGN',
    daily_budget_amount_local_micro: 50_000_000,
    total_budget_amount_local_micro: null,
    entity_status: 'ACTIVE',
    purchase_order_number: null,
    standard_delivery: null,
    duration_in_days: null,
    frequency_cap: null,
    currency: 'USD',
    servable: true,
    reasons_not_servable: [],
    effective_status: 'RUNNING',
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
    deleted: false,
  };
}
