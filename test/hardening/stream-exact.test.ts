// Streams against a loopback server: the reconnect delays grow (each attempt's
// delay is within its doubling ceiling: half of it to all of it, so the
// ranges do not overlap), read from the --verbose line the stream writes before
// each wait — recorded delays, not wall-clock timing; and numbers in a stream
// line beyond 2^53 come out with their exact digits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { hostileServer, STREAMS, type Hostile } from '../helpers/hostile.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.close());

describe('stream reconnects back off', () => {
  for (const [label, args, path] of STREAMS) {
    it(`${label}: the delay before reconnect attempt k is within [base·2^(k-1)/2, base·2^(k-1)]`, async () => {
      h.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('\r\n');
      });
      const base = 16;
      const r = await runCli([...args, '--max-reconnects', '5', '--verbose'], { env: h.env({ POSTCTL_RETRY_BASE_MS: String(base) }) });
      expect(r.code, r.stderr).toBe(7);
      expect(h.requests.filter((s) => s.path === path)).toHaveLength(6);
      const delays = [...r.stderr.matchAll(/reconnect attempt (\d+): waiting (\d+) ms/g)].map((m): [number, number] => [
        Number(m[1]),
        Number(m[2]),
      ]);
      expect(delays.map(([k]) => k)).toEqual([1, 2, 3, 4, 5]);
      for (const [k, ms] of delays) {
        const ceiling = base * 2 ** (k - 1);
        expect(ms, `attempt ${k}`).toBeGreaterThanOrEqual(ceiling / 2);
        expect(ms, `attempt ${k}`).toBeLessThanOrEqual(ceiling);
      }
      // Growing: each delay is at least the previous one (the ranges only touch at their ends).
      for (let i = 1; i < delays.length; i++) expect(delays[i]![1]).toBeGreaterThanOrEqual(delays[i - 1]![1]);
      // The fifth wait is at least four times the first (128 ms or more against 16 ms or less).
      expect(delays[4]![1]).toBeGreaterThanOrEqual(4 * delays[0]![1]);
    });
  }
});

describe('numbers in stream lines are exact', () => {
  // 2^63 - 1 and a 19-digit id: as doubles they would print …5800 and …4000.
  const BIG = '9223372036854775807';
  const ID = '1234567890123456789';
  for (const [label, args] of STREAMS) {
    for (const format of ['json', 'jsonl'] as const) {
      it(`${label} -o ${format}: a 19-digit number beyond 2^53 keeps every digit`, async () => {
        h.handle((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            `{"data":{"id":"${ID}","text":"big","event_uuid":"${ID}","author_id":"1","count":${ID}},"matching_rules":[{"id":${BIG},"tag":"t"}]}\r\n`,
          );
        });
        const r = await runCli([...args, '--limit', '1', '-o', format], { env: h.env({ POSTCTL_RETRY_BASE_MS: '1' }) });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain(`"count":${ID}`);
        expect(r.stdout).toMatch(new RegExp(`"id":\\s?${BIG}`));
        expect(r.stdout).not.toContain('1234567890123456800');
        expect(r.stdout).not.toContain('9223372036854776000');
      });
    }
  }
});
