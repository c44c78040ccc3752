// Batch files are read losslessly, as responses are: a micro amount beyond 2^53 in a --file line is sent
// digit for digit (JSON.parse would round 9007199254740993 to 9007199254740992), and a micro amount with a
// sign or leading zeros is refused before anything is sent (exit 6 naming the line and the field).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const BIG = '9007199254740993';
const line = (extra: string) =>
  `{"funding_instrument_id":"${FUNDING_IDS.CARD}","name":"big","entity_status":"PAUSED","daily_budget_amount_local_micro":${extra}}`;

// One after another: each test reads the emulator's log since it started, and the first one creates.
describe.sequential('exact numbers from batch files', () => {
  it('an integer past 2^53 is sent digit for digit (dry run and the request itself)', async () => {
    const file = join(emu.configDir, 'big.jsonl');
    writeFileSync(file, `${line(BIG)}\n`);
    // Far over any credit limit: the money guard is told this amount is meant (--yes-budget).
    const dry = await emu.run(['ads', 'campaigns', 'create', '--file', file, '--dry-run', '--yes-budget', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`"daily_budget_amount_local_micro": ${BIG}`);
    const before = emu.state.log.length;
    await emu.run(['ads', 'campaigns', 'create', '--file', file, '--yes-budget', '-o', 'json']);
    const posts = emu.state.log.slice(before).filter((e) => e.method === 'POST');
    expect(posts.map((p) => p.body).join('')).toContain(`"daily_budget_amount_local_micro":${BIG}`);
    expect(posts.map((p) => p.body).join('')).not.toContain('9007199254740992');
  });

  it.each([
    ['leading zeros', '"0007"'],
    ['a plus sign', '"+7000000"'],
    ['a minus sign', '"-7000000"'],
    ['a negative number', '-7000000'],
  ])('micros with %s: exit 6 naming the line, nothing sent', async (_name, value) => {
    const file = join(emu.configDir, `bad-${value.replace(/\W/g, '_')}.jsonl`);
    writeFileSync(file, `${line('5000000')}\n${line(value)}\n`);
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'campaigns', 'create', '--file', file, '-o', 'json']);
    expect(r.stderr).toMatch(/line 2, daily_budget_amount_local_micro: must be a whole number of micro units/);
    expect(r.code).toBe(6);
    expect(emu.state.log.slice(before).filter((e) => e.method === 'POST')).toEqual([]);
  });
});
