// Bulk failures that --resume cannot fix (issue 13): an unreadable or invalid
// input (a Latin-1 file) and a 4xx for the target (an unknown audience) print
// the cause first and alone — no summary of zeros, no resume advice — and no
// state file is named unless one exists. A failure --resume can fix (the
// server gave out) keeps the summary, the state file and the advice.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audienceStore, Received } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();

function input(name: string, content: string | Buffer): string {
  const f = join(tempDir('postctl-fail-'), name);
  writeFileSync(f, content);
  return f;
}

describe('upload failures --resume cannot fix', () => {
  it('a Latin-1 file: the cause first and alone, exit 6, no state file, nothing sent', async () => {
    const f = input('latin1.txt', Buffer.from('ok.person@example.org\nj\xe9r\xf4me@example.fr\n', 'latin1'));
    const before = emu.state.log.length;
    const r = await emu.run(['audiences', 'upload', 'any', '--file', f, '--type', 'email']);
    expect(r.code).toBe(6);
    expect(r.stderr.split('\n')[0]).toBe('error: latin1.txt line 2: not valid UTF-8 (save the file as UTF-8)'.replace('latin1.txt', f));
    expect(r.stderr).not.toMatch(/resume|state/);
    expect(r.stdout).toBe('');
    expect(existsSync(`${f}.postctl-state.json`)).toBe(false);
    expect(emu.state.log.length - before).toBe(0);
  });

  it('an unknown audience (404): the cause first, exit 4, no resume advice, no state file named', async () => {
    const f = input('emails.txt', 'a.person@example.org\nb.person@example.org\n');
    const r = await emu.run(['audiences', 'upload', 'nosuchaud', '--file', f, '--type', 'email', '-o', 'json']);
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: POST .*\/custom_audiences\/nosuchaud\/users failed with HTTP 404/);
    expect(r.stderr).not.toMatch(/resume|state/);
    expect(r.stdout).toBe('');
    expect(existsSync(`${f}.postctl-state.json`)).toBe(false);
  });

  it('a missing input file: exit 6 naming it (as in every verb), no summary', async () => {
    const f = join(tempDir(), 'missing.txt');
    const r = await emu.run(['audiences', 'upload', 'any', '--file', f, '--type', 'email']);
    expect(r.code).toBe(6);
    expect(r.stderr.split('\n')[0]).toBe(`error: cannot read ${f}: no such file`);
    expect(r.stdout).toBe('');
  });
});

describe('upload failures --resume can fix', () => {
  it('the server gives out after some batches: summary, existing state file named, resume advice, exit 7', async () => {
    const id = 'hfail5xx';
    audienceStore(emu.state).audiences.set(id, {
      id,
      name: id,
      owner: EMU_ACCOUNT,
      received: new Received(),
      permissions: [],
      targeted: [],
    });
    const f = input('emails.txt', Array.from({ length: 1000 }, (_, i) => `p.${i}@example.org`).join('\n') + '\n');
    emu.state.faults.add({ kind: 'status', status: 503, path: `/${id}/users`, after: 3, times: 1000 });
    const r = await emu.run(
      ['audiences', 'upload', id, '--file', f, '--type', 'email', '--batch-size', '50', '--concurrency', '1', '-o', 'json'],
      { env: { POSTCTL_MAX_RETRIES: '0' } },
    );
    expect(r.code, r.stderr).toBe(7);
    const summary = r.json();
    expect(summary.accepted).toBe(150);
    expect(summary.state_file).toBe(`${f}.postctl-state.json`);
    expect(existsSync(summary.state_file)).toBe(true);
    expect(r.stderr).toContain('rerun with --resume to send only the rest');
  });
});
