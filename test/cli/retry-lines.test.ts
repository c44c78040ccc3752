// Retries visible in a cron log (issue 27): one stderr line per retry or wait when stderr is not a terminal,
// none with --quiet; a refused connection to this machine fails at once with a hint naming the emulator.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, runCli, tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';

const exec = promisify(execFile);
const emu = freshEmulator();
const RETRY = /^retrying GET \/2\/tweets after server error 503 \(attempt (\d) of 6\) in \d+(\.\d)? (ms|s)$/;

describe('retry lines', () => {
  it('a cron-style run (stderr to a file) with two injected 503s logs two retry lines, and the data', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, times: 2, path: '/2/tweets' });
    const dir = tempDir();
    const log = join(dir, 'cron.log');
    const out = join(dir, 'posts.json');
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} posts lookup 20 -o json > ${out} 2>> ${log}`;
    await exec('sh', ['-c', cmd], { env: emu.cliEnv() as NodeJS.ProcessEnv });
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => RETRY.exec(l)?.[1])).toEqual(['2', '3']);
    expect(JSON.parse(readFileSync(out, 'utf8')).data[0].id).toBe('20');
    expect(emu.state.requests('GET', '/2/tweets').map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('on a terminal only with --verbose', async () => {
    for (const verbose of [false, true]) {
      emu.state.faults.add({ kind: 'status', status: 503, times: 1, path: '/2/tweets' });
      const term = terminal(['posts', 'lookup', '20', ...(verbose ? ['--verbose'] : [])], emu.cliEnv() as Record<string, string>);
      expect(await term.exit).toBe(0);
      const retried = /retrying GET \/2\/tweets after server error 503 \(attempt 2 of 6\)/.test(term.transcript());
      expect(retried, `--verbose ${verbose}`).toBe(verbose);
    }
  });

  it('--quiet silences them', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, times: 2, path: '/2/tweets' });
    const r = await emu.run(['posts', 'lookup', '20', '-o', 'json', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(emu.state.requests('GET', '/2/tweets')).toHaveLength(3);
  });
});

describe('connection refused on loopback', () => {
  it('fails at once (one attempt, exit 7) with a hint naming the emulator and POSTCTL_API_URL', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    const r = await runCli(['posts', 'lookup', '20', '-o', 'json'], {
      env: {
        ...baseEnv(tempDir()),
        POSTCTL_API_URL: `http://127.0.0.1:${port}`,
        POSTCTL_BEARER_TOKEN: 'AAAA',
        POSTCTL_RETRY_BASE_MS: '2000',
      },
    });
    expect(r.code).toBe(7);
    expect(r.stderr).not.toContain('retrying');
    expect(r.stderr).toContain(`nothing is listening on http://127.0.0.1:${port} (connection refused)`);
    const hint = r.errorJson().error.hint as string;
    expect(hint).toContain('postctl emulator');
    expect(hint).toContain('POSTCTL_API_URL');
    expect(hint).not.toContain('--timeout');
  });
});
