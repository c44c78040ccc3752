// Batch compliance jobs through the built CLI against the emulator: create a
// job and upload its ids to the upload URL, which is on another origin and
// must receive no credential; list and get; download the results to a file or
// stdout once the job is complete; the ids file checked line by line before
// anything is sent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const dir = tempDir('postctl-compliance-');
const IDS = join(dir, 'ids.txt');
writeFileSync(IDS, '1460323737035677691\n1460323737035677692\n\n1460323737035677693\n');

describe('compliance jobs', () => {
  it('create with --ids-file: the job, then the ids PUT to its upload URL with no credential; get, then download when complete', async () => {
    const c = await emu.run(['compliance', 'jobs', 'create', '--type', 'tweets', '--name', 'nightly', '--ids-file', IDS, '-o', 'json']);
    expect(c.code, c.stderr).toBe(0);
    const job = c.json().data;
    expect(job).toMatchObject({ type: 'tweets', name: 'nightly', status: 'created' });
    expect(c.stderr).toContain('uploaded 3 ids (61 bytes)');
    const post = emu.state.log.find((e) => e.method === 'POST' && e.path === '/2/compliance/jobs')!;
    expect(post.authScheme).toBe('Bearer');
    const put = emu.state.log.find((e) => e.api === 'download' && e.method === 'PUT')!;
    expect(put).toMatchObject({ auth: 'none', status: 200, body: '61 bytes' });
    expect(job.upload_url.startsWith(emu.downloadUrl)).toBe(true);

    const early = await emu.run(['compliance', 'jobs', 'get', job.id, '--download', join(dir, 'early.jsonl')]);
    expect(early.code).toBe(4);
    expect(early.stderr).toContain('is in_progress: no results to download yet');

    const out = join(dir, 'results.jsonl');
    const got = await emu.run(['compliance', 'jobs', 'get', job.id, '--download', out, '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json().data.status).toBe('complete');
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['1460323737035677691', '1460323737035677693']);
    const toStdout = await emu.run(['compliance', 'jobs', 'get', job.id, '--download', '-']);
    expect(toStdout.code, toStdout.stderr).toBe(0);
    expect(toStdout.stdout.trim().split('\n')).toHaveLength(2);
    const downloads = emu.state.log.filter((e) => e.api === 'download' && e.method === 'GET');
    expect(downloads.map((e) => [e.auth, e.status])).toEqual([
      ['none', 200],
      ['none', 200],
    ]);
  });

  it('list by type and status (table and CSV); get shows the URLs', async () => {
    await emu.run(['compliance', 'jobs', 'create', '--type', 'users', '--name', 'u1']);
    await emu.run(['compliance', 'jobs', 'create', '--type', 'tweets', '--name', 't1']);
    const l = await emu.run(['compliance', 'jobs', 'list', '--type', 'users', '--status', 'created', '-o', 'csv']);
    expect(l.code, l.stderr).toBe(0);
    expect(l.stdout).toContain(',users,created,u1,');
    expect(l.stdout).not.toContain('t1');
    expect(emu.state.log.at(-1)!.query).toContainEqual(['status', 'created']);
  });

  it('rules before sending: --type missing or unknown, a long name, a bad ids line (named), an empty file, a bad job id — nothing sent', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '1460323737035677691\nabc\n');
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '\n\n');
    const cases: Array<[string[], number, string]> = [
      [['compliance', 'jobs', 'create'], 2, '--type is required'],
      [['compliance', 'jobs', 'create', '--type', 'likes'], 6, '--type'],
      [['compliance', 'jobs', 'create', '--type', 'tweets', '--name', 'x'.repeat(65)], 6, '--name'],
      [['compliance', 'jobs', 'create', '--type', 'tweets', '--ids-file', bad], 6, 'line 2'],
      [['compliance', 'jobs', 'create', '--type', 'tweets', '--ids-file', empty], 6, 'holds no ids'],
      [['compliance', 'jobs', 'list'], 2, '--type is required'],
      [['compliance', 'jobs', 'get', '../1'], 6, 'job_id'],
    ];
    for (const [args, code, text] of cases) {
      const r = await emu.run(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toContain(text);
    }
    expect(emu.state.log.filter((e) => e.path.startsWith('/2/compliance') || e.api === 'download')).toEqual([]);
  });
});
