// Progress when stderr is not a terminal: plain lines every POSTCTL_PROGRESS_INTERVAL
// seconds with counts, rate and ETA (a cron log or `| tee` is not silent until the summary).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EMU_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const exec = promisify(execFile);
const emu = fileEmulator();

function emails(n: number): string {
  const dir = tempDir();
  const file = join(dir, 'emails.txt');
  writeFileSync(file, Array.from({ length: n }, (_, i) => `user${i}@example.com`).join('\n') + '\n');
  return file;
}

describe('progress on a non-terminal stderr', () => {
  it('a 6,000-email upload against a slow server leaves several plain progress lines in the stderr file', async () => {
    const file = emails(6000);
    const err = join(tempDir(), 'err.txt');
    // Every batch waits 100 ms: 12 batches one at a time take over 1.2 s, six intervals of 0.2 s.
    emu.state.faults.add({ kind: 'latency', path: `/custom_audiences/${EMU_AUDIENCE}/users`, times: 100, latencyMs: 100 });
    const cmd = `node ${JSON.stringify(BIN)} audiences upload ${EMU_AUDIENCE} --file ${JSON.stringify(file)} --type email --batch-size 500 --concurrency 1 >/dev/null 2>${JSON.stringify(err)}`;
    await exec('bash', ['-c', cmd], { env: { ...emu.cliEnv({ POSTCTL_PROGRESS_INTERVAL: '0.2' }) } as NodeJS.ProcessEnv, timeout: 60_000 });
    const lines = readFileSync(err, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('uploading: '));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const l of lines) expect(l).toMatch(/^uploading: [\d,]+(\/[\d,]+ \(\d+%\))?, [\d.]+\/s(, ETA \S+)?$/);
    // Counts only grow, and the last line (printed at the end) has them all.
    const counts = lines.map((l) => Number(/^uploading: ([\d,]+)/.exec(l)![1]!.replace(/,/g, '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBeGreaterThanOrEqual(6000);
    expect(readFileSync(err, 'utf8')).not.toContain('\r');
  }, 60_000);

  it('POSTCTL_PROGRESS_INTERVAL=0 turns the lines off', async () => {
    const file = emails(1500);
    // 6 batches of 100 ms: several of the intervals the test above prints at, yet no line.
    emu.state.faults.add({ kind: 'latency', path: `/custom_audiences/${EMU_AUDIENCE}/users`, times: 100, latencyMs: 100 });
    const r = await emu.run(
      ['audiences', 'upload', EMU_AUDIENCE, '--file', file, '--type', 'email', '--batch-size', '250', '--concurrency', '1'],
      { env: { POSTCTL_PROGRESS_INTERVAL: '0' } },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('uploading:');
  }, 60_000);
});
