// Campaigns as code with a client's money, through the built CLI against the
// emulator: a targeting value changed in the file (en → es) is one delete and
// one create and the line item ends with es only; --prune stays inside the
// campaigns the file names (campaigns need `prune: account` or
// --prune-account); a delete of a live campaign (ACTIVE, spend in the last 7
// days by the emulator's stats) is marked and needs --yes-live off a terminal
// (exit 2, nothing sent) and the account's name typed on one (a "y" is
// refused); plan reports a micros slip, an over-limit budget and the sum of
// total budgets together (exit 6, nothing sent); batch bodies carry the JSON
// types the reference gives each parameter.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { CAMPAIGN_IDS, campaignStore } from '../../src/emulator/routes/ads-campaigns.js';
import { tempDir } from '../helpers/cli.js';
import { fixture } from '../helpers/contract.js';
import { futureYear } from '../helpers/clock.js';
import { testEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';

const Y = futureYear();
/** An emulator account with no campaigns ("Tokyo Ads"), and the card seeded for it (credit limit 200 USD). */
const ACCT = '9iqxk2';
const CARD = 'fiqxk2';

const lineItem = (name: string, extra = '') => `      - name: ${name}
        objective: ENGAGEMENTS
        product_type: PROMOTED_TWEETS
        placements: [ALL_ON_TWITTER]
        bid_strategy: MAX
        bid: 2.5
        start_time: ${Y}-03-01T00:00:00Z
        end_time: ${Y}-04-01T00:00:00Z
${extra}`;
const campaign = (name: string, items: string, money = '    daily_budget: 5\n') =>
  `  - name: ${name}\n    funding_instrument_id: ${CARD}\n${money}    line_items:\n${items}`;
const file = (...campaigns: string[]) => `account: ${ACCT}\ncampaigns:\n${campaigns.join('')}`;

function fileWith(text: string, name = 'campaigns.yaml'): string {
  const path = join(tempDir('postctl-trust-'), name);
  writeFileSync(path, text);
  return path;
}

async function setup(onTestFinished: TestContext['onTestFinished']) {
  const emu = await testEmulator();
  onTestFinished(() => emu.close());
  const run = async (args: string[]) => {
    const before = emu.state.log.length;
    const r = await emu.run(args);
    return Object.assign(r, { sent: emu.state.log.slice(before) });
  };
  const named = (name: string) =>
    [...(campaignStore(emu.state).campaigns.get(ACCT)?.values() ?? [])].filter((c) => c.name === name && !c.deleted);
  /** A campaign made live: ACTIVE, created three days ago (so the emulator's stats give it spend). */
  const makeLive = (name: string) => {
    const c = named(name)[0]!;
    c.entity_status = 'ACTIVE';
    c.created_at = new Date(Date.now() - 3 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
  };
  return { emu, run, named, makeLive };
}
const writes = <T extends { method: string }>(log: T[]): T[] => log.filter((e) => e.method !== 'GET');
const shape = (e: { method: string; path: string }) => `${e.method} ${e.path.replace(/\/[a-z0-9]+$/, '/:id')}`;

describe.concurrent("a line item's lists are the file's", () => {
  it('LANGUAGE en → es plans one delete and one create side by side; the line item ends with es only', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const targeting = (lang: string) =>
      `        targeting:\n          - {targeting_type: LOCATION, targeting_value: 96683cc9126741d1}\n          - {targeting_type: LANGUAGE, targeting_value: ${lang}}\n`;
    expect((await run(['ads', 'apply', fileWith(file(campaign('Spring', lineItem('Timeline', targeting('en'))))), '--yes'])).code).toBe(0);
    const swapped = fileWith(file(campaign('Spring', lineItem('Timeline', targeting('es')))));
    const plan = await run(['ads', 'plan', swapped, '-o', 'table']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /^- delete targeting "Spring" \/ "Timeline" \/ LANGUAGE en EQ \(\w+\)\n\+ create targeting "Spring" \/ "Timeline" \/ LANGUAGE es EQ\nPlan: 1 to create, 0 to update, 1 to delete\.\n$/,
    );
    const r = await run(['ads', 'apply', swapped, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(r.sent).map(shape)).toEqual([
      `DELETE /12/accounts/${ACCT}/targeting_criteria/:id`,
      `POST /12/batch/accounts/${ACCT}/targeting_criteria`,
    ]);
    const exported = (await run(['ads', 'export', '--account', ACCT])).json();
    const criteria = exported.campaigns[0].line_items[0].targeting as Array<{ targeting_type: string; targeting_value: string }>;
    expect(criteria.filter((t) => t.targeting_type === 'LANGUAGE').map((t) => t.targeting_value)).toEqual(['es']);
    expect(criteria).toHaveLength(2);
    expect((await run(['ads', 'plan', swapped, '--detailed-exitcode'])).code).toBe(0);
  });
});

describe.concurrent('prune has a scope', () => {
  it('--prune with a file naming 1 of 3 campaigns deletes no campaign, only the line item it leaves out', async ({ onTestFinished }) => {
    const { run, named } = await setup(onTestFinished);
    const three = file(campaign('A', lineItem('X') + lineItem('Y')), campaign('B', lineItem('X')), campaign('C', lineItem('X')));
    expect((await run(['ads', 'apply', fileWith(three), '--yes'])).code).toBe(0);
    const one = file(campaign('A', lineItem('X')));
    const r = await run(['ads', 'apply', fileWith(one), '--prune', '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(r.sent).map(shape)).toEqual([`DELETE /12/accounts/${ACCT}/line_items/:id`]);
    expect(['A', 'B', 'C'].map((n) => named(n).length)).toEqual([1, 1, 1]);
    // Campaigns go only when the file says so, or --prune-account; `prune: account` without --prune deletes nothing.
    const kinds = async (text: string, flags: string[]) =>
      (await run(['ads', 'plan', fileWith(text), ...flags, '-o', 'json'])).json().operations.map((o: { kind: string }) => o.kind);
    expect(await kinds(one, ['--prune-account'])).toEqual(['campaign', 'campaign']);
    expect(await kinds(`prune: account\n${one}`, ['--prune'])).toEqual(['campaign', 'campaign']);
    expect(await kinds(`prune: account\n${one}`, [])).toEqual([]);
  });
});

describe.concurrent('live deletes', () => {
  it('are marked with their spend and summarised; apply without --yes-live is exit 2 with nothing sent', async ({ onTestFinished }) => {
    const { run, named, makeLive } = await setup(onTestFinished);
    expect((await run(['ads', 'apply', fileWith(file(campaign('A', lineItem('X')), campaign('B', lineItem('X')))), '--yes'])).code).toBe(0);
    makeLive('B');
    const one = fileWith(file(campaign('A', lineItem('X'))));
    const plan = await run(['ads', 'plan', one, '--prune-account', '-o', 'table']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/- delete campaign "B" \(\w+\)\n {4}! live: ACTIVE; spent [\d.]+ USD in the last 7 days\n/);
    expect(plan.stdout).toMatch(/Plan: 0 to create, 0 to update, 1 to delete\.\n! 1 live campaign will stop\.\n$/);
    const json = (await run(['ads', 'plan', one, '--prune-account', '-o', 'json'])).json();
    expect(json.summary.live).toBe(1);
    expect(BigInt(json.operations[0].live.spent_local_micro)).toBeGreaterThan(0n);
    // The one stats request of the plan: the campaign being deleted, TOTAL over the last 7 days.
    const stats = plan.sent.filter((e) => e.path === `/12/stats/accounts/${ACCT}`);
    expect(stats).toHaveLength(1);
    const off = await run(['ads', 'apply', one, '--prune-account', '--yes']);
    expect(off.code).toBe(2);
    expect(off.stderr).toContain('1 live campaign will stop: stopping live campaigns or line items needs --yes-live; nothing was sent');
    expect(writes(off.sent)).toEqual([]);
    expect(named('B')).toHaveLength(1);
    const yes = await run(['ads', 'apply', one, '--prune-account', '--yes', '--yes-live']);
    expect(yes.code, yes.stderr).toBe(0);
    expect(named('B')).toHaveLength(0);
  });

  it('a pause of an ACTIVE campaign is live too; a campaign created PAUSED with no spend is not', async ({ onTestFinished }) => {
    const { run, makeLive } = await setup(onTestFinished);
    const two = (status: string) =>
      file(campaign('A', lineItem('X'), `    daily_budget: 5\n    entity_status: ${status}\n`), campaign('B', lineItem('X')));
    expect((await run(['ads', 'apply', fileWith(two('PAUSED')), '--yes'])).code).toBe(0);
    const deleteB = await run(['ads', 'plan', fileWith(file(campaign('A', lineItem('X')))), '--prune-account', '-o', 'json']);
    expect(deleteB.json().operations.map((o: { live?: unknown }) => o.live ?? null)).toEqual([null]);
    makeLive('A');
    const pause = await run(['ads', 'apply', fileWith(two('PAUSED')), '--yes']);
    expect(pause.code).toBe(2);
    expect(pause.stderr).toContain('1 live campaign will stop');
    expect(writes(pause.sent)).toEqual([]);
  });

  it('when the stats cannot be read, every stop counts as live (spend unknown): the gate does not open on an error', async ({
    onTestFinished,
  }) => {
    const { emu, run } = await setup(onTestFinished);
    expect((await run(['ads', 'apply', fileWith(file(campaign('A', lineItem('X')), campaign('B', lineItem('X')))), '--yes'])).code).toBe(0);
    emu.state.faults.add({ kind: 'status', status: 403, path: `/stats/accounts/${ACCT}` });
    const one = fileWith(file(campaign('A', lineItem('X'))));
    const off = await run(['ads', 'apply', one, '--prune-account', '--yes']);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/- delete campaign "B" \(\w+\)\n {4}! live: spend in the last 7 days unknown \(/);
    expect(writes(off.sent)).toEqual([]);
  });

  it('on a terminal a "y" is refused and the account\'s name typed back proceeds', async ({ onTestFinished }) => {
    const { emu, run, named, makeLive } = await setup(onTestFinished);
    expect((await run(['ads', 'apply', fileWith(file(campaign('A', lineItem('X')), campaign('B', lineItem('X')))), '--yes'])).code).toBe(0);
    makeLive('B');
    const one = fileWith(file(campaign('A', lineItem('X'))));
    const term = terminal(['ads', 'apply', one, '--prune-account'], emu.cliEnv() as Record<string, string>);
    await term.expect(/1 live campaign will stop\. Type the account's name \(Tokyo Ads\) to apply:/);
    term.type('y\r');
    await term.expect(/type the account's name, Tokyo Ads, to apply/);
    expect(named('B')).toHaveLength(1);
    expect(writes(emu.state.log).filter((e) => e.path.includes('/campaigns/'))).toEqual([]);
    term.type('\x7f'.repeat(4));
    term.type('Tokyo Ads\r');
    expect(await term.exit, term.transcript()).toBe(0);
    expect(named('B')).toHaveLength(0);
  });
});

describe.concurrent('the money guard in plan', () => {
  it('a micros slip and an over-limit budget are reported together with their lines (exit 6), in the same words as apply', async ({
    onTestFinished,
  }) => {
    const { run } = await setup(onTestFinished);
    const text = file(
      campaign('Slip', lineItem('X'), '    daily_budget: 50000000\n'),
      campaign('Over', lineItem('X'), '    daily_budget: 5\n    total_budget: 500\n'),
    );
    const path = fileWith(text);
    const plan = await run(['ads', 'plan', path, '-o', 'json']);
    expect(plan.code).toBe(6);
    expect(writes(plan.sent)).toEqual([]);
    const problems = plan.errorJson().error.problems as Array<{ line: number; message: string }>;
    expect(problems.map((p) => p.line)).toEqual([5, 5, 18]);
    expect(problems[0]!.message).toMatch(/^daily_budget 50,000,000 looks like micro units/);
    expect(problems[1]!.message).toMatch(
      /^daily_budget 50,000,000 USD: the daily budget is above funding instrument fiqxk2's credit limit of 200 USD/,
    );
    expect(problems[2]!.message).toBe(
      "total_budget 500 USD: the total budget is above funding instrument fiqxk2's credit limit of 200 USD",
    );
    const apply = await run(['ads', 'apply', path, '--yes', '-o', 'json']);
    expect(apply.code).toBe(6);
    expect(writes(apply.sent)).toEqual([]);
    expect(apply.errorJson().error.problems).toEqual(problems);
    const accepted = await run(['ads', 'plan', path, '--yes-budget', '-o', 'json']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toContain('--yes-budget: line 5: daily_budget 50,000,000 looks like micro units');
  });

  it("the file's total budgets together above the funding instrument's limit are flagged", async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const each = '    daily_budget: 5\n    total_budget: 150\n';
    const path = fileWith(file(campaign('One', lineItem('X'), each), campaign('Two', lineItem('X'), each)));
    const plan = await run(['ads', 'plan', path, '-o', 'json']);
    expect(plan.code).toBe(6);
    expect(plan.errorJson().error.problems).toEqual([
      {
        field: 'total_budget_amount_local_micro',
        line: 19,
        message:
          "the total budgets of the file's 2 campaigns on funding instrument fiqxk2 add up to 300 USD, above its credit limit of 200 USD",
      },
    ]);
  });
});

const TYPES = fixture<{ types: Record<string, Record<string, string>> }>('ads-batch-param-types.json').types;
const JSON_TYPE: Record<string, (v: unknown) => boolean> = {
  long: (v) => typeof v === 'number' && Number.isInteger(v),
  int: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  enum: (v) => typeof v === 'string',
};

/** Every param of every batch body sent, against the reference's type for it. */
function mistyped(sent: Array<{ method: string; path: string; body: string }>): string[] {
  const out: string[] = [];
  for (const e of sent.filter((x) => x.method === 'POST' && x.path.includes('/batch/'))) {
    const resource = e.path.split('/').at(-1)!;
    for (const item of JSON.parse(e.body) as Array<{ params: Record<string, unknown> }>)
      for (const [k, v] of Object.entries(item.params)) {
        const t = TYPES[resource]![k];
        if (!t || !JSON_TYPE[t]!(v)) out.push(`${resource}.${k}: ${JSON.stringify(v)} is not ${t ?? 'a reference parameter'}`);
      }
  }
  return out;
}

describe.concurrent('batch bodies typed as the reference types them', () => {
  it('apply and --file send integers as numbers and placements as one comma-separated string', async ({ onTestFinished }) => {
    const { emu, run } = await setup(onTestFinished);
    const r = await run(['ads', 'apply', fileWith(file(campaign('Typed', lineItem('X', '        frequency_cap: 3\n')))), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(mistyped(r.sent)).toEqual([]);
    const li = r.sent.find((e) => e.path.endsWith('/batch/accounts/9iqxk2/line_items'))!;
    expect(JSON.parse(li.body)[0].params).toMatchObject({
      frequency_cap: 3,
      bid_amount_local_micro: 2_500_000,
      placements: 'ALL_ON_TWITTER',
    });
    const lines = join(emu.configDir, 'li.jsonl');
    writeFileSync(
      lines,
      `${JSON.stringify({
        campaign_id: CAMPAIGN_IDS.SEEDED,
        name: 'by file',
        objective: 'REACH',
        product_type: 'PROMOTED_TWEETS',
        placements: ['ALL_ON_TWITTER', 'TWITTER_TIMELINE'],
        start_time: `${Y}-03-01T00:00:00Z`,
        end_time: `${Y}-04-01T00:00:00Z`,
        frequency_cap: 2,
        duration_in_days: 7,
        daily_budget: '2.5',
      })}\n`,
    );
    const bulk = await run(['ads', 'line-items', 'create', '--file', lines]);
    expect(bulk.code, bulk.stderr).toBe(0);
    expect(mistyped(bulk.sent)).toEqual([]);
    const params = JSON.parse(bulk.sent.find((e) => e.path.includes('/batch/'))!.body)[0].params;
    expect(params).toMatchObject({ frequency_cap: 2, duration_in_days: 7, placements: 'ALL_ON_TWITTER,TWITTER_TIMELINE' });
  });
});
