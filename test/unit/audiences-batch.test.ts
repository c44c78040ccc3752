// Batching within the limits, deterministic boundaries, bodies that are the
// exact JSON the API takes, resume-state ranges, response readers, the flag
// rules, and the emulator's digest store.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Batcher, NO_WRAP, UserEncoder, envelope, subsetBody, type Batch, type Rejected } from '../../src/audiences/encode.js';
import { UploadState, fromRanges, inputIdentity, toRanges } from '../../src/bulk/state.js';
import { countsOf, itemErrors } from '../../src/audiences/upload.js';
import { DigestSet, DigestStore } from '../../src/emulator/routes/audience-digests.js';
import type { InputError } from '../../src/errors/cli-error.js';
import { USERS_LIMITS, checkAssociationWindow, checkDoNotReachExpiry, checkKeywordQuery } from '../../src/validate/audiences.js';
import { Problems } from '../../src/validate/rules.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function run(emails: string[], maxUsers: number, maxBytes?: number): { batches: Batch[]; rejects: Rejected[] } {
  const rejects: Rejected[] = [];
  const enc = new UserEncoder({}, (r) => rejects.push(r));
  const b = new Batcher(maxUsers, envelope('Update', {}), UserEncoder.wrapOf('email'), maxBytes);
  const batches: Batch[] = [];
  emails.forEach((e, i) => {
    const item = enc.one(i + 1, 'email', e);
    if (item === undefined) return;
    const done = b.add(i + 1, item, enc.lastBytes);
    if (done) batches.push(done);
  });
  const last = b.flush();
  if (last) batches.push(last);
  return { batches, rejects };
}

describe('batches', () => {
  const emails = Array.from({ length: 23 }, (_, i) => `user${i}@example.com`);

  it('bodies are the JSON the API takes: one operation holding the users, lines kept per user', () => {
    const { batches } = run(emails, 10);
    expect(batches.map((b) => b.count)).toEqual([10, 10, 3]);
    const body = JSON.parse(batches[1]!.body.toString());
    expect(body).toEqual([{ operation_type: 'Update', params: { users: emails.slice(10, 20).map((e) => ({ email: [sha(e)] })) } }]);
    expect([...batches[2]!.lines]).toEqual([21, 22, 23]);
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2]);
  });

  it('are the same for the same input and options (resume relies on it)', () => {
    const a = run(emails, 7).batches.map((b) => b.body.toString());
    const b = run(emails, 7).batches.map((b) => b.body.toString());
    expect(a).toEqual(b);
  });

  it('stay within the byte limit, envelope included, and never split a user', () => {
    fc.assert(
      fc.property(fc.array(fc.emailAddress(), { minLength: 1, maxLength: 60 }), fc.integer({ min: 400, max: 3000 }), (list, max) => {
        const { batches } = run(list, 2500, max);
        for (const b of batches) {
          if (b.body.length > max) return false;
          JSON.parse(b.body.toString());
        }
        return true;
      }),
    );
  });

  it('CSV/JSON users carry several kinds, in a fixed order, duplicates dropped', () => {
    const rejects: Rejected[] = [];
    const enc = new UserEncoder({ callingCode: '44' }, (r) => rejects.push(r));
    const user = enc.many(4, [
      ['phone', '07911 123456'],
      ['email', 'A@example'],
      ['email', 'ab@example.com'],
      ['email', 'AB@example.com'],
      ['partner_user_id', 'Crm-7'],
    ]);
    expect(JSON.parse(user!)).toEqual({ email: [sha('ab@example.com')], phone_number: [sha('447911123456')], partner_user_id: ['Crm-7'] });
    expect(rejects).toEqual([{ line: 4, field: 'email', value: 'A@example', reason: expect.stringMatching(/not a valid address/) }]);
    expect(enc.invalidValues).toBe(1);
  });

  it('a subset body keeps the chosen users only (resend after item errors)', () => {
    const { batches } = run(emails.slice(0, 5), 10);
    const body = JSON.parse(subsetBody(batches[0]!, [0, 2, 4]).toString());
    expect(body[0].params.users).toEqual([0, 2, 4].map((i) => ({ email: [sha(emails[i]!)] })));
  });

  it('with no wrap (CSV/JSON users), params carry effective_at and expires_at', () => {
    const b = new Batcher(2, envelope('Delete', { effective_at: '2026-01-01T00:00:00Z', expires_at: undefined }), NO_WRAP);
    b.add(1, '{"handle":["x"]}', 16);
    const done = b.add(2, '{"handle":["y"]}', 16)!;
    expect(JSON.parse(done.body.toString())).toEqual([
      { operation_type: 'Delete', params: { users: [{ handle: ['x'] }, { handle: ['y'] }], effective_at: '2026-01-01T00:00:00Z' } },
    ]);
  });

  it("the default limits are the spec's", () => {
    expect(USERS_LIMITS).toMatchObject({ maxOperations: 2500, maxBodyBytes: 5_000_000, maxUsers: 2500, requests: 1500, windowMs: 60_000 });
  });
});

describe('resume state', () => {
  it('ranges round-trip', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(5000), { maxLength: 300 }), (nums) => {
        const sorted = [...nums].sort((a, b) => a - b);
        return JSON.stringify([...fromRanges(toRanges(sorted))].sort((a, b) => a - b)) === JSON.stringify(sorted);
      }),
    );
    expect(toRanges([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8');
  });

  it('is written atomically with mode 0600, refuses a changed input or other options, and is removed when done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aud-state-'));
    const input = join(dir, 'in.txt');
    writeFileSync(input, 'a@example.com\n');
    const path = join(dir, 'in.txt.postctl-state.json');
    const quiet = { warn: () => undefined, info: () => undefined };
    const opts = { batch_size: 10, operation: 'Update' };
    const s = await UploadState.open(path, await inputIdentity(input), opts, { resume: false, readOnly: false, ...quiet });
    s.confirm(0);
    s.confirm(2);
    await s.flush();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ confirmed: '0,2', confirmed_count: 2 });

    const again = await UploadState.open(path, await inputIdentity(input), opts, { resume: true, readOnly: false, ...quiet });
    expect([0, 1, 2].map((i) => again.isConfirmed(i))).toEqual([true, false, true]);
    await expect(
      UploadState.open(path, await inputIdentity(input), { ...opts, batch_size: 20 }, { resume: true, readOnly: false, ...quiet }),
    ).rejects.toThrow(/options differ .*batch_size: 10 → 20/);
    utimesSync(input, new Date(), new Date(Date.now() + 5000));
    await expect(UploadState.open(path, await inputIdentity(input), opts, { resume: true, readOnly: false, ...quiet })).rejects.toThrow(
      /input changed/,
    );
    await again.markDone();
    expect(JSON.parse(readFileSync(path, 'utf8')).done).toBe(true);
  });
});

describe('responses', () => {
  it('counts: an object (custom audiences) or an array of them (do-not-reach)', () => {
    expect(countsOf({ data: { success_count: 3, total_count: 3 } })).toEqual({ success: 3, total: 3 });
    expect(
      countsOf({
        data: [
          { success_count: 2, total_count: 2 },
          { success_count: 1, total_count: 1 },
        ],
      }),
    ).toEqual({ success: 3, total: 3 });
    expect(countsOf({ data: {} })).toBeUndefined();
    expect(countsOf(null)).toBeUndefined();
  });

  it('operation_errors: {index, message} entries, or a list parallel to the items', () => {
    expect(itemErrors({ operation_errors: [{ index: 3, message: 'bad hash' }] })).toEqual([{ index: 3, message: 'bad hash' }]);
    expect(itemErrors({ operation_errors: [{}, null, [{ code: 'X', message: 'nope' }], {}] })).toEqual([{ index: 2, message: 'nope' }]);
    expect(itemErrors({ errors: [] })).toEqual([]);
  });
});

describe('flag rules', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const problems = (f: (p: Problems) => void) => {
    const p = new Problems();
    f(p);
    return p.list.map((x) => `${x.field}: ${x.message}`);
  };

  it('expires after effective (effective defaults to now); UTC times only', () => {
    expect(problems((p) => checkAssociationWindow(p, '2026-04-01T00:00:00Z', '2026-03-01T00:00:00Z', now))).toEqual([
      expect.stringMatching(/^--expires-at: must be later than --effective-at/),
    ]);
    expect(problems((p) => checkAssociationWindow(p, undefined, '2026-03-01T00:00:00Z', now))).toEqual([
      expect.stringMatching(/defaults to now/),
    ]);
    expect(problems((p) => checkAssociationWindow(p, '2026-04-01T10:00', undefined, now))).toEqual([
      expect.stringMatching(/needs a time zone/),
    ]);
    expect(problems((p) => checkAssociationWindow(p, 'next tuesday', undefined, now))).toEqual([expect.stringMatching(/ISO 8601 UTC/)]);
    const ok = new Problems();
    expect(checkAssociationWindow(ok, '2026-04-01T02:00:00+02:00', '2027-04-01', now)).toEqual({
      effectiveAt: '2026-04-01T00:00:00Z',
      expiresAt: '2027-04-01T00:00:00Z',
    });
    expect(ok.list).toEqual([]);
    expect(problems((p) => checkDoNotReachExpiry(p, '2026-03-10T11:59:00Z', now))).toEqual([expect.stringMatching(/later than now/)]);
  });

  it('keyword insights: 7 days at most, 10 keywords with negatives, one country', () => {
    const q = (f: Record<string, string>) => {
      try {
        checkKeywordQuery(f, now);
        return [];
      } catch (e) {
        return (e as InputError).problems.map((x) => `${x.field}: ${x.message}`);
      }
    };
    const base = { keywords: 'a,b', granularity: 'DAY', start: '2026-03-05T00:00:00Z', end: '2026-03-10T00:00:00Z' };
    expect(q(base)).toEqual([]);
    expect(q({ ...base, start: '2026-03-01T00:00:00Z' })).toEqual([expect.stringMatching(/^--end: the time range is at most 7 days/)]);
    expect(q({ ...base, end: undefined as unknown as string, start: '2026-03-01T00:00:00Z' })).toEqual([
      expect.stringMatching(/^--start: the time range .* up to now/),
    ]);
    expect(q({ ...base, keywords: 'a,b,c,d,e,f', negative: 'g,h,i,j,k' })).toEqual([
      expect.stringMatching(/together are at most 10 \(got 6 \+ 5\)/),
    ]);
    expect(q({ ...base, location: '96683cc9126741d1,6416b8512febefc9' })).toEqual([
      expect.stringMatching(/^--location: takes one country/),
    ]);
    expect(q({ ...base, granularity: 'WEEK' })).toEqual([expect.stringMatching(/^--granularity/)]);
    expect(q({ ...base, end: '2026-03-04T00:00:00Z' })).toEqual([expect.stringMatching(/^--end: must be later than --start/)]);
  });
});

describe('emulator digest store', () => {
  const hex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
  it('holds exactly the distinct digests, across growth and folds', () => {
    fc.assert(
      fc.property(fc.array(hex, { maxLength: 3000 }), (list) => {
        const set = new DigestSet();
        const store = new DigestStore();
        const words = new Uint32Array(8);
        for (const h of [...list, ...list.slice(0, 10)]) {
          set.add(h);
          DigestSet.decode(h, words, 0);
          store.append(words, 0, 1);
        }
        const expected = new Set(list);
        return (
          set.size === expected.size &&
          store.size === expected.size &&
          [...expected].every((h) => set.has(h) && store.has(h)) &&
          new Set(store.values()).size === expected.size
        );
      }),
      { numRuns: 30 },
    );
  });
  it('takes lowercase 64-hex only', () => {
    const w = new Uint32Array(8);
    expect(DigestSet.decode(sha('x'), w, 0)).toBe(true);
    expect(DigestSet.decode(sha('x').toUpperCase(), w, 0)).toBe(false);
    expect(DigestSet.decode(sha('x').slice(1), w, 0)).toBe(false);
    expect(DigestSet.decode('é'.repeat(64), w, 0)).toBe(false);
  });
});

describe('emulator batch reader: the byte-level fast path agrees with JSON.parse + checks', () => {
  const FIELDS = ['email', 'device_id', 'handle', 'service_id', 'phone_number', 'partner_user_id'];
  const now = Date.parse('2026-03-10T12:00:00Z');
  const digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
  // Mostly valid, with every kind of flaw now and then.
  const value = fc.oneof(
    { weight: 30, arbitrary: digest },
    { weight: 1, arbitrary: digest.map((d) => d.toUpperCase()) },
    { weight: 1, arbitrary: digest.map((d) => d.slice(1)) },
    { weight: 1, arbitrary: fc.constant('') },
  );
  const key = fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom('email', 'handle', 'phone_number', 'device_id') },
    { weight: 1, arbitrary: fc.constant('bogus') },
  );
  const user = fc.dictionary(key, fc.array(value, { minLength: 1, maxLength: 3 }), { minKeys: 1, maxKeys: 3 });
  const maybe = <T>(valid: T[], invalid: T[]) =>
    fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom(...invalid) });
  const times = fc.record({
    effective_at: maybe([undefined, '2026-04-01T00:00:00Z'], ['soon']),
    expires_at: maybe([undefined, '2027-01-01T00:00:00Z'], ['2026-01-01T00:00:00Z']),
  });
  const body = fc.record({
    type: maybe(['Update', 'Delete'], ['Upsert']),
    users: fc.array(user, { minLength: 1, maxLength: 6 }),
    times,
    spaced: fc.boolean(),
  });
  // Flawless by construction: lowercase digests under the keys the audience takes (email and phone_number for
  // a do-not-reach list), valid times, a known operation, compact as postctl sends it (the fast path leaves
  // spaced bodies to JSON.parse).
  const goodBody = (dnr: boolean) =>
    fc.record({
      type: fc.constantFrom('Update', 'Delete'),
      users: fc.array(
        fc.dictionary(
          fc.constantFrom(...(dnr ? ['email', 'phone_number'] : ['email', 'handle', 'phone_number', 'device_id'])),
          fc.array(digest, { minLength: 1, maxLength: 3 }),
          { minKeys: 1, maxKeys: 2 },
        ),
        { minLength: 1, maxLength: 6 },
      ),
      times: fc.record({
        effective_at: fc.constantFrom(undefined, '2026-04-01T00:00:00Z'),
        expires_at: fc.constantFrom(undefined, '2027-01-01T00:00:00Z'),
      }),
      spaced: fc.constant(false),
    });
  const text = (b: { type: string; users: unknown[]; times: Record<string, string | undefined>; spaced: boolean }) =>
    JSON.stringify([{ operation_type: b.type, params: { users: b.users, ...b.times } }], null, b.spaced ? 1 : undefined);
  const same = (
    fast: import('../../src/emulator/routes/audience-batch.js').Checked,
    slow: import('../../src/emulator/routes/audience-batch.js').Checked,
  ) =>
    JSON.stringify([
      fast.ops,
      fast.users,
      [...fast.digestUser],
      fast.digestField.slice(0, fast.digestUser.length),
      [...fast.words.subarray(0, fast.digestUser.length * 8)],
      fast.partners,
    ]) ===
    JSON.stringify([
      slow.ops,
      slow.users,
      [...slow.digestUser],
      slow.digestField.slice(0, slow.digestUser.length),
      [...slow.words.subarray(0, slow.digestUser.length * 8)],
      slow.partners,
    ]);

  it('whatever it accepts, the full check accepts with the same result', async () => {
    const { fastBatch, slowBatch } = await import('../../src/emulator/routes/audience-batch.js');
    const agrees = (b: Parameters<typeof text>[0], dnr: boolean, mustTake: boolean): boolean => {
      const t = text(b);
      const fields = dnr ? ['email', 'phone_number'] : FIELDS;
      const fast = fastBatch(Buffer.from(t), fields, dnr, now);
      if (!fast) return !mustTake;
      const slow = slowBatch(JSON.parse(t), fields, dnr, new Set(), now);
      return 'ok' in slow && same(fast, slow.ok);
    };
    fc.assert(
      // Each run also checks a flawless body, which the fast path must take: never a vacuous run.
      fc.property(
        fc.boolean().chain((dnr) => fc.tuple(fc.constant(dnr), goodBody(dnr))),
        body,
        ([dnr, good], b) => agrees(good, dnr, true) && agrees(b, dnr, false),
      ),
      { numRuns: 1000 },
    );
  });

  it('takes the compact bodies postctl sends, and leaves duplicate keys and partner ids to JSON.parse', async () => {
    const { fastBatch, slowBatch } = await import('../../src/emulator/routes/audience-batch.js');
    const b = new Batcher(10, envelope('Update', { expires_at: '2027-01-01T00:00:00Z' }), NO_WRAP);
    b.add(1, `{"email":["${sha('a')}","${sha('b')}"],"phone_number":["${sha('1')}"]}`, 0);
    b.add(2, `{"handle":["${sha('h')}"]}`, 0);
    const raw = b.flush()!.body;
    const fast = fastBatch(raw, FIELDS, false, now)!;
    expect(fast.users).toBe(2);
    const slow = slowBatch(JSON.parse(raw.toString()), FIELDS, false, new Set(), now);
    expect('ok' in slow && same(fast, slow.ok)).toBe(true);
    expect(
      fastBatch(
        Buffer.from(`[{"operation_type":"Update","params":{"users":[{"email":["${sha('a')}"],"email":["${sha('b')}"]}]}}]`),
        FIELDS,
        false,
        now,
      ),
    ).toBeUndefined();
    expect(
      fastBatch(Buffer.from(`[{"operation_type":"Update","params":{"users":[{"partner_user_id":["p1"]}]}}]`), FIELDS, false, now),
    ).toBeUndefined();
  });
});
