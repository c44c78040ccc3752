// A throwaway PostgreSQL cluster for the store tests: initdb into a temp dir and
// pg_ctl start on 127.0.0.1 at a free port (its socket in the same dir), stopped
// after the file's tests. initdb refuses to run as root, so as root the tools run
// as the `postgres` user (runuser) with the dir handed to it. Where PostgreSQL
// cannot be found or started, `pg.skip` says why and the tests skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

function findBin(): string | undefined {
  const inPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (inPath) return join(inPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestPostgres {
  /** Why the tests skip (undefined when the server runs). */
  readonly skip: string | undefined;
  /** A URL of a new, empty database on the cluster. */
  database(): Promise<string>;
}

/** Starts a cluster before the file's tests (call at the top level of a test file), stops it after. */
export function testPostgres(): TestPostgres {
  let dir: string | undefined;
  let bin: string | undefined;
  let asUser: string[] = [];
  let port = 0;
  let skip: string | undefined = 'not started';
  let n = 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(asUser.length ? asUser[0]! : join(bin!, tool), asUser.length ? [...asUser.slice(1), join(bin!, tool), ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  beforeAll(async () => {
    bin = findBin();
    if (!bin) {
      skip = 'PostgreSQL not found (no initdb in PATH nor /usr/lib/postgresql/*/bin)';
      console.warn(`pg tests skipped: ${skip}`);
      return;
    }
    const root = process.getuid?.() === 0;
    // The suite's temp dir is root's own (0700): the postgres user could not reach a cluster inside it.
    dir = mkdtempSync(join(root ? '/tmp' : tmpdir(), 'postctl-pg-'));
    if (root) {
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (ids.status !== 0) {
        skip = 'running as root and there is no postgres user to run initdb as';
        console.warn(`pg tests skipped: ${skip}`);
        return;
      }
      chownSync(dir, Number(ids.stdout), Number(gid.stdout));
      asUser = ['runuser', '-u', 'postgres', '--'];
    }
    chmodSync(dir, 0o700);
    try {
      port = await freePort();
      run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
      run('pg_ctl', [
        '-D',
        join(dir, 'data'),
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
      skip = undefined;
    } catch (e) {
      skip = `PostgreSQL did not start: ${
        String((e as { stderr?: string }).stderr ?? e)
          .trim()
          .split('\n')[0]
      }`;
      console.warn(`pg tests skipped: ${skip}`);
    }
  }, 60_000);
  afterAll(() => {
    if (dir && !skip) {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Stopped already, or never fully started: the directory goes either way.
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get skip() {
      return skip;
    },
    async database() {
      const name = `t${process.pid}_${++n}`;
      const pg = (await import('pg')).default;
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}
