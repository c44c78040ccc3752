// `ads campaigns pause|resume` and `ads line-items pause|resume` through the
// built CLI against the emulator: --cascade reaches the campaign's line items,
// --dry-run only reads, --yes is needed off a terminal, one row per change,
// and a run stopped half-way is finished by running it again.
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();

async function run(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json']);
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}
const puts = (r: { sent: Array<{ method: string; path: string; query: Array<[string, string]> }> }) =>
  r.sent.filter((e) => e.method === 'PUT').map((e) => [e.path.split('/').slice(-2).join('/'), Object.fromEntries(e.query)]);
const statusOf = async (kind: 'campaigns' | 'line-items', id: string) => (await run(['ads', kind, 'get', id])).json().data.entity_status;

describe('pause and resume', () => {
  it('campaigns pause --cascade pauses the campaign first, then each of its line items; a rerun changes nothing', async () => {
    expect((await run(['ads', 'line-items', 'delete', LINE_ITEM_IDS.PUBLISHER_NETWORK, '--yes'])).code).toBe(0);
    const dry = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = dry.json().data as Array<{ entity: string; id: string; from: string; to: string }>;
    expect(planned[0]).toMatchObject({ entity: 'campaign', id: CAMPAIGN_IDS.SEEDED, from: 'ACTIVE', to: 'PAUSED' });
    expect(planned.filter((s) => s.entity === 'line_item').map((s) => s.id)).toEqual(expect.arrayContaining([LINE_ITEM_IDS.REACH]));
    expect(dry.sent.every((e) => e.method === 'GET')).toBe(true);

    const noYes = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade']);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('pass --yes');
    expect(puts(noYes)).toEqual([]);

    const r = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toHaveLength(planned.length);
    expect(puts(r)[0]).toEqual([`campaigns/${CAMPAIGN_IDS.SEEDED}`, { entity_status: 'PAUSED' }]);
    expect(
      puts(r)
        .slice(1)
        .every(([p, q]) => String(p).startsWith('line_items/') && (q as { entity_status: string }).entity_status === 'PAUSED'),
    ).toBe(true);
    expect(await statusOf('line-items', LINE_ITEM_IDS.REACH)).toBe('PAUSED');
    expect(await statusOf('campaigns', CAMPAIGN_IDS.SEEDED)).toBe('PAUSED');

    const again = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(again.code).toBe(0);
    expect(puts(again)).toEqual([]);
    expect(again.stderr).toContain('nothing to pause');
  });

  it('a line item the API refuses does not stop the others (exit 8, named); the same command again sends only what is left', async () => {
    // The seeded PUBLISHER_NETWORK line item lacks its domain: the emulator refuses any update of it.
    const first = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(first.code).toBe(8);
    expect(first.stderr).toContain(`not changed: ${LINE_ITEM_IDS.PUBLISHER_NETWORK}`);
    const rows = first.json().data as Array<{ id: string; error?: string }>;
    expect(rows.find((x) => x.id === LINE_ITEM_IDS.PUBLISHER_NETWORK)?.error).toContain('advertiser_domain');
    expect(rows.filter((x) => !x.error).length).toBe(puts(first).length - 1);
    const second = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(second.code).toBe(8);
    expect(puts(second).map(([p]) => p)).toEqual([`line_items/${LINE_ITEM_IDS.PUBLISHER_NETWORK}`]);
  });

  it('a transport failure stops the run and says how many changed; the rerun finishes only the rest', async () => {
    expect((await run(['ads', 'line-items', 'delete', LINE_ITEM_IDS.PUBLISHER_NETWORK, '--yes'])).code).toBe(0);
    emu.state.faults.add({ kind: 'status', status: 401, method: 'PUT', path: 'line_items/', after: 2 });
    const first = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('3 of ');
    expect(first.stderr).toContain('run the same command again to pause the rest');
    const second = await run(['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SEEDED, '--cascade', '--yes']);
    expect(second.code, second.stderr).toBe(0);
    const sentFirst = puts(first).map(([p]) => p);
    const sentSecond = puts(second).map(([p]) => p);
    // The campaign and the two line items paused before the failure are not sent again.
    expect(sentSecond).not.toContain(`campaigns/${CAMPAIGN_IDS.SEEDED}`);
    expect(sentSecond.filter((p) => sentFirst.slice(0, 3).includes(p))).toEqual([]);
  });

  it('line-items resume: children first is moot, each id changed once; resume asks for --yes too', async () => {
    await run(['ads', 'line-items', 'pause', LINE_ITEM_IDS.REACH, LINE_ITEM_IDS.FOLLOWERS, '--yes']);
    expect(await statusOf('line-items', LINE_ITEM_IDS.FOLLOWERS)).toBe('PAUSED');
    const r = await run(['ads', 'line-items', 'resume', LINE_ITEM_IDS.REACH, LINE_ITEM_IDS.FOLLOWERS, '--yes', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts(r)).toEqual([
      [`line_items/${LINE_ITEM_IDS.REACH}`, { entity_status: 'ACTIVE' }],
      [`line_items/${LINE_ITEM_IDS.FOLLOWERS}`, { entity_status: 'ACTIVE' }],
    ]);
    expect(await statusOf('line-items', LINE_ITEM_IDS.REACH)).toBe('ACTIVE');
  });

  it('an unknown campaign is not found before anything changes', async () => {
    const r = await run(['ads', 'campaigns', 'resume', CAMPAIGN_IDS.SPRING, 'zzzz9', '--yes']);
    expect(r.code).toBe(4);
    expect(puts(r)).toEqual([]);
  });
});
