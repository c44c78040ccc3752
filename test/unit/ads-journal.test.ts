// The change journal's pure parts and its file: every ads write verb takes --reason (a sweep of the command
// tree), what a write is journaled as (entity, id, op, new values) for single requests and batches, which line
// items a resume --cascade resumes, the command line as recorded, and the append under the safe-file rule.
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cascadeChildren, changesOf, fieldsText } from '../../src/ads/journal-read.js';
import { ChangeJournal, commandLine, targetsOf } from '../../src/ads/journal.js';
import type { StatusStep } from '../../src/ads/status-change.js';
import { MANIFEST } from '../../src/commands/manifest/ads.js';
import { appendJournal, appendSafe, readJournal } from '../../src/config/journal.js';
import { UnsafeFileError } from '../../src/config/safe-file.js';
import { accessOf } from '../../src/mcp/access.js';
import { toolShape } from '../../src/mcp/tool-schema.js';
import { tempDir } from '../helpers/cli.js';

/**
 * Ads verbs the access rule calls writes that send no write: they only read (and print a plan or a file, or
 * write the local store of `ads sync`; those three are never MCP tools either).
 */
const NOT_WRITES = ['ads plan', 'ads export', 'ads line-items placements', 'ads sync', 'ads sync status', 'ads sql'];

describe('--reason on every ads write verb', () => {
  const verbs = MANIFEST.verbs.map((v) => ({ words: v.words.join(' '), v, access: accessOf(toolShape(v.words, v)) }));
  const writes = verbs.filter((x) => x.access === 'write' && !NOT_WRITES.includes(x.words));

  it('each declares --reason <text>', () => {
    expect(writes.length).toBeGreaterThan(40);
    const missing = writes.filter((x) => !(x.v.options ?? []).some((o) => o.flags === '--reason <text>')).map((x) => x.words);
    expect(missing).toEqual([]);
  });

  it('the verbs left out exist and are reads by what they send (none of them is a write by its name)', () => {
    for (const w of NOT_WRITES) expect(verbs.find((x) => x.words === w)?.access, w).toBe('write');
    expect(writes.map((x) => x.words)).toEqual(expect.arrayContaining(['ads apply', 'ads campaigns pause', 'ads campaigns create']));
  });
});

describe('what a write is journaled as', () => {
  const account = { api: 'ads' as const };
  it('a PUT of entity_status is a pause or a resume of that entity; other fields an update', () => {
    expect(targetsOf({ ...account, method: 'PUT', path: '12/accounts/abc/line_items/8u94t', query: { entity_status: 'PAUSED' } })).toEqual({
      account: 'abc',
      targets: [{ entity: 'line_item', id: '8u94t', op: 'pause', new: { entity_status: 'PAUSED' } }],
    });
    const r = targetsOf({
      ...account,
      method: 'PUT',
      path: '/12/accounts/abc/campaigns/c1',
      query: [['name', 'x']],
      note: { old: { name: 'y' } },
    });
    expect(r.targets).toEqual([{ entity: 'campaign', id: 'c1', op: 'update', old: { name: 'y' }, new: { name: 'x' } }]);
    expect(
      targetsOf({ ...account, method: 'PUT', path: '12/accounts/abc/campaigns/c1', query: { entity_status: 'ACTIVE' } }).targets[0]!.op,
    ).toBe('resume');
  });

  it('a POST creates (no id yet), a DELETE deletes, a batch is one target per item with its own id and operation', () => {
    expect(
      targetsOf({ ...account, method: 'POST', path: '12/accounts/abc/targeting_criteria', query: { line_item_id: 'l1' } }).targets,
    ).toEqual([{ entity: 'targeting_criterion', op: 'create', new: { line_item_id: 'l1' } }]);
    expect(targetsOf({ ...account, method: 'DELETE', path: '12/accounts/abc/promoted_accounts/p1' }).targets[0]).toMatchObject({
      entity: 'promoted_account',
      id: 'p1',
      op: 'delete',
    });
    const batch = targetsOf({
      ...account,
      method: 'POST',
      path: '12/batch/accounts/abc/line_items',
      json: [
        { operation_type: 'Update', params: { line_item_id: 'l1', bid_amount_local_micro: 2n ** 60n } },
        { operation_type: 'Delete', params: { line_item_id: 'l2' } },
      ],
      note: { oldItems: [{ bid_amount_local_micro: 1 }] },
    });
    expect(batch.targets).toEqual([
      {
        entity: 'line_item',
        id: 'l1',
        op: 'update',
        old: { bid_amount_local_micro: 1 },
        new: { bid_amount_local_micro: String(2n ** 60n) },
      },
      { entity: 'line_item', id: 'l2', op: 'delete', new: {} },
    ]);
  });

  it('a sandbox account is an account: created (no id yet) or deleted by its id', () => {
    expect(targetsOf({ api: 'ads-sandbox', method: 'POST', path: '12/accounts' }).targets).toEqual([
      { entity: 'account', op: 'create', new: {} },
    ]);
    expect(targetsOf({ api: 'ads-sandbox', method: 'DELETE', path: '12/accounts/gq1x7a' })).toEqual({
      account: 'gq1x7a',
      targets: [{ entity: 'account', id: 'gq1x7a', op: 'delete', new: {} }],
    });
  });

  it('only writes to the ads APIs are journaled (not reads, not the platform API, not a reach estimate)', () => {
    const j = new ChangeJournal({ env: {}, profile: 'p', command: 'postctl', redact: (s) => s });
    expect(j.wants({ api: 'ads', method: 'PUT', path: '12/accounts/a/campaigns/c' })).toBe(true);
    expect(j.wants({ api: 'ads-sandbox', method: 'DELETE', path: '12/accounts/a/campaigns/c' })).toBe(true);
    expect(j.wants({ api: 'ads', method: 'GET', path: '12/accounts/a/campaigns/c' })).toBe(false);
    expect(j.wants({ api: 'platform', method: 'POST', path: '2/posts' })).toBe(false);
    expect(j.wants({ api: 'ads', method: 'POST', path: '12/accounts/a/audience_estimate' })).toBe(false);
  });

  it('the command line is quoted as a shell would need it', () => {
    expect(commandLine(['ads', 'campaigns', 'update', 'c1', '--name', "it's new", '--reason', 'a b'])).toBe(
      `postctl ads campaigns update c1 --name 'it'\\''s new' --reason 'a b'`,
    );
  });
});

describe('which line items a resume --cascade resumes', () => {
  const rec = (run: string, n: number, time: string, id: string, status: string, cascade?: string) => [
    { phase: 'before', run, n, time, entity: 'line_item', id, op: 'x', new: { entity_status: status }, ...(cascade ? { cascade } : {}) },
    { phase: 'after', run, n, time, outcome: 'ok' },
  ];
  const child = (id: string): StatusStep => ({ entity: 'line_item', id, parent: 'c1', from: 'PAUSED', to: 'ACTIVE' });
  const records = [
    ...rec('r1', 1, '2026-01-01T00:00:00Z', 'before', 'PAUSED'),
    ...rec('r2', 1, '2026-01-02T00:00:00Z', 'mine', 'PAUSED', 'c1'),
    ...rec('r2', 2, '2026-01-02T00:00:01Z', 'again', 'PAUSED', 'c1'),
    ...rec('r3', 1, '2026-01-03T00:00:00Z', 'again', 'ACTIVE'),
    ...rec('r4', 1, '2026-01-04T00:00:00Z', 'again', 'PAUSED'),
  ];

  it('those the last cascade paused go; one paused before it, or paused again after, stays with why', () => {
    const top: StatusStep = { entity: 'campaign', id: 'c1', from: 'PAUSED', to: 'ACTIVE' };
    const { go, kept } = cascadeChildren(records, [child('mine'), child('before'), child('again'), child('never'), top]);
    expect(go.map((s) => s.id)).toEqual(['mine', 'c1']);
    expect(kept.map((k) => [k.step.id, k.why])).toEqual([
      ['before', 'paused before the cascade at 2026-01-02T00:00:00Z'],
      ['again', 'paused at 2026-01-04T00:00:00Z, after the cascade'],
      ['never', 'paused before the cascade at 2026-01-02T00:00:00Z'],
    ]);
  });

  it('a cascade whose pause failed does not count; with none, every child stays', () => {
    const failed = records.slice(0, 4).map((r) => (r.phase === 'after' && r.run === 'r2' ? { ...r, outcome: 'failed' } : r));
    expect(cascadeChildren(failed, [child('mine')]).kept[0]!.why).toContain('no pause --cascade of campaign c1 in the journal');
  });

  it('a change with no "after" line is unknown; old → new shows ? where the old value was not read', () => {
    const [c] = changesOf([
      { phase: 'before', run: 'r', n: 1, time: 't', entity: 'campaign', op: 'update', new: { name: 'x', b: 2 }, old: { b: 1 } },
    ]);
    expect(c!.outcome).toBe('unknown');
    expect(fieldsText(c!)).toBe('name: ? → x; b: 1 → 2');
  });
});

describe('the journal file', () => {
  it('is appended, created 0600, read back line by line (a torn line skipped)', () => {
    const dir = tempDir();
    const env = { POSTCTL_CONFIG_DIR: join(dir, 'cfg') };
    appendJournal(env, ['{"a":1}']);
    appendJournal(env, ['{"a":2}', '{"a":']);
    const path = join(dir, 'cfg', 'journal.jsonl');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readJournal(env)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('an "after" line that cannot be written is a warning, not a failed write (the request went through)', async () => {
    const dir = tempDir();
    const env = { POSTCTL_CONFIG_DIR: dir };
    const warned: string[] = [];
    const j = new ChangeJournal({ env, profile: 'p', command: 'postctl x', redact: (s) => s, warn: (m) => warned.push(m) });
    const token = await j.before({ api: 'ads', method: 'PUT', path: '12/accounts/a/campaigns/c', query: { name: 'n' } });
    rmSync(join(dir, 'journal.jsonl'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'journal.jsonl'));
    await expect(j.after(token, { status: 200, body: { data: { id: 'c', name: 'n' } } })).resolves.toBeUndefined();
    expect(warned).toEqual([expect.stringContaining('could not record how a write ended')]);
  });

  it('a link, a FIFO or a file others can write is refused, and the link target is untouched', () => {
    const dir = tempDir();
    const target = join(dir, 'target');
    writeFileSync(target, 'x');
    symlinkSync(target, join(dir, 'link'));
    expect(() => appendSafe(join(dir, 'link'), 'y\n', dir)).toThrow(UnsafeFileError);
    expect(readFileSync(target, 'utf8')).toBe('x');
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(() => appendSafe(join(dir, 'fifo'), 'y\n', dir)).toThrow(/not a regular file/);
    writeFileSync(join(dir, 'open'), '', { mode: 0o666 });
    execFileSync('chmod', ['666', join(dir, 'open')]);
    expect(() => appendSafe(join(dir, 'open'), 'y\n', dir)).toThrow(/writable by others/);
    mkdirSync(join(dir, 'sub'));
    appendSafe(join(dir, 'sub', 'ok'), 'y\n', dir);
    expect(readFileSync(join(dir, 'sub', 'ok'), 'utf8')).toBe('y\n');
  });
});
