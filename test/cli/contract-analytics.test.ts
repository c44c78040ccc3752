// Contract of the analytics verbs: every request postctl sends to a stats
// endpoint uses only the parameters the reference documents, all the required
// ones, and values from its lists (test/fixtures/contract/ads-analytics-reference.json,
// extracted by scripts/contract-extract-analytics.mjs); the client's rule
// tables hold the reference's entities, placements, groups and segmentation.
import { describe, expect, it } from 'vitest';
import { GROUPS_BY_ENTITY, METRIC_GROUPS, PLACEMENTS, SEGMENTATION, STATS_ENTITIES } from '../../src/validate/ads-stats.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { fixture, templateKeys } from '../helpers/contract.js';
import { fileEmulator } from '../helpers/emulator.js';
import { statsArgs } from '../helpers/stats.js';

interface Op {
  params: Record<string, { required: boolean; values?: string[] }>;
}
const REF = fixture<{
  operations: Record<string, Op>;
  segmentation: Array<{ type: string; country: boolean }>;
}>('ads-analytics-reference.json');
const emu = fileEmulator({ statsJobPolls: 1 });
// Polls wait on the test world's clock (a step each): no variable shortens them.
const env = {};

describe('analytics contract', () => {
  it('the client tables hold the reference values', () => {
    const sync = REF.operations['GET /12/stats/accounts/:account_id']!.params;
    expect([...STATS_ENTITIES].sort()).toEqual([...sync.entity!.values!].sort());
    expect([...PLACEMENTS].sort()).toEqual([...sync.placement!.values!].sort());
    expect([...METRIC_GROUPS].sort()).toEqual([...sync.metric_groups!.values!].sort());
    expect(Object.keys(SEGMENTATION).sort()).toEqual(REF.segmentation.map((s) => s.type).sort());
    for (const s of REF.segmentation) expect(SEGMENTATION[s.type]!.requires === 'country').toBe(s.country);
    expect(GROUPS_BY_ENTITY.ACCOUNT).toEqual(['ENGAGEMENT']);
  });

  it('every stats request uses documented parameters, the required ones, and listed values', async () => {
    const runs = [
      statsArgs(
        '2026-06-01',
        '2026-06-09',
        'ENGAGEMENT,MOBILE_CONVERSION',
        ['--mode', 'sync', '--placement', 'all'],
        ['l0001', 'l0002', '--entity', 'PROMOTED_POST'],
      ),
      statsArgs('2026-06-01', '2026-06-09', 'ENGAGEMENT', ['--segment', 'METROS', '--country', '96683cc9126741d1']),
      ['ads', 'stats', 'active', '--entity', 'CAMPAIGN', '--from', '2026-06-01', '--to', '2026-06-01', '--line-item-ids', 'l0001'],
      ['ads', 'stats', 'reach', '--campaigns', 'c1', '--from', '2026-06-01', '--to', '2026-06-01'],
      ['ads', 'stats', 'reach', '--funding-instruments', 'f1', '--from', '2026-06-01', '--to', '2026-06-01'],
    ];
    for (const args of runs) {
      const r = await emu.run([...args, '-o', 'json'], { env, cwd: tempDir() });
      expect(r.code, r.stderr).toBe(0);
    }
    const seen = new Set<string>();
    for (const e of emu.state.log.filter((x) => x.path.startsWith('/12/stats/'))) {
      const key = templateKeys(REF.operations, e)[0];
      expect(key, `${e.method} ${e.path} is in the reference`).toBeDefined();
      seen.add(key!);
      const params = REF.operations[key!]!.params;
      const sent = new Map(e.query);
      for (const [name, value] of sent) {
        expect(params[name], `${key}: ${name} is documented`).toBeDefined();
        for (const v of value.split(',')) if (params[name]!.values) expect(params[name]!.values).toContain(v);
      }
      for (const [name, p] of Object.entries(params)) if (p.required) expect(sent.has(name), `${key}: ${name} sent`).toBe(true);
    }
    expect([...seen].sort()).toEqual(Object.keys(REF.operations).sort());
    // MOBILE_CONVERSION was asked for apart.
    const groups = emu.state
      .requests('GET', new RegExp(`^/12/stats/accounts/${EMU_ACCOUNT}$`))
      .map((e) => new Map(e.query).get('metric_groups'));
    expect(new Set(groups)).toEqual(new Set(['ENGAGEMENT', 'MOBILE_CONVERSION']));
  });
});
