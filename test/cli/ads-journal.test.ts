// The change journal and cascades that remember, through the built CLI against
// the emulator: pause --cascade records the line items it paused, resume
// --cascade resumes only those (a line item paused before stays PAUSED, named
// with why; --all-children resumes it); `ads history` shows each write — a single
// update, a cascade, a --file batch, an apply — with old → new and --reason; the
// journal is created 0600, holds no configured secret, and a link planted at its
// path is refused before anything is sent.
import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_IDS, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { freshEmulator, runLogged } from '../helpers/emulator.js';

const emu = freshEmulator();
const run = (args: string[], format = 'json') => runLogged(emu, args, format);
const journal = () => join(emu.configDir, 'journal.jsonl');
const statusOf = async (id: string) => (await run(['ads', 'line-items', 'get', id])).json().data.entity_status;
const history = async (...args: string[]) => {
  const r = await run(['ads', 'history', ...args]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.sent).toEqual([]);
  return r.json().data as Array<Record<string, any>>;
};
const writes = (r: { sent: Array<{ method: string }> }) => r.sent.filter((e) => e.method !== 'GET');

describe('cascades remember', () => {
  it('resume --cascade leaves a line item paused before the cascade PAUSED, says why; --all-children resumes it', async () => {
    // The seeded publisher-network line item is refused any update by the emulator: out of the way.
    expect((await run(['ads', 'line-items', 'delete', LINE_ITEM_IDS.PUBLISHER_NETWORK, '--yes'])).code).toBe(0);
    expect((await run(['ads', 'line-items', 'pause', LINE_ITEM_IDS.REACH, '--yes', '--reason', 'creative rejected'])).code).toBe(0);
    const pause = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes', '--reason', 'end of flight']);
    expect(pause.code, pause.stderr).toBe(0);
    expect(await statusOf(LINE_ITEM_IDS.FOLLOWERS)).toBe('PAUSED');

    const resume = await run(['ads', 'campaigns', 'resume', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(resume.code, resume.stderr).toBe(0);
    const sent = writes(resume).map((e) => (e as unknown as { path: string }).path.split('/').at(-1));
    expect(sent).toContain(LINE_ITEM_IDS.FOLLOWERS);
    expect(sent).toContain(CAMPAIGN_IDS.SEEDED);
    expect(sent).not.toContain(LINE_ITEM_IDS.REACH);
    expect(await statusOf(LINE_ITEM_IDS.REACH)).toBe('PAUSED');
    expect(await statusOf(LINE_ITEM_IDS.FOLLOWERS)).toBe('ACTIVE');
    expect(resume.stderr).toMatch(new RegExp(`left paused: line item ${LINE_ITEM_IDS.REACH} .*: paused before the cascade at 20\\d\\d-`));
    expect(resume.json().left_paused).toEqual([expect.objectContaining({ id: LINE_ITEM_IDS.REACH })]);

    // Paused again by the campaign alone: the line items stay as they are; --all-children resumes every one.
    expect((await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--yes'])).code).toBe(0);
    const all = await run(['ads', 'campaigns', 'resume', CAMPAIGN_IDS.SEEDED, '--cascade', '--all-children', '--yes']);
    expect(all.code, all.stderr).toBe(0);
    expect(await statusOf(LINE_ITEM_IDS.REACH)).toBe('ACTIVE');
    expect(all.stderr).not.toContain('left paused');
  });

  it('with no pause --cascade in the journal, resume --cascade resumes the campaign and leaves its paused line items', async () => {
    expect((await run(['ads', 'line-items', 'pause', LINE_ITEM_IDS.REACH, '--yes'])).code).toBe(0);
    expect((await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--yes'])).code).toBe(0);
    const r = await run(['ads', 'campaigns', 'resume', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(await statusOf(LINE_ITEM_IDS.REACH)).toBe('PAUSED');
    expect(r.stderr).toContain(`no pause --cascade of campaign ${CAMPAIGN_IDS.SEEDED} in the journal; --all-children resumes it`);
    expect((await run(['ads', 'campaigns', 'resume', CAMPAIGN_IDS.SEEDED, '--all-children', '--yes'])).code).toBe(2);
  });

  it('a partial cascade failure: one table header, and each reason in full on stderr (not cut to the width)', async () => {
    const first = await emu.run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes', '-o', 'table'], {
      env: { COLUMNS: '80' },
    });
    expect(first.code).toBe(8);
    expect(first.stdout.match(/\bentity\b.*\bid\b/g)).toHaveLength(1);
    // The same refusal once more, as JSON: its full text is in the first run's message.
    const again = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    const reason = (again.json().data as Array<{ error?: string }>).find((x) => x.error)!.error!;
    expect(reason.length).toBeGreaterThan(60);
    expect(first.stderr).toContain(`not changed: ${LINE_ITEM_IDS.PUBLISHER_NETWORK} (${reason})`);
  });
});

describe('ads history', () => {
  it('a single update and a pause --cascade: old → new, the reason, the command line, the outcome', async () => {
    const u = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--name', 'Renamed', '--reason', 'brand review']);
    expect(u.code, u.stderr).toBe(0);
    expect((await run(['ads', 'line-items', 'delete', LINE_ITEM_IDS.PUBLISHER_NETWORK, '--yes'])).code).toBe(0);
    expect((await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes', '--reason', 'stop'])).code).toBe(0);
    const rows = await history();
    expect(rows[0]).toMatchObject({
      entity: 'campaign',
      id: CAMPAIGN_IDS.SPRING,
      op: 'update',
      old: { name: 'Spring launch' },
      new: { name: 'Renamed' },
      result: { name: 'Renamed' },
      outcome: 'ok',
      reason: 'brand review',
      profile: 'default',
      changes: 'name: Spring launch → Renamed',
      command: `postctl ads campaigns update ${CAMPAIGN_IDS.SPRING} --name Renamed --reason 'brand review' -o json`,
    });
    const mine = await history('--entity', CAMPAIGN_IDS.SEEDED);
    expect(mine[0]).toMatchObject({ id: CAMPAIGN_IDS.SEEDED, op: 'pause', changes: 'entity_status: ACTIVE → PAUSED', reason: 'stop' });
    expect(mine.slice(1).every((c) => c.entity === 'line_item' && c.cascade === CAMPAIGN_IDS.SEEDED && c.reason === 'stop')).toBe(true);
    expect(mine.length).toBeGreaterThan(3);
    const table = await run(['ads', 'history', '--entity', CAMPAIGN_IDS.SPRING], 'table');
    expect(table.stdout).toContain('name: Spring launch → Renamed');
    expect(table.stdout).toContain('brand review');
    const csv = await run(['ads', 'history', '--since', '1h'], 'csv');
    expect(csv.stdout.split('\n')[0]).toContain('changes');
    expect(await history('--since', '2000-01-01T00:00:00Z', '--account', 'nosuch')).toEqual([]);
  });

  it('a --file batch: one row per line, created with the id the server gave', async () => {
    const f = join(emu.configDir, 'c.jsonl');
    writeFileSync(
      f,
      ['Batch one', 'Batch two']
        .map((name) => JSON.stringify({ funding_instrument_id: FUNDING_IDS.CARD, name, daily_budget: '5', total_budget: 50 }))
        .join('\n'),
    );
    const r = await run(['ads', 'campaigns', 'create', '--file', f, '--reason', 'q3 launch']);
    expect(r.code, r.stderr).toBe(0);
    const ids = (r.json().data as Array<{ id: string }>).map((x) => x.id);
    const rows = await history();
    expect(rows.map((c) => [c.op, c.entity, c.id, c.new.name, c.reason, c.outcome])).toEqual([
      ['create', 'campaign', ids[0], 'Batch one', 'q3 launch', 'ok'],
      ['create', 'campaign', ids[1], 'Batch two', 'q3 launch', 'ok'],
    ]);
    expect(rows[0]!.new).toMatchObject({ daily_budget_amount_local_micro: 5000000, entity_status: 'PAUSED' });
  });

  it('a --file batch of updates: old → new per line (the objects listed once before the batch)', async () => {
    const f = join(emu.configDir, 'u.jsonl');
    writeFileSync(
      f,
      [
        { campaign_id: CAMPAIGN_IDS.SPRING, name: 'Batch renamed' },
        { campaign_id: CAMPAIGN_IDS.SEEDED, entity_status: 'PAUSED' },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const r = await run(['ads', 'campaigns', 'update', '--file', f, '--reason', 'cleanup']);
    expect(r.code, r.stderr).toBe(0);
    const rows = await history();
    expect(rows.map((c) => [c.op, c.id, c.changes, c.reason, c.outcome])).toEqual([
      ['update', CAMPAIGN_IDS.SPRING, 'name: Spring launch → Batch renamed', 'cleanup', 'ok'],
      ['pause', CAMPAIGN_IDS.SEEDED, 'entity_status: ACTIVE → PAUSED', 'cleanup', 'ok'],
    ]);
  });

  it('ads apply: its creates and a budget edit with old → new', async () => {
    const ACCT = '9iqxk2';
    const yaml = (daily: string) =>
      `account: ${ACCT}\ncampaigns:\n  - name: Journal sale\n    funding_instrument_id: fiqxk2\n    daily_budget: ${daily}\n    total_budget: 150\n`;
    const file = join(emu.configDir, 'campaigns.yaml');
    writeFileSync(file, yaml('50.10'));
    expect((await run(['ads', 'apply', file, '--yes'])).code).toBe(0);
    writeFileSync(file, yaml('60'));
    const r = await run(['ads', 'apply', file, '--yes', '--reason', 'more reach']);
    expect(r.code, r.stderr).toBe(0);
    const rows = await history('--account', ACCT);
    expect(rows[0]).toMatchObject({ op: 'create', entity: 'campaign', account: ACCT, outcome: 'ok', new: { name: 'Journal sale' } });
    expect(rows[1]).toMatchObject({
      op: 'update',
      id: rows[0]!.id,
      changes: 'daily_budget_amount_local_micro: 50100000 → 60000000',
      result: { daily_budget_amount_local_micro: 60000000 },
      reason: 'more reach',
    });
  });

  it('a refused write is journaled as failed, with the API’s error', async () => {
    const r = await run(['ads', 'line-items', 'update', LINE_ITEM_IDS.PUBLISHER_NETWORK, '--name', 'x', '--no-fetch']);
    expect(r.code).toBe(6);
    const [row] = await history();
    expect(row).toMatchObject({ op: 'update', id: LINE_ITEM_IDS.PUBLISHER_NETWORK, outcome: 'failed', http: 400 });
    expect(row!.error).toContain('advertiser_domain');
    expect(row!.changes).toBe('name: ? → x');
  });
});

describe('the journal file', () => {
  it('is created 0600 and holds no configured secret or token', async () => {
    expect(existsSync(journal())).toBe(false);
    expect((await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--name', 'n', '--reason', 'r'])).code).toBe(0);
    expect(statSync(journal()).mode & 0o777).toBe(0o600);
    const text = readFileSync(journal(), 'utf8');
    const env = emu.cliEnv();
    const secrets = [
      'POSTCTL_CONSUMER_KEY',
      'POSTCTL_CONSUMER_SECRET',
      'POSTCTL_ACCESS_TOKEN',
      'POSTCTL_ACCESS_TOKEN_SECRET',
      'POSTCTL_BEARER_TOKEN',
    ]
      .map((k) => env[k])
      .filter((v): v is string => typeof v === 'string' && v.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).toContain('"reason":"r"');
    // A secret pasted into --reason (or anywhere on the command line) is redacted like in every other output.
    const secret = env.POSTCTL_ACCESS_TOKEN_SECRET!;
    expect((await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--name', 'm', '--reason', `oops ${secret}`])).code).toBe(0);
    expect(readFileSync(journal(), 'utf8')).not.toContain(secret);
  });

  it('a symbolic link at its path is refused (exit 2) and nothing is sent', async () => {
    const target = join(emu.configDir, 'elsewhere.txt');
    writeFileSync(target, 'untouched\n');
    symlinkSync(target, journal());
    const r = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--name', 'never']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to use the change journal');
    expect(r.stderr).toContain('symbolic link');
    expect(writes(r)).toEqual([]);
    // A batch and a cascade stop at once too (not one failed batch after another).
    const f = join(emu.configDir, 'b.jsonl');
    writeFileSync(f, `${JSON.stringify({ funding_instrument_id: FUNDING_IDS.CARD, name: 'never', total_budget: 5 })}\n`);
    const batch = await run(['ads', 'campaigns', 'create', '--file', f]);
    expect([batch.code, writes(batch)]).toEqual([2, []]);
    const cascade = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect([cascade.code, writes(cascade)]).toEqual([2, []]);
    expect(readFileSync(target, 'utf8')).toBe('untouched\n');
    expect((await run(['ads', 'history'])).code).toBe(2);
  });
});
