// confirmReply (src/ads/batch.ts): what an accepted batch's reply confirms, line by line — the
// reply held to the items sent, so a missing, repeated or unasked id is a FAILED line, never a gap.
import { describe, expect, it } from 'vitest';
import { type BatchItem, confirmReply } from '../../src/ads/batch.js';

const item = (line: number, params: Record<string, string>): BatchItem => ({ line, params, raw: JSON.stringify(params) });
const status = (rs: Array<{ status: string; error?: string }>) => rs.map((r) => (r.error ? `${r.status}: ${r.error}` : r.status));

describe('confirmReply', () => {
  const del = [item(1, { campaign_id: 'a1' }), item(2, { campaign_id: 'b2' })];

  it('a Delete or Update is confirmed by its own id once, in any order', () => {
    const rs = confirmReply(
      del,
      3,
      [
        { id: 'b2', deleted: true },
        { id: 'a1', deleted: true },
      ],
      'Delete',
      'campaigns',
    );
    expect(rs).toEqual([
      { line: 1, batch: 3, status: 'DELETED', id: 'a1' },
      { line: 2, batch: 3, status: 'DELETED', id: 'b2' },
    ]);
    expect(status(confirmReply(del, 1, [{ id: 'a1' }, { id: 'b2' }], 'Update', 'campaigns'))).toEqual(['UPDATED', 'UPDATED']);
  });

  it('missing, repeated, not deleted, unasked, not a list: FAILED saying so', () => {
    expect(status(confirmReply(del, 1, [{ id: 'a1' }, { id: 'a1' }], 'Delete', 'campaigns'))).toEqual([
      'FAILED: the reply named this campaign_id 2 times',
      'FAILED: the reply did not confirm this item',
    ]);
    expect(status(confirmReply(del, 1, [{ id: 'a1', deleted: false }, { id: 'b2' }], 'Delete', 'campaigns'))).toEqual([
      'FAILED: the reply says it is not deleted',
      'DELETED',
    ]);
    const extra = status(confirmReply(del, 1, [{ id: 'a1' }, { id: 'b2' }, { id: 7 }], 'Update', 'campaigns'));
    expect(extra).toEqual(del.map(() => 'FAILED: the reply named "7", not sent in this batch: this batch is not confirmed'));
    expect(status(confirmReply(del, 1, { id: 'a1' }, 'Delete', 'campaigns'))).toEqual(
      del.map(() => 'FAILED: the reply did not confirm this item'),
    );
  });

  it('an id sent twice (an update file naming one campaign twice) needs it twice', () => {
    const twice = [item(1, { line_item_id: 'x1', name: 'a' }), item(2, { line_item_id: 'x1', name: 'b' })];
    expect(status(confirmReply(twice, 1, [{ id: 'x1' }, { id: 'x1' }], 'Update', 'line_items'))).toEqual(['UPDATED', 'UPDATED']);
    expect(status(confirmReply(twice, 1, [{ id: 'x1' }], 'Update', 'line_items'))).toEqual(
      twice.map(() => 'FAILED: the reply named this line_item_id fewer times than it was sent'),
    );
  });

  it('a Create is confirmed by a new id at its place, each id once, no more objects than sent', () => {
    const make = [item(1, { name: 'a' }), item(2, { name: 'b' })];
    expect(status(confirmReply(make, 1, [{ id: 'n1' }, { id: 'n2' }], 'Create', 'campaigns'))).toEqual(['CREATED', 'CREATED']);
    expect(status(confirmReply(make, 1, [{ id: 'n1' }], 'Create', 'campaigns'))).toEqual([
      'CREATED',
      'FAILED: the reply did not confirm this item',
    ]);
    expect(status(confirmReply(make, 1, [{ id: 'n1' }, { id: 'n1' }], 'Create', 'campaigns'))).toEqual(
      make.map(() => 'FAILED: the reply gave the id "n1" to more than one new object'),
    );
    expect(status(confirmReply(make, 1, [{ id: 'n1' }, { id: 'n2' }, { id: 'n3' }], 'Create', 'campaigns'))).toEqual(
      make.map(() => 'FAILED: the reply holds 3 objects for 2 sent: this batch is not confirmed'),
    );
  });
});
