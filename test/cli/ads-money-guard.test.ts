// The money guard and the paused default of `ads campaigns create` and
// `ads line-items create`, through the built CLI against the emulator: a budget
// above the funding instrument's credit limit and a decimal amount that looks
// like micros are refused (exit 6) with no write — the slip with no request at
// all — naming the limit and the flag meant; --yes-budget sends anyway; what is
// created is PAUSED unless --entity-status says otherwise; batch files get the
// same guard per line, each funding instrument fetched once. Updates of
// campaigns and line items go through the same guard; on a terminal it asks.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_IDS, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { fileEmulator } from '../helpers/emulator.js';
import { futureYear } from '../helpers/clock.js';
import { terminal } from '../helpers/terminal.js';

const emu = fileEmulator();
const Y = futureYear();
const acct = `/12/accounts/${EMU_ACCOUNT}`;

async function run(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json']);
  return Object.assign(r, { sent: emu.state.log.slice(before).map((e) => `${e.method} ${e.path}`) });
}
const campaign = (...extra: string[]) => [
  'ads',
  'campaigns',
  'create',
  '--funding-instrument-id',
  FUNDING_IDS.CARD,
  '--name',
  'Guarded',
  ...extra,
];
const lineItem = (...extra: string[]) => [
  'ads',
  'line-items',
  'create',
  '--campaign',
  CAMPAIGN_IDS.SEEDED,
  '--objective',
  'WEBSITE_CLICKS',
  '--product-type',
  'PROMOTED_TWEETS',
  '--placements',
  'ALL_ON_TWITTER',
  '--start-time',
  `${Y}-03-01T00:00:00Z`,
  '--end-time',
  `${Y}-04-01T00:00:00Z`,
  ...extra,
];

describe('the money guard', () => {
  it('a daily budget above the credit limit: exit 6, only the funding instrument read, the limit and the flag named', async () => {
    const r = await run(campaign('--daily-budget', '500'));
    expect(r.code, r.stderr).toBe(6);
    expect(r.sent).toEqual([`GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`]);
    expect(r.stderr).toContain("--daily-budget 500 USD: the daily budget is above funding instrument lygyi's credit limit of 200 USD");
    expect(r.stderr).toContain('--yes-budget');
  });

  it('a total budget in micros above the limit names the micros flag', async () => {
    const r = await run(campaign('--total-budget-amount-local-micro', '250000000'));
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('--total-budget-amount-local-micro 250000000 (250 USD): the total budget is above');
    expect(r.sent.filter((s) => !s.startsWith('GET'))).toEqual([]);
  });

  it('micros typed into the decimal flag: exit 6 before any request, naming the micros flag', async () => {
    const r = await run(campaign('--daily-budget', '50000000'));
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('--daily-budget 50,000,000 looks like micro units');
    expect(r.stderr).toContain('if you meant 50, give --daily-budget 50 or --daily-budget-amount-local-micro 50000000');
  });

  it('a bid of 2,500,000 through --bid, even in a dry run: exit 6, no request', async () => {
    const r = await run(lineItem('--bid-strategy', 'TARGET', '--bid', '2500000', '--dry-run'));
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('--bid-amount-local-micro 2500000');
  });

  it("a line item's budget is compared with its campaign's funding instrument (campaign and instrument read once each)", async () => {
    const r = await run(lineItem('--bid-strategy', 'AUTO', '--total-budget', '300'));
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([`GET ${acct}/campaigns/${CAMPAIGN_IDS.SEEDED}`, `GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`]);
    expect(r.stderr).toContain('credit limit of 200 USD');
  });

  it('--yes-budget sends it anyway and says what it accepted', async () => {
    const r = await run(campaign('--daily-budget', '500', '--yes-budget'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent).toEqual([`GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`, `POST ${acct}/campaigns`]);
    expect(r.stderr).toContain('--yes-budget: --daily-budget 500 USD: the daily budget is above');
  });

  it('a batch file: the lines over the limit named, nothing created, the instrument read once', async () => {
    const file = join(emu.configDir, 'guarded.jsonl');
    const line = (name: string, daily: string) => JSON.stringify({ funding_instrument_id: FUNDING_IDS.CARD, name, daily_budget: daily });
    writeFileSync(file, [line('a', '5'), line('b', '900'), line('c', '5'), line('d', '7000000')].join('\n'));
    const r = await run(['ads', 'campaigns', 'create', '--file', file]);
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('line 4, daily_budget_amount_local_micro: daily_budget 7,000,000 looks like micro units');
    expect(r.stderr).toContain('give daily_budget 7 or daily_budget_amount_local_micro 7000000');
    writeFileSync(file, [line('a', '5'), line('b', '900'), line('c', '5')].join('\n'));
    const over = await run(['ads', 'campaigns', 'create', '--file', file]);
    expect(over.code).toBe(6);
    expect(over.sent).toEqual([`GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`]);
    expect(over.stderr).toMatch(
      /line 2, daily_budget_amount_local_micro: daily_budget 900 USD: the daily budget is above funding instrument lygyi's credit limit/,
    );
  });
});

describe('created paused', () => {
  it('a new campaign and line item are PAUSED in the emulator, and the output says how to start them', async () => {
    const c = await run(campaign('--daily-budget', '20'));
    expect(c.code, c.stderr).toBe(0);
    const id = c.json().data.id as string;
    expect(c.stderr).toContain(`created campaign ${id}, PAUSED`);
    expect(c.stderr).toContain(`postctl ads campaigns resume ${id}`);
    const li = await run([...lineItem('--bid-strategy', 'AUTO').map((a) => (a === CAMPAIGN_IDS.SEEDED ? id : a))]);
    expect(li.code, li.stderr).toBe(0);
    const liId = li.json().data.id as string;
    expect(li.stderr).toContain(`postctl ads line-items resume ${liId}`);
    expect((await run(['ads', 'campaigns', 'get', id])).json().data.entity_status).toBe('PAUSED');
    expect((await run(['ads', 'line-items', 'get', liId])).json().data.entity_status).toBe('PAUSED');
  });

  it('--entity-status ACTIVE is sent as given, and nothing is said about pausing', async () => {
    const c = await run(campaign('--entity-status', 'active'));
    expect(c.code, c.stderr).toBe(0);
    expect(c.json().data.entity_status).toBe('ACTIVE');
    expect(c.stderr).not.toContain('PAUSED');
  });

  it('batch creates send PAUSED for lines without entity_status and keep the ones given', async () => {
    const file = join(emu.configDir, 'paused.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ funding_instrument_id: FUNDING_IDS.CARD, name: 'p1' }),
        JSON.stringify({ funding_instrument_id: FUNDING_IDS.CARD, name: 'p2', entity_status: 'ACTIVE' }),
      ].join('\n'),
    );
    const r = await run(['ads', 'campaigns', 'create', '--file', file, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().batches[0].body.map((b: { params: { entity_status: string } }) => b.params.entity_status)).toEqual([
      'PAUSED',
      'ACTIVE',
    ]);
  });
});

describe('the money guard on updates', () => {
  const writes = (sent: string[]) => sent.filter((s) => !s.startsWith('GET'));

  it('campaigns update: a daily budget above the credit limit reads the campaign and its instrument, writes nothing', async () => {
    const r = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SEEDED, '--daily-budget', '500']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.sent).toEqual([`GET ${acct}/campaigns/${CAMPAIGN_IDS.SEEDED}`, `GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`]);
    expect(writes(r.sent)).toEqual([]);
    expect(r.stderr).toContain("--daily-budget 500 USD: the daily budget is above funding instrument lygyi's credit limit of 200 USD");
    expect(r.stderr).toContain('--yes-budget');
  });

  it('campaigns update: micros typed into --total-budget, exit 6 before any request, naming the micros flag', async () => {
    const r = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SEEDED, '--total-budget', '250000000', '--no-fetch']);
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('--total-budget 250,000,000 looks like micro units');
    expect(r.stderr).toContain('--total-budget-amount-local-micro 250000000');
  });

  it("line-items update: a total budget above the limit of its campaign's instrument, no write; a micros-looking bid, 0 requests", async () => {
    const r = await run(['ads', 'line-items', 'update', LINE_ITEM_IDS.REACH, '--total-budget', '300']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.sent).toEqual([
      `GET ${acct}/line_items/${LINE_ITEM_IDS.REACH}`,
      `GET ${acct}/campaigns/${CAMPAIGN_IDS.SEEDED}`,
      `GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`,
    ]);
    expect(r.stderr).toContain('--total-budget 300 USD: the total budget is above funding instrument lygyi');
    const slip = await run(['ads', 'line-items', 'update', LINE_ITEM_IDS.WEBSITE_CLICKS, '--bid-strategy', 'TARGET', '--bid', '2500000']);
    expect(slip.code).toBe(6);
    expect(slip.sent).toEqual([]);
    expect(slip.stderr).toContain('--bid-amount-local-micro 2500000');
  });

  it('--yes-budget on an update sends the PUT and says what it accepted', async () => {
    const r = await run([
      'ads',
      'line-items',
      'update',
      LINE_ITEM_IDS.FOLLOWERS,
      '--daily-budget',
      '250',
      '--total-budget',
      '1000',
      '--yes-budget',
      '--no-fetch',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(r.sent)).toEqual([`PUT ${acct}/line_items/${LINE_ITEM_IDS.FOLLOWERS}`]);
    expect(r.stderr).toContain('--yes-budget: --daily-budget 250 USD: the daily budget is above');
  });

  it('on a terminal the guard asks: "n" sends nothing (exit 6), "y" sends the PUT', async () => {
    const ask = async (answer: string) => {
      const before = emu.state.log.length;
      const term = terminal(
        ['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--daily-budget', '500'],
        emu.cliEnv() as Record<string, string>,
      );
      await term.expect(/credit limit of 200 USD[\s\S]*Send these amounts anyway\?/);
      term.type(answer);
      const code = await term.exit;
      return { code, text: term.transcript(), sent: emu.state.log.slice(before).map((e) => `${e.method} ${e.path}`) };
    };
    const no = await ask('n\r');
    expect(no.code, no.text).toBe(6);
    expect(no.text).toContain('the amounts were not confirmed: nothing was sent');
    expect(writes(no.sent)).toEqual([]);
    const yes = await ask('y\r');
    expect(yes.code, yes.text).toBe(0);
    expect(writes(yes.sent)).toEqual([`PUT ${acct}/campaigns/${CAMPAIGN_IDS.SPRING}`]);
  });
});
