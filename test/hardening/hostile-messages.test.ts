// The neutraliser sweep over every path text from the API or a file takes to a
// person besides the data formats (those: hostile-output.test.ts, table, csv,
// json and jsonl on a real terminal): error lines (text and -o json), the
// --verbose trace of a reply, warnings, and progress lines. Each gets raw ESC,
// BEL, C1 CSI and U+202E; none may reach stderr, and the visible form (␛)
// must, so the text was shown defused rather than dropped.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { hostileServer, type Hostile } from '../helpers/hostile.js';

const EVIL = '\u001b]0;pwned\u0007\u001b[2Jevil\u202etxt\u009b31m';
const RAW = /\u001b|\u0007|\u009b|\u202e/;

let h: Hostile;
let emu: TestEmulator;
beforeAll(async () => {
  [h, emu] = await Promise.all([hostileServer(), testEmulator()]);
});
afterAll(async () => {
  await Promise.all([h.close(), emu.close()]);
});

const clean = (stderr: string): void => {
  expect(stderr).not.toMatch(RAW);
  expect(stderr).toContain('␛');
};

describe('text from the API on stderr is neutralised on every path', () => {
  for (const format of ['table', 'json'] as const) {
    it(`an error message (-o ${format}): the error line shows it defused`, async () => {
      h.handle((_req, res) => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: `bad ${EVIL}`, code: 214 }] }));
      });
      const r = await runCli(['posts', 'lookup', '7', '-o', format], { env: h.env() });
      expect(r.code).toBe(6);
      expect(h.requests).toHaveLength(1);
      clean(r.stderr);
    });
  }

  it('--verbose: the trace of a reply body with raw control bytes shows them defused', async () => {
    // Not JSON, so the raw bytes reach the trace as they came.
    h.handle((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`not here ${EVIL}`);
    });
    const r = await runCli(['posts', 'lookup', '7', '--verbose'], { env: h.env() });
    expect(r.code).toBe(4);
    // The trace's own line: `< not here …`, defused.
    const traced = r.stderr.split('\n').filter((l) => l.startsWith('< not here'));
    expect(traced).toHaveLength(1);
    expect(traced[0]).toContain('␛]0;pwned');
    clean(r.stderr);
  });

  it('--verbose: a JSON reply whose strings hold raw C1 and bidi controls (valid JSON) is traced defused', async () => {
    h.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // JSON.stringify escapes ESC and BEL but leaves U+009B and U+202E raw; add a raw ESC by hand (the parser refuses it, so keep it out of strings).
      res.end(JSON.stringify({ data: [{ id: '7', text: `x\u009b31m\u202etxt` }] }));
    });
    const r = await runCli(['posts', 'lookup', '7', '--verbose', '-o', 'json'], { env: h.env() });
    expect(r.code, r.stderr).toBe(0);
    const traced = r.stderr.split('\n').filter((l) => l.startsWith('< {'));
    expect(traced).toHaveLength(1);
    expect(traced[0]).not.toMatch(RAW);
    expect(traced[0]).toMatch(/\\x9b31m|\\u009b31m/);
  });

  it('a progress line names the file: a file name with control characters is shown defused', async () => {
    const dir = tempDir('postctl-hostile-progress-');
    const file = join(dir, `clip\u001b[2J\u0007\u202e.png`);
    writeFileSync(file, Buffer.alloc(3000, 1));
    // Slow chunks, so the plain progress timer (every 0.05 s here) fires during the upload; --chunked, as a small
    // image otherwise goes up in one request, which has no byte progress.
    emu.state.faults.add({ kind: 'latency', path: '/2/media/upload', times: 100, latencyMs: 300 });
    const r = await emu.run(['media', 'upload', file, '--chunked', '--alt-text', 'x'], { env: { POSTCTL_PROGRESS_INTERVAL: '0.05' } });
    emu.state.faults.clear();
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.includes(' bytes: '));
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const l of lines) expect(l).toContain('clip␛[2J');
    clean(r.stderr);
  });
});
