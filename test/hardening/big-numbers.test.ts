// Integers beyond 2^53 survive: `request` writes the body bytes as received,
// parsed output (json, jsonl, csv) keeps them exact. The emulator's 'reply'
// hook serves the numbers: 2^53+1 and an ads-sized 1600000000000004771, which
// JSON.parse would turn into 9007199254740992 and 1600000000000004900.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';

const emu = fileEmulator();
/** Fault path: a regex for v2 paths only (a bare '/2/' would be read as the regex 2 and also hit /oauth2/token). */
const V2 = '/^\\/2\\//';
const LINE_ITEM = `/12/accounts/${EMU_ACCOUNT}/line_items/8u94t`;
const A = '9007199254740993';
const B = '1600000000000004771';

const lineItemBody = `{"request":{"params":{"account_id":"${EMU_ACCOUNT}"}},"data":{"id":"8u94t","name":"Big numbers","bid_amount_local_micro":${B},"total_budget_amount_local_micro":${A},"small":42,"ratio":0.25,"negative":-${A},"entity_status":"ACTIVE"}}`;

describe('lossless numbers', () => {
  it('request: the body is written through byte for byte', async () => {
    const body = `{"data":[{"id":"1","public_metrics":{"impression_count":${A},"like_count":${B}}}],  "meta": {"result_count":1}}`;
    emu.state.faults.add({ kind: 'reply', status: 200, path: V2, times: 1, body });
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(body);
  });

  it('ads line-items get -o json prints both numbers exactly', async () => {
    emu.state.faults.add({ kind: 'reply', status: 200, path: LINE_ITEM, times: 1, body: lineItemBody });
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"bid_amount_local_micro": ${B}`);
    expect(r.stdout).toContain(`"total_budget_amount_local_micro": ${A}`);
    expect(r.stdout).toContain(`"negative": -${A}`);
    // Safe numbers stay plain numbers.
    expect(r.stdout).toContain('"small": 42');
    expect(r.stdout).toContain('"ratio": 0.25');
    expect(r.stdout).not.toContain('1600000000000004900');
  });

  it('ads line-items get -o jsonl', async () => {
    emu.state.faults.add({ kind: 'reply', status: 200, path: LINE_ITEM, times: 1, body: lineItemBody });
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '-o', 'jsonl']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toContain(`"bid_amount_local_micro":${B}`);
    expect(r.stdout).toContain(`"total_budget_amount_local_micro":${A}`);
  });

  it('ads line-items get -o csv', async () => {
    emu.state.faults.add({ kind: 'reply', status: 200, path: LINE_ITEM, times: 1, body: lineItemBody });
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '-o', 'csv']);
    expect(r.code).toBe(0);
    const [header, row] = r.stdout.trim().split('\n');
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells.bid_amount_local_micro).toBe(B);
    expect(cells.total_budget_amount_local_micro).toBe(A);
  });

  it('request --paginate (parsed pages) keeps them exact in jsonl', async () => {
    const body = `{"request":{"params":{}},"data":[{"id":"a1","count":${B}},{"id":"a2","count":${A}}],"next_cursor":null}`;
    emu.state.faults.add({ kind: 'reply', status: 200, path: `/12/accounts/${EMU_ACCOUNT}/line_items`, times: 1, body });
    const r = await emu.run(['request', 'GET', `/12/accounts/${EMU_ACCOUNT}/line_items`, '--paginate', '-o', 'jsonl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`{"id":"a1","count":${B}}\n{"id":"a2","count":${A}}\n`);
  });
});
