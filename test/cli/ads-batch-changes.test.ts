// Batch update and delete of campaigns and line items from JSON Lines files (the batch
// endpoint's Update and Delete operations), through the built CLI against the
// emulator: every line checked first (errors name the line, nothing sent), the
// money guard per line, batches of 40, nothing half-sent when the API fails a
// batch, and the items' parameters against the reference.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_IDS, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { type AdsOp, operations } from '../helpers/contract.js';
import { freshEmulator, runLogged } from '../helpers/emulator.js';

const ADS = operations<AdsOp>('ads-reference.json');
const emu = freshEmulator();
const acct = `/12/accounts/${EMU_ACCOUNT}`;
const BATCH = `POST /12/batch/accounts/${EMU_ACCOUNT}/campaigns`;

function file(name: string, lines: object[]): string {
  const path = join(emu.configDir, name);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  return path;
}
const run = (args: string[]) => runLogged(emu, args);
const name = async (id: string) => (await emu.run(['ads', 'campaigns', 'get', id, '-o', 'json'])).json().data;

describe('ads campaigns update --file', () => {
  it('sends one Update batch; each line UPDATED; the items carry the PUT endpoint’s parameters', async () => {
    const f = file('u.jsonl', [
      { campaign_id: CAMPAIGN_IDS.SPRING, name: 'Batch renamed' },
      { campaign_id: CAMPAIGN_IDS.SEEDED, daily_budget: 15, entity_status: 'PAUSED' },
    ]);
    const r = await run(['ads', 'campaigns', 'update', '--file', f]);
    expect(r.code, r.stderr).toBe(0);
    // The money guard reads the campaign with a budget and its funding instrument; the change journal lists the
    // campaigns (their values before: one list request); then one batch.
    expect(r.lines).toEqual([
      `GET ${acct}/campaigns/${CAMPAIGN_IDS.SEEDED}`,
      `GET ${acct}/funding_instruments/${FUNDING_IDS.CARD}`,
      `GET ${acct}/campaigns`,
      BATCH,
    ]);
    expect(r.sent[2]!.query).toEqual(expect.arrayContaining([['campaign_ids', `${CAMPAIGN_IDS.SPRING},${CAMPAIGN_IDS.SEEDED}`]]));
    const body = JSON.parse(r.sent[3]!.body) as Array<{ operation_type: string; params: Record<string, unknown> }>;
    expect(body.map((b) => b.operation_type)).toEqual(['Update', 'Update']);
    expect(body[1]!.params).toEqual({
      campaign_id: CAMPAIGN_IDS.SEEDED,
      daily_budget_amount_local_micro: 15000000,
      entity_status: 'PAUSED',
    });
    const put = ADS['PUT /12/accounts/:account_id/campaigns/:campaign_id'] as AdsOp & { path: string[] };
    for (const b of body) for (const k of Object.keys(b.params)) expect([...put.path, ...put.query], k).toContain(k);
    expect(r.json().data.map((x: { status: string }) => x.status)).toEqual(['UPDATED', 'UPDATED']);
    expect((await name(CAMPAIGN_IDS.SPRING)).name).toBe('Batch renamed');
    expect((await name(CAMPAIGN_IDS.SEEDED)).entity_status).toBe('PAUSED');
  });

  it('every line is checked first: a bad id, a micros-looking decimal, an unknown key, no change — exit 6, 0 requests', async () => {
    const f = file('bad.jsonl', [
      { campaign_id: CAMPAIGN_IDS.SPRING, name: 'fine' },
      { campaign_id: 'A/B', name: 'x' },
      { campaign_id: CAMPAIGN_IDS.SPRING, daily_budget: 5000000 },
      { campaign_id: CAMPAIGN_IDS.SPRING, colour: 'red' },
      { campaign_id: CAMPAIGN_IDS.SPRING },
    ]);
    const r = await run(['ads', 'campaigns', 'update', '--file', f]);
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('line 2');
    expect(r.stderr).toContain('line 4');
    expect(r.stderr).toContain('line 5');
    const slip = file('slip.jsonl', [{ campaign_id: CAMPAIGN_IDS.SPRING, daily_budget: 5000000 }]);
    const s = await run(['ads', 'campaigns', 'update', '--file', slip]);
    expect(s.code).toBe(6);
    expect(s.sent).toEqual([]);
    expect(s.stderr).toContain('line 1, daily_budget_amount_local_micro: daily_budget 5,000,000 looks like micro units');
  });

  it('a budget above the credit limit on one line: the campaign and instrument read, no write, the line named', async () => {
    const f = file('over.jsonl', [
      { campaign_id: CAMPAIGN_IDS.SPRING, name: 'ok' },
      { campaign_id: CAMPAIGN_IDS.SPRING, total_budget: 900 },
    ]);
    const r = await run(['ads', 'campaigns', 'update', '--file', f]);
    expect(r.code).toBe(6);
    expect(r.sent.filter((e) => e.method !== 'GET')).toEqual([]);
    expect(r.stderr).toMatch(
      /line 2, total_budget_amount_local_micro: total_budget 900 USD: the total budget is above funding instrument lygyi's credit limit/,
    );
  });

  it('41 lines go as batches of 40 and 1 (dry run)', async () => {
    const f = file(
      'many.jsonl',
      Array.from({ length: 41 }, (_, i) => ({ campaign_id: CAMPAIGN_IDS.SPRING, name: `n${i}` })),
    );
    const r = await run(['ads', 'campaigns', 'update', '--file', f, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent).toEqual([]);
    expect(r.json().batches.map((b: { lines: number[] }) => b.lines.length)).toEqual([40, 1]);
  });

  it('nothing half-sent: a line the API refuses fails the whole batch; the others are NOT_UPDATED and unchanged', async () => {
    const f = file('api.jsonl', [
      { campaign_id: CAMPAIGN_IDS.SPRING, name: 'never applied' },
      { campaign_id: 'nosuch9', name: 'x' },
    ]);
    const failed = join(emu.configDir, 'retry.jsonl');
    const r = await run(['ads', 'campaigns', 'update', '--file', f, '--failed', failed]);
    expect(r.code).toBe(8);
    expect(r.json().data.map((x: { status: string }) => x.status)).toEqual(['NOT_UPDATED', 'FAILED']);
    expect((await name(CAMPAIGN_IDS.SPRING)).name).not.toBe('never applied');
  });

  it('the argument or --file, not both', async () => {
    const f = file('one.jsonl', [{ campaign_id: CAMPAIGN_IDS.SPRING, name: 'x' }]);
    expect((await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--file', f])).code).toBe(2);
    expect((await run(['ads', 'campaigns', 'update', '--file', f, '--name', 'y'])).code).toBe(2);
    expect((await run(['ads', 'campaigns', 'update', '--name', 'y'])).code).toBe(2);
  });
});

describe('ads campaigns delete --file', () => {
  it('one Delete batch, every line DELETED; lines with more than campaign_id refused first', async () => {
    const bad = file('dbad.jsonl', [{ campaign_id: CAMPAIGN_IDS.SPRING, name: 'x' }]);
    const b = await run(['ads', 'campaigns', 'delete', '--file', bad, '--yes']);
    expect(b.code).toBe(6);
    expect(b.sent).toEqual([]);
    expect(b.stderr).toContain('line 1');
    const f = file('d.jsonl', [{ campaign_id: CAMPAIGN_IDS.SPRING }]);
    const dry = await run(['ads', 'campaigns', 'delete', '--file', f, '--dry-run']);
    expect(dry.json().batches[0].body).toEqual([{ operation_type: 'Delete', params: { campaign_id: CAMPAIGN_IDS.SPRING } }]);
    expect(dry.sent).toEqual([]);
    const noYes = await run(['ads', 'campaigns', 'delete', '--file', f]);
    expect(noYes.code).toBe(2);
    expect(noYes.sent).toEqual([]);
    const r = await run(['ads', 'campaigns', 'delete', '--file', f, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([BATCH]);
    expect(r.json().data[0].status).toBe('DELETED');
    expect((await emu.run(['ads', 'campaigns', 'get', CAMPAIGN_IDS.SPRING])).code).toBe(4);
  });
});

const LI_BATCH = `POST /12/batch/accounts/${EMU_ACCOUNT}/line_items`;
const lineItem = async (id: string) => (await emu.run(['ads', 'line-items', 'get', id, '-o', 'json'])).json().data;

describe('ads line-items update|delete --file', () => {
  it('one Update batch: bids in currency units sent as micros, every line UPDATED, the items carry the PUT endpoint’s parameters', async () => {
    const f = file('li.jsonl', [
      { line_item_id: LINE_ITEM_IDS.APP_INSTALLS, bid: 2.5 },
      { line_item_id: LINE_ITEM_IDS.WEBSITE_CLICKS, entity_status: 'PAUSED' },
    ]);
    const r = await run(['ads', 'line-items', 'update', '--file', f]);
    expect(r.code, r.stderr).toBe(0);
    // The money guard reads the line item with a bid, its campaign and that campaign's funding instrument; then one batch.
    expect(r.lines.at(-1)).toBe(LI_BATCH);
    expect(r.lines.filter((l) => !l.startsWith('GET '))).toEqual([LI_BATCH]);
    const body = JSON.parse(r.sent.at(-1)!.body) as Array<{ operation_type: string; params: Record<string, unknown> }>;
    expect(body).toEqual([
      { operation_type: 'Update', params: { line_item_id: LINE_ITEM_IDS.APP_INSTALLS, bid_amount_local_micro: 2500000 } },
      { operation_type: 'Update', params: { line_item_id: LINE_ITEM_IDS.WEBSITE_CLICKS, entity_status: 'PAUSED' } },
    ]);
    const put = ADS['PUT /12/accounts/:account_id/line_items/:line_item_id'] as AdsOp & { path: string[] };
    for (const b of body) for (const k of Object.keys(b.params)) expect([...put.path, ...put.query], k).toContain(k);
    expect(r.json().data.map((x: { status: string }) => x.status)).toEqual(['UPDATED', 'UPDATED']);
    expect((await lineItem(LINE_ITEM_IDS.APP_INSTALLS)).bid_amount_local_micro).toBe(2500000);
    expect((await lineItem(LINE_ITEM_IDS.WEBSITE_CLICKS)).entity_status).toBe('PAUSED');
  });

  it('an unknown key, then (the file being well formed) a micros-looking bid: exit 6 naming the line, 0 requests', async () => {
    const f = file('libad.jsonl', [
      { line_item_id: LINE_ITEM_IDS.REACH, entity_status: 'PAUSED' },
      { line_item_id: LINE_ITEM_IDS.REACH, colour: 'red' },
    ]);
    const r = await run(['ads', 'line-items', 'update', '--file', f]);
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('line 2, colour: is not a parameter of this endpoint');
    const m = file('limicros.jsonl', [
      { line_item_id: LINE_ITEM_IDS.REACH, entity_status: 'PAUSED' },
      { line_item_id: LINE_ITEM_IDS.APP_INSTALLS, bid: 2500000 },
    ]);
    const micros = await run(['ads', 'line-items', 'update', '--file', m]);
    expect(micros.code).toBe(6);
    expect(micros.sent).toEqual([]);
    expect(micros.stderr).toMatch(/line 2\b.*looks like micro units/);
  });

  it('nothing half-sent: a line the API refuses fails the whole batch; the other line is NOT_UPDATED and unchanged', async () => {
    const f = file('liapi.jsonl', [
      { line_item_id: LINE_ITEM_IDS.FOLLOWERS, entity_status: 'PAUSED' },
      { line_item_id: 'nosuch9', entity_status: 'PAUSED' },
    ]);
    const r = await run(['ads', 'line-items', 'update', '--file', f]);
    expect(r.code).toBe(8);
    expect(r.json().data.map((x: { status: string }) => x.status)).toEqual(['NOT_UPDATED', 'FAILED']);
    expect((await lineItem(LINE_ITEM_IDS.FOLLOWERS)).entity_status).toBe('ACTIVE');
  });

  it('delete: one Delete batch after --yes, every line DELETED', async () => {
    const f = file('lid.jsonl', [{ line_item_id: LINE_ITEM_IDS.DELETABLE }]);
    const noYes = await run(['ads', 'line-items', 'delete', '--file', f]);
    expect(noYes.code).toBe(2);
    expect(noYes.sent).toEqual([]);
    const r = await run(['ads', 'line-items', 'delete', '--file', f, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([LI_BATCH]);
    expect(r.json().data[0].status).toBe('DELETED');
    expect((await emu.run(['ads', 'line-items', 'get', LINE_ITEM_IDS.DELETABLE])).code).toBe(4);
  });
});
