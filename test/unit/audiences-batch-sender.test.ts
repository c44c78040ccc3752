// The BatchSender on its own: the summary counters each outcome of a batch
// moves (confirmed, count mismatch, items rejected and the rest resent,
// failures in a row, dry run), with real batches from the Batcher and a
// scripted `post` standing in for the users endpoint.
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.js';
import { BatchSender, GIVE_UP_AFTER, MISMATCH_ATTEMPTS } from '../../src/audiences/batch-sender.js';
import { Batcher, UserEncoder, envelope, type Batch } from '../../src/audiences/encode.js';
import { RejectSink } from '../../src/audiences/rejects.js';
import { Pacer } from '../../src/bulk/pacer.js';
import type { ApiResponse } from '../../src/http/client.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Batches of `size` email digests, on input lines 1, 2, 3 … */
function batches(users: number, size: number): Batch[] {
  const batcher = new Batcher(size, envelope('Update', {}), UserEncoder.wrapOf('email'));
  const out: Batch[] = [];
  for (let line = 1; line <= users; line++) {
    const b = batcher.add(line, sha(String(line)), 64);
    if (b) out.push(b);
  }
  const last = batcher.flush();
  if (last) out.push(last);
  return out;
}

const usersIn = (body: Buffer): number =>
  (JSON.parse(body.toString('utf8')) as Array<{ params: { users: unknown[] } }>)[0]!.params.users.length;

function response(status: number, body: unknown): ApiResponse {
  return {
    status,
    headers: {},
    body,
    text: JSON.stringify(body),
    raw: Buffer.from(JSON.stringify(body)),
    rateLimit: {},
    attempts: 1,
    method: 'POST',
    url: 'https://ads-api.example/users',
  };
}

const counted = (n: number) => response(200, { data: { success_count: n, total_count: n } });

function sender(post: (body: Buffer) => Promise<ApiResponse>, extra: { dryRunOut?: NodeJS.WritableStream } = {}) {
  const ticks: number[] = [];
  const verbose: string[] = [];
  const rejects = new RejectSink();
  const bodies: Buffer[] = [];
  const s = new BatchSender({
    post: (body) => {
      bodies.push(Buffer.from(body));
      return post(body);
    },
    pacer: new Pacer(),
    rejects,
    progress: { tick: (n = 1) => ticks.push(n), setTotal() {}, done() {} },
    signal: new AbortController().signal,
    verbose: (m) => verbose.push(m),
    recycle: () => {},
    ...extra,
  });
  return { s, ticks, verbose, rejects, bodies };
}

describe('BatchSender counters', () => {
  it('a batch whose counts match is confirmed', async () => {
    const { s, ticks, bodies } = sender(async (body) => counted(usersIn(body)));
    for (const b of batches(5, 3)) await s.send(b);
    expect(s.summary).toMatchObject({
      sent: 5,
      batches_sent: 2,
      accepted: 5,
      batches_confirmed: 2,
      failed: 0,
      batches_failed: 0,
      count_mismatches: 0,
    });
    expect(bodies).toHaveLength(2);
    expect(ticks).toEqual([3, 2]);
    expect(s.lastTaken).toBe(5);
    expect(s.onlyError).toBeUndefined();
  });

  it(`a count mismatch is resent until ${MISMATCH_ATTEMPTS} attempts, then the batch fails with every line rejected`, async () => {
    const { s, rejects, bodies, verbose } = sender(async () => counted(1));
    await s.send(batches(3, 3)[0]!);
    expect(bodies).toHaveLength(MISMATCH_ATTEMPTS);
    expect(verbose).toHaveLength(MISMATCH_ATTEMPTS - 1);
    expect(s.summary).toMatchObject({
      sent: 3,
      batches_sent: 1,
      accepted: 0,
      failed: 3,
      batches_failed: 1,
      count_mismatches: MISMATCH_ATTEMPTS,
    });
    expect(s.summary.failures).toEqual([
      {
        batch: 0,
        lines: '1-3',
        users: 3,
        error: `count mismatch after ${MISMATCH_ATTEMPTS} attempts: sent 3 users, the API answered success_count 1, total_count 1`,
      },
    ]);
    expect(rejects.count).toBe(3);
    // A count mismatch is the API's answer, not a server or network failure.
    expect(s.onlyError).toBeUndefined();
  });

  it('users the API names are dropped and the others resent; the batch then confirms', async () => {
    let call = 0;
    const { s, rejects, bodies } = sender(async (body) =>
      call++ === 0 ? response(400, { operation_errors: [{ index: 1, message: 'bad identifier' }] }) : counted(usersIn(body)),
    );
    await s.send(batches(3, 3)[0]!);
    expect(bodies.map(usersIn)).toEqual([3, 2]);
    expect(s.summary).toMatchObject({ sent: 3, batches_sent: 1, accepted: 2, batches_confirmed: 1, failed: 1, batches_failed: 0 });
    expect(s.summary.failures).toEqual([{ batch: 0, lines: '2', users: 1, error: 'rejected by the API' }]);
    expect(rejects.first).toEqual([{ line: 2, field: '', value: '', reason: 'failed: rejected by the API: bad identifier' }]);
  });

  it(`failures in a row end the run at the ${GIVE_UP_AFTER}th; with nothing accepted the last error is the run's error`, async () => {
    const { s } = sender(async () => {
      throw new Error('socket hang up');
    });
    const all = batches(GIVE_UP_AFTER, 1);
    for (const b of all.slice(0, -1)) await s.send(b);
    expect(s.summary).toMatchObject({ batches_failed: GIVE_UP_AFTER - 1, failed: GIVE_UP_AFTER - 1 });
    await expect(s.send(all.at(-1)!)).rejects.toThrow('socket hang up');
    expect(s.summary.batches_failed).toBe(GIVE_UP_AFTER);
    expect((s.onlyError as Error).message).toBe('socket hang up');
  });

  it('a 5xx after the client retries counts as a thrown failure; a 401 stops at once', async () => {
    const { s } = sender(async () => response(503, { errors: [{ message: 'over capacity' }] }));
    await s.send(batches(1, 1)[0]!);
    expect(s.summary).toMatchObject({ batches_failed: 1, failed: 1 });
    expect(s.onlyError).toBeInstanceOf(ApiError);
    const denied = sender(async () => response(401, {}));
    await expect(denied.s.send(batches(1, 1)[0]!)).rejects.toBeInstanceOf(ApiError);
    expect(denied.s.summary).toMatchObject({ batches_failed: 0, failed: 0 });
  });

  it('a dry run writes one operation per line and sends nothing', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const { s, bodies } = sender(async () => counted(0), { dryRunOut: out });
    for (const b of batches(4, 2)) await s.send(b);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect((JSON.parse(lines[0]!) as { params: { users: unknown[] } }).params.users).toHaveLength(2);
    expect(bodies).toHaveLength(0);
    expect(s.summary).toMatchObject({ sent: 4, batches_sent: 0, accepted: 0 });
  });
});
