// `postctl ads plan|apply|export` (campaigns as code) through the built CLI
// against the emulator: a plan of an account without the file's campaigns has
// changes (exit 2 with --detailed-exitcode); apply creates them PAUSED with
// exact micros and a second plan has none; a budget edit is one PUT; a line
// item's targeting and posts lists are whole (what they drop is deleted); an apply
// killed with SIGKILL after a create was processed, run again, creates
// nothing twice; export then plan reports no changes; a file with five
// problems lists all five with their lines, sending nothing.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { campaignStore } from '../../src/emulator/routes/ads-campaigns.js';
import { lineItems } from '../../src/emulator/routes/ads-core-line-items.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { futureYear } from '../helpers/clock.js';

const Y = futureYear();
/** An emulator account with no campaigns, and the card seeded for it. */
const ACCT = '9iqxk2';
const CARD = 'fiqxk2';

const yaml = (daily = '50.10', total = '"150"') => `account: ${ACCT}
campaigns:
  - name: Spring sale
    funding_instrument_id: ${CARD}
    daily_budget: ${daily}
    total_budget: ${total}
    line_items:
      - name: Timeline
        objective: ENGAGEMENTS
        product_type: PROMOTED_TWEETS
        placements: [ALL_ON_TWITTER]
        bid_strategy: MAX
        bid: 2.5
        start_time: ${Y}-03-01T00:00:00Z
        end_time: ${Y}-04-01T00:00:00Z
        targeting:
          - {targeting_type: LOCATION, targeting_value: 96683cc9126741d1}
          - {targeting_type: LANGUAGE, targeting_value: en}
        promoted_posts: [1234567890123456789, "https://x.com/someone/status/21"]
`;

function fileWith(text: string, name = 'campaigns.yaml'): string {
  const path = join(tempDir('postctl-plan-'), name);
  writeFileSync(path, text);
  return path;
}

/** An emulator of the test's own (tests run concurrently), closed when the test ends; `run` returns what reached it. */
async function setup(onTestFinished: TestContext['onTestFinished']) {
  const emu: TestEmulator = await testEmulator();
  onTestFinished(() => emu.close());
  const run = async (args: string[]) => {
    const before = emu.state.log.length;
    const r = await emu.run(args);
    return Object.assign(r, { sent: emu.state.log.slice(before) });
  };
  const campaignsNamed = (name: string) =>
    [...(campaignStore(emu.state).campaigns.get(ACCT)?.values() ?? [])].filter((c) => c.name === name && !c.deleted);
  return { emu, run, campaignsNamed };
}
const writes = <T extends { method: string }>(log: T[]): T[] => log.filter((e) => e.method !== 'GET');

describe.concurrent('ads plan and apply', () => {
  it('plan of an account without the campaigns: exit 2 with --detailed-exitcode, 0 without; nothing written', async ({
    onTestFinished,
  }) => {
    const { run } = await setup(onTestFinished);
    const file = fileWith(yaml());
    const detailed = await run(['ads', 'plan', file, '--detailed-exitcode', '-o', 'json']);
    expect(detailed.code, detailed.stderr).toBe(2);
    const plan = detailed.json();
    expect(plan.summary).toEqual({ create: 6, update: 0, delete: 0, live: 0 });
    expect(plan.operations.map((o: { kind: string }) => o.kind)).toEqual([
      'campaign',
      'line_item',
      'targeting_criterion',
      'targeting_criterion',
      'promoted_post',
      'promoted_post',
    ]);
    expect(plan.operations[0].params).toMatchObject({ daily_budget_amount_local_micro: '50100000', entity_status: 'PAUSED' });
    const text = await run(['ads', 'plan', file, '-o', 'table']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('+ create campaign "Spring sale"');
    expect(text.stdout).toContain('daily_budget: 50.1');
    expect(text.stdout).toMatch(/Plan: 6 to create, 0 to update, 0 to delete\.\n$/);
    expect(writes([...detailed.sent, ...text.sent])).toEqual([]);
  });

  it('apply creates the tree PAUSED with exact micros through the batch endpoints; plan then has no changes', async ({
    onTestFinished,
  }) => {
    const { emu, run, campaignsNamed } = await setup(onTestFinished);
    const file = fileWith(yaml());
    const off = await run(['ads', 'apply', file]);
    expect(off.code).toBe(2);
    expect(off.stderr).toContain('confirmation needed, but postctl is not running interactively');
    expect(writes(off.sent)).toEqual([]);
    const r = await run(['ads', 'apply', file, '--yes', '-o', 'json']);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.json().data.every((x: { status: string }) => x.status === 'done')).toBe(true);
    const [c] = campaignsNamed('Spring sale');
    expect(c).toMatchObject({
      daily_budget_amount_local_micro: 50_100_000,
      total_budget_amount_local_micro: 150_000_000,
      entity_status: 'PAUSED',
    });
    const li = [...lineItems(emu.state, ACCT).values()].find((l) => l.campaign_id === c!.id);
    expect(li).toMatchObject({ name: 'Timeline', bid_amount_local_micro: 2_500_000, entity_status: 'PAUSED' });
    expect(writes(r.sent).map((e) => e.path)).toEqual([
      `/12/batch/accounts/${ACCT}/campaigns`,
      `/12/batch/accounts/${ACCT}/line_items`,
      `/12/batch/accounts/${ACCT}/targeting_criteria`,
      `/12/accounts/${ACCT}/promoted_tweets`,
    ]);
    expect(existsSync(`${file}.postctl-apply.json`)).toBe(false);
    const again = await run(['ads', 'plan', file, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.json().operations).toEqual([]);
  });

  it('a budget edit is exactly one update request, shown in currency units', async ({ onTestFinished }) => {
    const { run, campaignsNamed } = await setup(onTestFinished);
    expect((await run(['ads', 'apply', fileWith(yaml()), '--yes'])).code).toBe(0);
    const edited = fileWith(yaml('60'));
    const plan = await run(['ads', 'plan', edited, '-o', 'table']);
    expect(plan.stdout).toContain('~ update campaign "Spring sale"');
    expect(plan.stdout).toContain('daily_budget: 50.1 → 60');
    expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
    const r = await run(['ads', 'apply', edited, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const sent = writes(r.sent);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', path: expect.stringMatching(new RegExp(`^/12/accounts/${ACCT}/campaigns/c`)) });
    expect(sent[0]!.query).toEqual([['daily_budget_amount_local_micro', '60000000']]);
    expect(campaignsNamed('Spring sale')[0]!.daily_budget_amount_local_micro).toBe(60_000_000);
  });

  it("a line item's lists are the file's: what they leave out is deleted without --prune, children first", async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    expect((await run(['ads', 'apply', fileWith(yaml()), '--yes'])).code).toBe(0);
    const fewer = fileWith(
      yaml()
        .replace(/ {10}- \{targeting_type: LANGUAGE.*\n/, '')
        .replace(/, "https:\/\/x.com\/someone\/status\/21"/, ''),
    );
    const plan = await run(['ads', 'plan', fewer, '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    const prune = await run(['ads', 'apply', fewer, '--yes', '-o', 'json']);
    expect(prune.code, prune.stderr).toBe(0);
    expect(writes(prune.sent).map((e) => `${e.method} ${e.path.replace(/[^/]+$/, ':id')}`)).toEqual([
      `DELETE /12/accounts/${ACCT}/promoted_tweets/:id`,
      `DELETE /12/accounts/${ACCT}/targeting_criteria/:id`,
    ]);
    expect((await run(['ads', 'plan', fewer, '--detailed-exitcode'])).code).toBe(0);
  });

  it('an apply killed after a create was processed, run again, creates nothing twice', async ({ onTestFinished }) => {
    const { emu, run, campaignsNamed } = await setup(onTestFinished);
    const file = fileWith(yaml());
    // The line items batch is processed, then its answer trickles out: the kill lands with the answer lost.
    emu.state.faults.add({ kind: 'trickle', path: '/batch/accounts/9iqxk2/line_items', intervalMs: 60_000 });
    const killed = await emu.run(['ads', 'apply', file, '--yes'], {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if ([...lineItems(emu.state, ACCT).values()].some((l) => l.name === 'Timeline')) {
            clearInterval(poll);
            child.kill('SIGKILL');
          }
        }, 5);
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const journal = `${file}.postctl-apply.json`;
    // On disk before the batch left, private: the campaign with its id, the line item sent without an answer.
    expect(statSync(journal).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(journal, 'utf8'));
    expect(Object.keys(saved.created)).toEqual(['campaign:Spring sale']);
    expect(saved.sent).toEqual(['campaign:Spring sale/line_item:Timeline']);
    emu.state.faults.clear();
    const r = await run(['ads', 'apply', file, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('resuming the apply interrupted');
    expect(r.stderr).toMatch(/found again: campaign:Spring sale\/line_item:Timeline .*not created twice/);
    expect(writes(r.sent).map((e) => e.path)).toEqual([
      `/12/batch/accounts/${ACCT}/targeting_criteria`,
      `/12/accounts/${ACCT}/promoted_tweets`,
    ]);
    expect(campaignsNamed('Spring sale')).toHaveLength(1);
    expect([...lineItems(emu.state, ACCT).values()].filter((l) => l.name === 'Timeline' && !l.deleted)).toHaveLength(1);
    expect(existsSync(journal)).toBe(false);
    expect((await run(['ads', 'plan', file, '--detailed-exitcode'])).code).toBe(0);
  });

  it('a batch the API refuses is a partial failure (exit 8); fixing the file and applying again finishes', async ({ onTestFinished }) => {
    const { emu, run, campaignsNamed } = await setup(onTestFinished);
    campaignStore(emu.state).rejectNames.add('Refused');
    const text = `${yaml()}  - name: Refused\n    funding_instrument_id: ${CARD}\n`;
    const r = await run(['ads', 'apply', fileWith(text), '--yes', '-o', 'json']);
    expect(r.code).toBe(8);
    const rows = r.json().data as Array<{ label: string; status: string }>;
    expect(rows.filter((x) => x.status !== 'done').map((x) => x.label)).toContain('"Refused"');
    expect(r.stderr).toMatch(/changes applied; \d+ failed, \d+ not done/);
    campaignStore(emu.state).rejectNames.clear();
    const again = await run(['ads', 'apply', fileWith(text), '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(campaignsNamed('Spring sale')).toHaveLength(1);
    expect(campaignsNamed('Refused')).toHaveLength(1);
  });
});

describe.concurrent('hostile text', () => {
  it('names from the file are shown with control characters neutralised', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const file = fileWith(`account: ${ACCT}\ncampaigns:\n  - name: "Evil \\e]0;pwned\\a"\n    funding_instrument_id: ${CARD}\n`);
    const r = await run(['ads', 'plan', file, '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u0007]/);
    // Names are quoted as JSON strings: the escape shows as \u001b, never raw.
    expect(r.stdout).toContain('"Evil \\u001b]0;pwned\\u0007"');
  });
});

describe.concurrent('ads export', () => {
  it('export (JSON and YAML) then plan reports no changes', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    for (const format of ['json', 'yaml']) {
      const r = await run(['ads', 'export', '--account', EMU_ACCOUNT, '--format', format]);
      expect(r.code, r.stderr).toBe(0);
      if (format === 'json')
        expect(JSON.parse(r.stdout).campaigns.map((c: { name: string }) => c.name)).toEqual(['Always on', 'Spring launch']);
      else expect(r.stdout).toMatch(/^account: 18ce54d4x5t\ncampaigns:\n {2}- name: Always on\n/);
      const plan = await run(['ads', 'plan', fileWith(r.stdout, `export.${format}`), '--detailed-exitcode', '-o', 'table']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toBe('No changes: the account matches the file.\n');
    }
  });

  it('--campaign picks campaigns; an unknown one is exit 4', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const r = await run(['ads', 'export', '--campaign', '8wku2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().campaigns.map((c: { name: string }) => c.name)).toEqual(['Spring launch']);
    expect((await run(['ads', 'export', '--campaign', 'nope0'])).code).toBe(4);
  });
});

describe.concurrent('problems in the file', () => {
  it('five problems: exit 6 listing all five with their lines; nothing read or sent', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const file = fileWith(`account: ${ACCT}
campaigns:
  - name: Five problems
    funding_instrument_id: ${CARD}
    daily_budget: 2.1234567
    entity_status: RUNNING
    colour: blue
    line_items:
      - objective: ENGAGEMENTS
        promoted_posts: [abc]
`);
    const r = await run(['ads', 'plan', file, '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.sent).toEqual([]);
    const problems = r.errorJson().error.problems as Array<{ line: number; field: string; message: string }>;
    expect(problems.map((p) => [p.line, p.field])).toEqual([
      [5, 'campaigns[0].daily_budget'],
      [6, 'campaigns[0].entity_status'],
      [7, 'campaigns[0].colour'],
      [9, 'campaigns[0].line_items[0]'],
      [10, 'campaigns[0].line_items[0].promoted_posts[0]'],
    ]);
    expect(problems[2]!.message).toContain('is not a field here');
    expect(problems[3]!.message).toBe('name is required');
    const table = await run(['ads', 'plan', file]);
    expect(table.stderr).toContain('5 problems; nothing was read or sent');
    for (const l of [5, 6, 7, 9, 10]) expect(table.stderr).toContain(`line ${l}, `);
  });

  it('JSON files get lines too; a syntax error names its line', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const json = fileWith('{\n  "campaigns": [\n    {"name": "x", "bid": 1}\n  ]\n}\n', 'c.json');
    const r = await run(['ads', 'plan', json, '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems).toEqual([
      { line: 3, field: 'campaigns[0].bid', message: expect.stringContaining('is not a field here') },
    ]);
    const broken = await run(['ads', 'plan', fileWith('campaigns:\n  - name: [unclosed\n'), '-o', 'json']);
    expect(broken.code).toBe(6);
    expect(broken.errorJson().error.problems[0].line).toBeGreaterThanOrEqual(2);
  });

  it('a budget over the credit limit is refused by the money guard before anything is written', async ({ onTestFinished }) => {
    const { run } = await setup(onTestFinished);
    const r = await run(['ads', 'apply', fileWith(yaml('500', '1000')), '--yes', '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems[0]).toMatchObject({ line: 5 });
    expect(r.stderr).toContain('credit limit');
    expect(writes(r.sent)).toEqual([]);
  });
});
