// SIGTERM always ends the process, even when the clean-up waits on something
// that never returns: here a read of a FIFO whose writer never writes, which
// blocks a thread of libuv's pool (process.exit() would then hang joining it).
import { spawnSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, runCli, tempDir } from '../helpers/cli.js';

/** Opens the FIFO's write end once the CLI has opened its read end (ENXIO until then): the barrier. */
async function writerOnceRead(fifo: string): Promise<number> {
  for (;;) {
    try {
      return openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('a signal ends a run that is stuck', () => {
  it('audiences upload reading a silent FIFO: SIGTERM ends it after POSTCTL_STOP_GRACE_MS, by the signal', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'emails.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    let writer: number | undefined;
    const env = {
      ...baseEnv(dir),
      POSTCTL_ADS_URL: 'http://127.0.0.1:9/ads',
      POSTCTL_ADS_ACCOUNT: '18ce54d4x5t',
      POSTCTL_CONSUMER_KEY: 'k',
      POSTCTL_CONSUMER_SECRET: 's',
      POSTCTL_ACCESS_TOKEN: 't',
      POSTCTL_ACCESS_TOKEN_SECRET: 'u',
      POSTCTL_STOP_GRACE_MS: '300',
    };
    let sentAt = 0;
    const r = await runCli(['audiences', 'upload', 'abc12', '--file', fifo, '--type', 'email'], {
      env,
      timeoutMs: 15_000,
      onSpawn: (child) => {
        void writerOnceRead(fifo).then((fd) => {
          writer = fd;
          // The CLI is inside its read (its handlers are installed long before): stop it.
          setTimeout(() => {
            sentAt = Date.now();
            child.kill('SIGTERM');
          }, 200);
        });
      },
    });
    const ms = Date.now() - sentAt;
    if (writer !== undefined) closeSync(writer);
    console.log(`[hostile] stuck FIFO read, SIGTERM with a 300 ms grace: ended by ${r.signal ?? r.code} after ${ms} ms`);
    expect(r.signal).toBe('SIGTERM');
  }, 20_000);
});
