// The emulator's batch endpoints hold each parameter to the JSON type the
// reference gives it (its own table, not the client's): an integer sent as a
// string, a boolean as text or placements as an array is the item's error, so
// a client that mistypes a batch body fails a test.
import { describe, expect, it } from 'vitest';
import { itemQuery } from '../../src/emulator/routes/ads-batch.js';
import { EmuHttpError } from '../../src/emulator/types.js';

function refusal(params: Record<string, unknown>): string | undefined {
  try {
    itemQuery(params);
    return undefined;
  } catch (e) {
    if (!(e instanceof EmuHttpError)) throw e;
    return JSON.stringify(e.response.body);
  }
}

describe('batch parameter types (emulator)', () => {
  it('accepts the reference types and reads them as parameter text', () => {
    const q = itemQuery({
      frequency_cap: 3,
      bid_amount_local_micro: 2_500_000,
      standard_delivery: true,
      placements: 'ALL_ON_TWITTER,TREND',
    });
    expect([...q.entries()]).toEqual([
      ['frequency_cap', '3'],
      ['bid_amount_local_micro', '2500000'],
      ['standard_delivery', 'true'],
      ['placements', 'ALL_ON_TWITTER,TREND'],
    ]);
  });

  it('refuses integers as strings, booleans as text, lists as arrays and numbers where a string is due', () => {
    expect(refusal({ frequency_cap: '3' })).toMatch(/frequency_cap must be a JSON integer \(got string\)/);
    expect(refusal({ duration_in_days: 7.5 })).toMatch(/duration_in_days must be a JSON integer/);
    expect(refusal({ daily_budget_amount_local_micro: '5000000' })).toMatch(/must be a JSON integer/);
    expect(refusal({ standard_delivery: 'true' })).toMatch(/standard_delivery must be a JSON boolean/);
    expect(refusal({ placements: ['ALL_ON_TWITTER'] })).toMatch(/placements must be a JSON string \(got array\)/);
    expect(refusal({ name: 5 })).toMatch(/name must be a JSON string/);
  });
});
