// Where audience upload batches are cut, byte for byte: the size limit counted
// with envelope, wraps and commas; the user limit; bodies that grow past their
// first buffer; buffer reuse; user objects of several kinds; phone numbers in
// the North American plan. Written for the mutants `npm run mutate` found
// surviving in src/audiences/encode.ts and normalize.ts (docs/development.md).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Batcher, UserEncoder, envelope, subsetBody, type Batch } from '../../src/audiences/encode.js';
import { Reject, normalize } from '../../src/audiences/normalize.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const env = envelope('Update', {});
const emailWrap = UserEncoder.wrapOf('email');
const users = (b: Batch) => (JSON.parse(b.body.toString('utf8')) as Array<{ params: { users: unknown[] } }>)[0]!.params.users;

/** Exact body size of n email digests. */
const bodySize = (n: number) => env.head.length + env.tail.length + n * (64 + emailWrap[0].length + emailWrap[1].length) + (n - 1);

describe('Batcher: where batches are cut', () => {
  it('a body of exactly the size limit holds its users; one byte less moves the last one to the next batch', () => {
    const digests = ['a', 'b', 'c', 'd'].map(sha);
    const exact = new Batcher(100, env, emailWrap, bodySize(3));
    expect(exact.maxUserBytes).toBe(bodySize(3) - env.head.length - env.tail.length);
    expect(exact.userBytes(64)).toBe(64 + Buffer.byteLength(emailWrap[0] + emailWrap[1]));
    const got: Batch[] = [];
    digests.forEach((d, i) => {
      const b = exact.add(i + 1, d, 64);
      if (b) got.push(b);
    });
    got.push(exact.flush()!);
    expect(got.map((b) => b.count)).toEqual([3, 1]);
    expect(got[0]!.body.length).toBe(bodySize(3));
    expect(got.map((b) => b.index)).toEqual([0, 1]);
    expect(users(got[0]!)).toEqual(digests.slice(0, 3).map((d) => ({ email: [d] })));
    expect([...got[1]!.lines]).toEqual([4]);

    const tight = new Batcher(100, env, emailWrap, bodySize(3) - 1);
    const counts: number[] = [];
    digests.forEach((d, i) => {
      const b = tight.add(i + 1, d, 64);
      if (b) counts.push(b.count);
    });
    counts.push(tight.flush()!.count);
    expect(counts).toEqual([2, 2]);
  });

  it('the user limit cuts batches; starts and ends locate every user; flush of nothing is undefined', () => {
    const b = new Batcher(2, env, emailWrap);
    const out = [1, 2, 3, 4, 5].map((i) => b.add(i, sha(String(i)), 64));
    expect(out.map((x) => x?.count)).toEqual([undefined, 2, undefined, 2, undefined]);
    const last = b.flush()!;
    expect([last.count, last.index, [...last.lines]]).toEqual([1, 2, [5]]);
    expect(b.flush()).toBeUndefined();
    const batch = out[1]!;
    for (let i = 0; i < batch.count; i++) {
      expect(JSON.parse(batch.body.subarray(batch.starts[i]!, batch.ends[i]!).toString())).toEqual({ email: [sha(String(i + 1))] });
    }
    expect(batch.starts[0]).toBe(env.head.length);
    expect(batch.ends[1]).toBe(batch.body.length - env.tail.length);
  });

  it('hundreds of users in one body (written in groups) keep their order and commas', () => {
    const b = new Batcher(1000, env, emailWrap);
    const digests = Array.from({ length: 300 }, (_, i) => sha(`u${i}`));
    digests.forEach((d, i) => {
      expect(b.add(i + 1, d, 64)).toBeUndefined();
    });
    const batch = b.flush()!;
    expect(users(batch)).toEqual(digests.map((d) => ({ email: [d] })));
    expect(batch.body.length).toBe(bodySize(300));
    expect(batch.ends[299]).toBe(batch.body.length - env.tail.length);
  });

  it('items larger than the first buffer make it grow, bytes intact', () => {
    const wrap = UserEncoder.wrapOf('partner_user_id');
    const b = new Batcher(3, env, wrap);
    const ids = ['x'.repeat(3000), 'é'.repeat(2000), 'z'];
    const out = ids.map((id, i) => b.add(i + 1, JSON.stringify(id), Buffer.byteLength(JSON.stringify(id))));
    const batch = out[2]!;
    expect(batch.count).toBe(3);
    expect(users(batch)).toEqual(ids.map((id) => ({ partner_user_id: [id] })));
  });

  it('exactly two groups of 128 users, then a flush: nothing is written twice', () => {
    const b = new Batcher(1000, env, emailWrap);
    const digests = Array.from({ length: 256 }, (_, i) => sha(`g${i}`));
    digests.forEach((d, i) => {
      b.add(i + 1, d, 64);
    });
    const batch = b.flush()!;
    expect(batch.body.length).toBe(bodySize(256));
    expect(users(batch)).toEqual(digests.map((d) => ({ email: [d] })));
  });

  it('a finished batch keeps its own user offsets while the next one fills', () => {
    const wrap = UserEncoder.wrapOf('partner_user_id');
    const b = new Batcher(2, env, wrap);
    const first = ['"a"', '"bbbbbbbbbb"'].map((x, i) => b.add(i, x, x.length))[1]!;
    const starts = [...first.starts];
    const ends = [...first.ends];
    ['"cccccccccccccccccccc"', '"d"'].forEach((x, i) => {
      b.add(i + 2, x, x.length);
    });
    expect([...first.starts]).toEqual(starts);
    expect([...first.ends]).toEqual(ends);
    expect(JSON.parse(first.body.subarray(first.starts[1]!, first.ends[1]!).toString())).toEqual({ partner_user_id: ['bbbbbbbbbb'] });
  });

  it('finished buffers are reused, at most 8 kept', () => {
    const b = new Batcher(1, env, emailWrap);
    const first = Array.from({ length: 10 }, (_, i) => b.add(i, sha(String(i)), 64)!);
    for (const x of first) b.recycle(x.buffer);
    const next = Array.from({ length: 10 }, (_, i) => b.add(i, sha(String(i)), 64)!);
    const reused = next.filter((x) => first.some((f) => f.buffer === x.buffer)).length;
    expect(reused).toBe(8);
    for (const x of next) expect(users(x)).toHaveLength(1);
  });

  it('subsetBody keeps the chosen users, in order, in a valid body', () => {
    const b = new Batcher(3, envelope('Delete', { effective_at: '2027-01-01T00:00:00Z', expires_at: undefined }), emailWrap);
    const batch = ['a', 'b', 'c'].map((s, i) => b.add(i, sha(s), 64))[2]!;
    const body = JSON.parse(subsetBody(batch, [0, 2]).toString()) as unknown;
    expect(body).toEqual([
      { operation_type: 'Delete', params: { users: [{ email: [sha('a')] }, { email: [sha('c')] }], effective_at: '2027-01-01T00:00:00Z' } },
    ]);
  });
});

describe('UserEncoder', () => {
  it('wraps digests in quotes and partner ids as JSON strings', () => {
    expect(UserEncoder.wrapOf('email')).toEqual(['{"email":["', '"]}']);
    expect(UserEncoder.wrapOf('phone')).toEqual(['{"phone_number":["', '"]}']);
    expect(UserEncoder.wrapOf('partner_user_id')).toEqual(['{"partner_user_id":[', ']}']);
  });

  it('one(): digests, partner ids as JSON with their UTF-8 size, rejects reported', () => {
    const rejects: unknown[] = [];
    const e = new UserEncoder({}, (r) => rejects.push(r));
    expect(e.one(1, 'email', 'Ann@Example.com')).toBe(sha('ann@example.com'));
    expect(e.lastBytes).toBe(64);
    expect(e.one(2, 'partner_user_id', 'café "1"')).toBe('"café \\"1\\""');
    expect(e.lastBytes).toBe(Buffer.byteLength('"café \\"1\\""'));
    expect(e.one(3, 'email', 'not an email')).toBeUndefined();
    expect(e.invalidValues).toBe(1);
    expect(rejects).toEqual([expect.objectContaining({ line: 3, field: 'email', value: 'not an email' })]);
  });

  it('many(): one user object, kinds in the fixed order, duplicates dropped, size counted', () => {
    const e = new UserEncoder({}, () => {});
    const json = e.many(1, [
      ['handle', '@Bob'],
      ['email', 'bo@example.com'],
      ['email', 'BO@example.com'],
      ['email', 'cy@example.com'],
    ])!;
    expect(json).toBe(
      `{"email":${JSON.stringify([sha('bo@example.com'), sha('cy@example.com')])},"handle":${JSON.stringify([sha('bob')])}}`,
    );
    expect(e.lastBytes).toBe(json.length);
    const partner = e.many(2, [
      ['partner_user_id', 'ü1'],
      ['email', 'bo@example.com'],
    ])!;
    expect(JSON.parse(partner)).toEqual({ email: [sha('bo@example.com')], partner_user_id: ['ü1'] });
    expect(e.lastBytes).toBe(Buffer.byteLength(partner));
    expect(e.many(3, [['email', 'nope']])).toBeUndefined();
  });
});

describe('phone numbers with a default country', () => {
  it('North American numbers: 1 + 10 digits is already international; other lengths get the code', () => {
    expect(normalize('phone', '1 415 555 2671', { callingCode: '1' })).toBe('14155552671');
    expect(normalize('phone', '415 555 2671', { callingCode: '1' })).toBe('14155552671');
    expect(normalize('phone', '2 415 555 2671', { callingCode: '1' })).toBe('124155552671');
    expect(normalize('phone', '1415555267', { callingCode: '1' })).toBe('11415555267');
    expect(normalize('phone', '1 415 555 2671', { callingCode: '44' })).toBe('4414155552671');
  });
  it('7 to 15 digits including the country code', () => {
    expect(normalize('phone', '+1234567')).toBe('1234567');
    expect(normalize('phone', '+123456789012345')).toBe('123456789012345');
    expect(normalize('phone', '+1234567890123456')).toEqual(new Reject('must be 7 to 15 digits including the country code (got 16)'));
    expect(normalize('phone', '+123456')).toEqual(new Reject('must be 7 to 15 digits including the country code (got 6)'));
  });
});
