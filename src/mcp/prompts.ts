// MCP prompts for the jobs agents are asked for most, each a worked plan in terms of this server's tools and
// their inputs, with the units and the safety step spelt out (every write as a dry run first, shown to the
// user). Clients offer them as slash commands or templates; docs/agents.md has the same plans for agents that
// read files instead.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { GetPromptRequestSchema, ListPromptsRequestSchema, McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';

interface Prompt {
  name: string;
  title: string;
  description: string;
  arguments: Array<{ name: string; description: string; required?: boolean }>;
  text: (args: Record<string, string>) => string;
}

const account = (a: Record<string, string>) =>
  a.account ? `account: "${a.account}"` : 'the profile’s default account (leave account out)';

const UNITS =
  'Spend is metrics.spend, in the ad account’s currency (the result’s currency); *_local_micro values are micros (divide by 1,000,000). Days are the account’s own time zone (the result’s time_zone), not yours.';

const PROMPTS: readonly Prompt[] = [
  {
    name: 'spend_yesterday',
    title: 'Yesterday’s spend by campaign',
    description: 'Spend, impressions and engagements per campaign for yesterday (the ad account’s day), highest spend first.',
    arguments: [{ name: 'account', description: 'ad account id (default: the profile’s)' }],
    text: (a) =>
      [
        `Report yesterday’s ad spend by campaign for ${account(a)}.`,
        `1. Call ads_stats with { entity: "CAMPAIGN", range: "yesterday", metric_groups: ["BILLING", "ENGAGEMENT"], active: true${a.account ? `, account: "${a.account}"` : ''} } — active: true finds the campaigns that ran, so no ids are needed. One or two requests.`,
        '2. For each campaign, sum metrics.spend, impressions and engagements; sort by spend, highest first; give the total.',
        `3. ${UNITS}`,
        'Answer with a short table (campaign name, id, spend, impressions, engagements) and the total. Change nothing.',
      ].join('\n'),
  },
  {
    name: 'weekly_client_report',
    title: 'Weekly client report',
    description:
      'Last week’s (Monday to Sunday, the account’s time zone) results per campaign, with totals and derived rates, as a short report for a client.',
    arguments: [
      { name: 'account', description: 'ad account id (default: the profile’s)' },
      { name: 'client', description: 'the client’s name, for the report’s title' },
    ],
    text: (a) =>
      [
        `Write a weekly report${a.client ? ` for ${a.client}` : ''} on ${account(a)}.`,
        `1. Call ads_stats with { entity: "CAMPAIGN", range: "last-week", metric_groups: ["ENGAGEMENT", "BILLING"], active: true, totals: true, derived: true${a.account ? `, account: "${a.account}"` : ''} }.`,
        '2. If the result is cut (a cursor in the summary), call ads_stats again with just { cursor } until it is complete.',
        '3. Also call ads_campaigns_list with { columns: ["id", "name", "entity_status", "daily_budget_amount_local_micro"] } for names, status and budgets.',
        `4. ${UNITS}`,
        'Write: the week’s totals (spend, impressions, engagements, cost per engagement), the three best and worst campaigns by cost per engagement, any campaign that spent nothing, and one line of advice. Change nothing.',
      ].join('\n'),
  },
  {
    name: 'pause_over_pace',
    title: 'Pause campaigns over pace (dry run first)',
    description:
      'Find active campaigns spending faster than their daily budget allows today, and pause them — as a dry run first, then only after the user agrees.',
    arguments: [
      { name: 'account', description: 'ad account id (default: the profile’s)' },
      { name: 'tolerance', description: 'percent over pace that is allowed (default 10)' },
    ],
    text: (a) => {
      const tolerance = /^\d{1,3}$/.test(a.tolerance ?? '') ? Number(a.tolerance) : 10;
      const acct = a.account ? `, account: "${a.account}"` : '';
      return [
        `Find campaigns of ${account(a)} that are over pace today, and pause them only with the user’s consent.`,
        `1. Call ads_campaigns_list with { columns: ["id", "name", "entity_status", "daily_budget_amount_local_micro"]${acct} }; keep the ACTIVE ones with a daily budget.`,
        `2. Call ads_stats with { entity: "CAMPAIGN", entity_ids: [those ids], from: "today", to: "today", metric_groups: ["BILLING"], granularity: "TOTAL"${acct} }. Note the result’s time_zone: the day so far is measured there.`,
        `3. A campaign is over pace when today’s spend > daily budget (micros / 1,000,000) × (share of the account’s day gone by) × ${1 + tolerance / 100}. ${UNITS}`,
        `4. Call ads_campaigns_pause with { campaign_ids: [the over-pace ids], dry_run: true${acct} } and show the user the plan it returns, with each campaign’s spend, budget and pace.`,
        '5. Only if the user says yes, call ads_campaigns_pause again without dry_run (the server must run with --allow-writes; if it answers writes_not_allowed, tell the user and stop). Never pause anything that was not in the dry run.',
      ].join('\n');
    },
  },
];

/** Declares the prompts on the server (the prompts capability) and answers prompts/list and prompts/get. */
export function registerPrompts(server: Server): void {
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    const p = PROMPTS.find((x) => x.name === req.params.name);
    if (!p) throw new McpError(ErrorCode.InvalidParams, `unknown prompt ${JSON.stringify(req.params.name)}`);
    const args = Object.fromEntries(Object.entries(req.params.arguments ?? {}).map(([k, v]) => [k, String(v).slice(0, 200)]));
    return { description: p.description, messages: [{ role: 'user' as const, content: { type: 'text' as const, text: p.text(args) } }] };
  });
}
