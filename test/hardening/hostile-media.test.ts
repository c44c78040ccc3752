// Media uploads against a hostile loopback server: processing that never ends,
// a file that grows during the upload, a finalize answering for another media
// id, and a FIFO planted at the state-file path.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { hostileServer, json, type Hostile } from '../helpers/hostile.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.close());

const MEDIA_ID = '1880028106020515840';
const MiB = 1024 * 1024;
const dir = tempDir('postctl-hostile-media-');

function video(name: string, size: number): string {
  const path = join(dir, name);
  const bytes = Buffer.alloc(size, 7);
  Buffer.from('\0\0\0\x18ftypmp42', 'latin1').copy(bytes, 0);
  writeFileSync(path, bytes);
  return path;
}

/** A media server; `finalizeId` and `status` shape the hostile parts, `onAppend` runs before an append is answered. */
function mediaServer(o: { finalizeId?: string; processing?: 'pending'; onAppend?: (n: number) => void } = {}) {
  let appends = 0;
  h.handle((_req, res, seen) => {
    if (seen.path === '/2/media/upload/initialize')
      return json(res, { data: { id: MEDIA_ID, media_key: `7_${MEDIA_ID}`, expires_after_secs: 86_400 } });
    if (seen.path.endsWith('/append')) {
      o.onAppend?.(++appends);
      return json(res, { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } });
    }
    const processing = { state: 'pending', check_after_secs: 1 };
    if (seen.path.endsWith('/finalize'))
      return json(res, { data: { id: o.finalizeId ?? MEDIA_ID, media_key: `7_${MEDIA_ID}`, processing_info: processing } });
    if (seen.path === '/2/media/upload') return json(res, { data: { id: MEDIA_ID, processing_info: processing } });
    json(res, { title: 'Not Found', status: 404, type: 'about:blank' }, 404);
  });
}

const paths = () => h.requests.map((s) => s.path.replace(MEDIA_ID, 'ID'));

describe('media upload against a hostile server', () => {
  it('processing that never finishes: exit 7 within --processing-timeout, naming the media id', async () => {
    mediaServer();
    const path = video('never.mp4', 1000);
    const t0 = Date.now();
    const r = await runCli(['media', 'upload', path, '--processing-timeout', '3'], { env: h.env() });
    const s = (Date.now() - t0) / 1000;
    const polls = h.requests.filter((q) => q.path === '/2/media/upload').length;
    console.log(`[hostile] never-ready media, --processing-timeout 3: exit ${r.code} after ${s.toFixed(1)} s, ${polls} STATUS polls`);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(new RegExp(`media ${MEDIA_ID} is still pending after [23] s of processing \\(--processing-timeout\\)`));
    expect(r.stderr).toContain(`media_id=${MEDIA_ID}`);
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(polls).toBeLessThanOrEqual(3);
  }, 20_000);

  it('a file that grows during the upload: exit 6 before the next append, nothing finalized', async () => {
    const path = video('growing.mp4', 2 * MiB + 5000);
    mediaServer({ onAppend: (n) => n === 1 && appendFileSync(path, Buffer.alloc(4096, 1)) });
    const r = await runCli(['media', 'upload', path, '--chunk-size', '1'], { env: h.env() });
    console.log(`[hostile] growing file: exit ${r.code}, requests ${paths().join(' ')}`);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(
      `${path} changed during the upload (before chunk 1: size ${2 * MiB + 5000} → ${2 * MiB + 5000 + 4096} bytes)`,
    );
    expect(r.stderr).toContain(`media ${MEDIA_ID} was not finalized`);
    expect(paths()).toEqual(['/2/media/upload/initialize', '/2/media/upload/ID/append']);
  });

  it('a file rewritten (same size, new mtime) during its last chunk: exit 6 before finalize', async () => {
    const path = video('rewritten.mp4', 1000);
    mediaServer({ onAppend: () => writeFileSync(path, Buffer.alloc(1000, 9)) });
    const r = await runCli(['media', 'upload', path], { env: h.env() });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('changed during the upload (before finalize: modified at');
    expect(paths()).not.toContain('/2/media/upload/ID/finalize');
  });

  it('a finalize answering for another media id: exit 7, nothing printed as the result', async () => {
    mediaServer({ finalizeId: '999999999999' });
    const path = video('other.mp4', 1000);
    const r = await runCli(['media', 'upload', path, '-o', 'json'], { env: h.env() });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`the finalize answer is about media 999999999999, not media ${MEDIA_ID}`);
  });

  it('a FIFO at the state-file path: exit 2 at once, nothing sent', async () => {
    mediaServer();
    const path = video('fifo.mp4', 1000);
    const state = join(dir, 'planted.fifo');
    expect(spawnSync('mkfifo', [state]).status).toBe(0);
    const t0 = Date.now();
    const r = await runCli(['media', 'upload', path, '--state', state, '--resume'], { env: h.env(), timeoutMs: 10_000 });
    console.log(`[hostile] FIFO state path: exit ${r.code} in ${Date.now() - t0} ms`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing the upload state ${state}: it is not a regular file (a FIFO)`);
    expect(h.requests).toHaveLength(0);
    expect(existsSync(state)).toBe(true);
  });
});
