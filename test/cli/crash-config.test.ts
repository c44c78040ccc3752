// Crash safety of the config store: writers killed with SIGKILL at random
// moments never leave a corrupt file or a wedged lock, and every writer that
// finished keeps its update.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/emulator/random.js';
import { BIN, baseEnv, runCli, tempDir } from '../helpers/cli.js';

describe('config writes under kill -9', () => {
  it('never corrupts the file, never loses a finished update, never wedges the lock', async () => {
    const dir = tempDir();
    const rnd = seededRandom(20261122);
    const n = 24;
    const outcomes = await Promise.all(
      Array.from({ length: n }, (_, i) => new Promise<{ i: number; code: number | null }>((resolve) => {
        const child = spawn(process.execPath, [BIN, '--profile', `w${i}`, 'config', 'set', 'ads_account', `acct-${i}`], { env: { ...baseEnv(dir), POSTCTL_TEST_WRITE_PAUSE_MS: '40' }, stdio: 'ignore' });
        // Half of them are killed somewhere between start-up and the write.
        if (i % 2 === 0) setTimeout(() => child.kill('SIGKILL'), 150 + Math.floor(rnd() * 900));
        child.on('close', (code) => resolve({ i, code }));
      })),
    );
    const file = join(dir, 'config.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const finished = outcomes.filter((o) => o.code === 0);
    for (const { i } of finished) expect(data.profiles[`w${i}`]).toEqual({ ads_account: `acct-${i}` });
    // A killed writer either landed its update whole or not at all.
    for (const [name, profile] of Object.entries(data.profiles as Record<string, unknown>)) expect(profile).toEqual({ ads_account: `acct-${name.slice(1)}` });
    // The lock is usable afterwards (a stale lock of a killed writer is broken).
    const after = await runCli(['--profile', 'after', 'config', 'set', 'ads_account', 'ok'], { env: baseEnv(dir), timeoutMs: 30_000 });
    expect(after.code).toBe(0);
    console.log(`config crash test: ${n} writers, ${outcomes.filter((o) => o.code === null).length} killed, ${finished.length} finished, ${Object.keys(data.profiles).length} profiles on disk`);
  });
});
