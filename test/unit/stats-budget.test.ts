// The user-level budget of synchronous stats requests (src/ads/stats/budget.ts): which
// accounts of a many-account run go synchronously, how the budget follows the replies'
// headers, and the order a many-account report is written in (InOrder).
import { describe, expect, it } from 'vitest';
import { chooseSyncAccounts, SyncBudget, syncBudget } from '../../src/ads/stats/budget.js';
import { asJobs, planQuery } from '../../src/ads/stats/planner.js';
import { InOrder } from '../../src/commands/ads/stats/_ordered.js';
import type { Report } from '../../src/commands/ads/stats/_report.js';
import type { Series } from '../../src/ads/stats/merger.js';

const MIN = 60_000;
const T0 = Date.parse('2026-09-02T12:00:00Z');
const endpoint = (remaining: number, resetAt: number, limit = 250) => ({ scope: 'endpoint' as const, limit, remaining, resetAt });

describe('chooseSyncAccounts', () => {
  it('everything fits: every account synchronous', () => {
    expect(chooseSyncAccounts([3, 3, 3], 250)).toEqual({ bySync: [true, true, true], used: 9 });
  });

  it('the smallest accounts first, as many as fit; ties in the order given; the others as jobs', () => {
    expect(chooseSyncAccounts([100, 3, 120, 3, 40], 150)).toEqual({ bySync: [true, true, false, true, true], used: 146 });
    expect(chooseSyncAccounts([60, 60, 60, 60, 60], 250)).toEqual({ bySync: [true, true, true, true, false], used: 240 });
  });

  it('stops at the first that does not fit (the smallest first: no later one fits either); nothing fits a spent budget', () => {
    expect(chooseSyncAccounts([10, 20, 30], 25)).toEqual({ bySync: [true, false, false], used: 10 });
    expect(chooseSyncAccounts([1, 2], 0)).toEqual({ bySync: [false, false], used: 0 });
    expect(chooseSyncAccounts([0, 5], 0)).toEqual({ bySync: [true, false], used: 0 });
    expect(chooseSyncAccounts([], 250)).toEqual({ bySync: [], used: 0 });
  });
});

describe('SyncBudget', () => {
  it('before any reply: the documented 250 in a window that opens with the first reservation', () => {
    const b = new SyncBudget();
    expect(b.available(T0)).toBe(250);
    expect(b.reserve(200, T0)).toBe(true);
    expect(b.available(T0)).toBe(50);
    expect(b.reserve(51, T0)).toBe(false);
    expect(b.available(T0)).toBe(50);
    expect(b.resetsAt()).toBe(T0 + 15 * MIN);
    // The window is over: the whole limit again.
    expect(b.available(T0 + 15 * MIN)).toBe(250);
  });

  it('follows the headers: a window another run spent leaves what the reply says, minus what is reserved and unanswered', () => {
    const b = new SyncBudget();
    expect(b.reserve(10, T0)).toBe(true);
    b.observe(endpoint(30, T0 + 5 * MIN));
    // 30 left as of that reply; 9 of our 10 not answered yet.
    expect(b.available(T0)).toBe(21);
    expect(b.resetsAt()).toBe(T0 + 5 * MIN);
    // Replies of one window arriving out of order: the lowest remaining stands.
    b.observe(endpoint(28, T0 + 5 * MIN));
    b.observe(endpoint(29, T0 + 5 * MIN));
    expect(b.available(T0)).toBe(28 - 7);
    expect(b.reserve(22, T0)).toBe(false);
    // At the reset the window is whole again (the limit the headers gave).
    expect(b.available(T0 + 5 * MIN)).toBe(250 - 7);
  });

  it('a later reset is a new window; the limit comes from the headers; other scopes and replies without figures are ignored', () => {
    const b = new SyncBudget();
    b.observe(endpoint(3, T0 + MIN, 100));
    expect(b.limit).toBe(100);
    expect(b.available(T0)).toBe(3);
    b.observe({ scope: 'account', limit: 2000, remaining: 1999, resetAt: T0 + MIN });
    b.observe({ scope: 'endpoint' });
    expect(b.available(T0)).toBe(3);
    b.observe(endpoint(99, T0 + 16 * MIN, 100));
    expect(b.available(T0 + 2 * MIN)).toBe(99);
  });

  it('one budget per client and API (the token is the client’s; the sandbox counts apart)', () => {
    const client = {};
    expect(syncBudget(client, 'ads')).toBe(syncBudget(client, 'ads'));
    expect(syncBudget(client, 'ads')).not.toBe(syncBudget(client, 'ads-sandbox'));
    expect(syncBudget({}, 'ads')).not.toBe(syncBudget(client, 'ads'));
  });
});

describe('asJobs', () => {
  it('the same ids per placement as jobs: one window, the request count unchanged for a range that fit one synchronous window', () => {
    const q = planQuery({
      account: { id: 'ag0000', api: 'ads' },
      entity: 'CAMPAIGN',
      groups: ['ENGAGEMENT'],
      mode: 'auto',
      range: { start: T0, end: T0 + 24 * 60 * MIN, granularity: 'DAY', zone: 'UTC', complete: true, today: '2026-09-03' },
      idsByPlacement: [
        { placement: 'ALL_ON_TWITTER', ids: Array.from({ length: 25 }, (_, i) => `c${i}`) },
        { placement: 'TREND', ids: ['c3'] },
      ],
    });
    expect(q.mode).toBe('sync');
    const j = asJobs(q);
    expect(j.mode).toBe('job');
    expect(j.plan.requests.map((r) => [r.placement, r.ids.length, r.series])).toEqual([
      ['ALL_ON_TWITTER', 20, 0],
      ['ALL_ON_TWITTER', 5, 1],
      ['TREND', 1, 2],
    ]);
    expect(j.plan.windows).toEqual(q.plan.windows);
    expect(asJobs(j)).toBe(j);
  });
});

describe('InOrder', () => {
  const series = (id: string) => [{ id } as unknown as Series];
  function recorder() {
    const out: string[] = [];
    const report: Report = {
      account: (run) => {
        const a = run.q.plan.account.id;
        out.push(`${a} start`);
        return { sink: (s) => out.push(`${a} ${s[0]!.id}`), done: () => out.push(`${a} done`), extra: () => out.push(`${a} extra`) };
      },
      failed: (a, m) => out.push(`${a} failed ${m}`),
      end: async () => undefined,
    };
    return { out, report };
  }
  const run = (id: string) => ({ q: { plan: { account: { id } } } }) as unknown as Parameters<Report['account']>[0];

  it('the next account in order writes through; one ahead is held and played back in its turn; a failure in its place', () => {
    const { out, report } = recorder();
    const o = new InOrder(report, 3);
    const c = o.slot(2).account(run('c'));
    c.sink(series('c1'));
    c.done();
    o.finish(2);
    o.slot(1).failed('b', 'HTTP 403');
    o.finish(1);
    expect(out).toEqual([]);
    const a = o.slot(0).account(run('a'));
    a.sink(series('a1'));
    expect(out).toEqual(['a start', 'a a1']);
    a.done();
    o.finish(0);
    expect(out).toEqual(['a start', 'a a1', 'a done', 'b failed HTTP 403', 'c start', 'c c1', 'c done']);
  });

  it('an account that becomes the next in order while it runs writes through from then on', () => {
    const { out, report } = recorder();
    const o = new InOrder(report, 2);
    const b = o.slot(1).account(run('b'));
    b.sink(series('b1'));
    o.finish(0);
    expect(out).toEqual(['b start', 'b b1']);
    b.sink(series('b2'));
    expect(out.at(-1)).toBe('b b2');
  });
});
