// `postctl posts lookup` through the built CLI against the emulator: chunking
// and merging, field selection, includes joined in tables, partial and total
// not-found, bad input rejected before sending, 401, and 429 then success.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { FIELD_FAMILIES } from '../../src/validate/post-fields.js';
import { wire, type WireKey } from '../../src/wire/names.js';

/** Field lists as the neutral spelling names them. */
const neutral = (list: readonly unknown[]) => list.map((n) => (typeof n === 'string' ? n : wire((n as { key: WireKey }).key, 'neutral')));

// Run deliberately against a server that knows only the spec's neutral names
// (its env sets POSTCTL_API_NAMES=neutral); official names: test/cli/wire-names.test.ts.
const emu = fileEmulator({ names: 'neutral' });

const lookups = () => emu.state.requests('GET', '/2/posts');
const param = (e: { query: Array<[string, string]> }, name: string) => e.query.find(([k]) => k === name)?.[1];

describe('postctl posts lookup', () => {
  it('250 ids make exactly 3 requests (100, 100, 50) and print one merged envelope in input order', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => String(1_460_323_737_035_677_000n + BigInt(i)));
    const before = lookups().length;
    const r = await emu.run(['posts', 'lookup', ...ids, '--expansions', 'author_id', '-o', 'json']);
    expect(r.code).toBe(0);
    const sent = lookups().slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.map((e) => param(e, 'ids')!.split(',').length)).toEqual([100, 100, 50]);
    expect(sent.flatMap((e) => param(e, 'ids')!.split(','))).toEqual(ids);
    const env = r.json();
    expect(Object.keys(env).sort()).toEqual(['data', 'includes']);
    expect(env.data.map((p: { id: string }) => p.id)).toEqual(ids);
    // Authors repeat across chunks but are included once each.
    const userIds = env.includes.users.map((u: { id: string }) => u.id);
    expect(new Set(userIds).size).toBe(userIds.length);
    expect(userIds.length).toBeGreaterThan(1);
    // Bearer by default, fetched once and cached.
    expect(sent.every((e) => e.auth === 'app')).toBe(true);
  });

  it('defaults to id and text; --all-fields returns every spec field with users and media included', async () => {
    const plain = await emu.run(['posts', 'lookup', '1460323737035677698', '-o', 'json']);
    expect(plain.code).toBe(0);
    expect(Object.keys(plain.json().data[0]).sort()).toEqual(['id', 'text']);

    const r = await emu.run(['posts', 'lookup', '1460323737035677698', '--all-fields', '-o', 'json']);
    expect(r.code).toBe(0);
    const env = r.json();
    const post = env.data[0];
    for (const f of [
      'id',
      'text',
      'author_id',
      'created_at',
      'conversation_id',
      'possibly_sensitive',
      'lang',
      'source',
      'attachments',
      'public_metrics',
      'entities',
      'context_annotations',
      'paid_partnership',
    ]) {
      expect(post).toHaveProperty(f);
    }
    expect(Object.keys(post.public_metrics).sort()).toEqual([
      'impression_count',
      'like_count',
      'quote_count',
      'reply_count',
      'repost_count',
    ]);
    expect(Object.keys(post.entities).sort()).toEqual(['annotations', 'hashtags', 'mentions', 'urls']);
    expect(post.entities.urls[0]).toMatchObject({ status: 200, images: [expect.objectContaining({ width: 1200 })] });
    expect(post.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const user = env.includes.users[0];
    expect(user.id).toBe(post.author_id);
    for (const f of neutral(FIELD_FAMILIES.user.spec)) expect(user).toHaveProperty(f);
    expect(Array.isArray(user.affiliation.user_id)).toBe(true);
    const media = env.includes.media[0];
    expect(media.media_key).toBe(post.attachments.media_keys[0]);
    expect(media.media_key).toMatch(/^\d+_\d+$/);
    for (const f of ['type', 'duration_ms', 'public_metrics', 'variants']) expect(media).toHaveProperty(f);
    const sent = lookups().at(-1)!;
    expect(param(sent, 'expansions')).toBe('author_id,attachments.media_keys');
    expect(param(sent, 'post.fields')!.split(',')).toEqual(neutral([...FIELD_FAMILIES.post.spec, ...FIELD_FAMILIES.post.newer!]));
  });

  it('tables join includes: @username, media type and duration, likes/reposts', async () => {
    const r = await emu.run(['posts', 'lookup', '1460323737035677698', '--all-fields', '-o', 'table']);
    expect(r.code).toBe(0);
    const [head, row] = r.stdout.trim().split('\n');
    expect(head).toMatch(/id\s+author\s+created_at\s+text\s+likes\/reposts\s+media/);
    expect(row).toMatch(
      /1460323737035677698\s+@emu_\w+\s+2021-11-15T\S+\s+Post 1460323737035677698 from the emulator.*\s\d+\/\d+\s+video \d+:\d\d/,
    );
  });

  it('an expansion alone brings the field it follows, so the table can join it (as the real API does)', async () => {
    const r = await emu.run(['posts', 'lookup', '20', '--expansions', 'author_id', '-o', 'table']);
    expect(r.code).toBe(0);
    const [head, row] = r.stdout.trim().split('\n');
    expect(head).toMatch(/id\s+author\s+text/);
    expect(row).toMatch(/^\s*20\s+@emu_dev\s+Post 20/);
  });

  it('ids come from comma lists, a file with line numbers, and stdin', async () => {
    const file = join(emu.configDir, 'ids.txt');
    writeFileSync(file, '# one per line or comma separated\n11,12\n13\n');
    const before = lookups().length;
    const r = await emu.run(['posts', 'lookup', '10,11', '--file', file, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data.map((p: { id: string }) => p.id)).toEqual(['10', '11', '12', '13']);
    expect(r.stderr).toContain('1 duplicate id asked for once');
    const s = await emu.run(['posts', 'lookup', '-', '-o', 'json'], { input: '20\n21 22\n' });
    expect(s.json().data.map((p: { id: string }) => p.id)).toEqual(['20', '21', '22']);
    expect(lookups().length - before).toBe(2);
  });

  it('a missing post is a warning on stderr with exit 0; the errors stay in the JSON envelope', async () => {
    const r = await emu.run(['posts', 'lookup', '1', '9000000000000000001', '2', '-o', 'json']);
    expect(r.code).toBe(0);
    const env = r.json();
    expect(env.data.map((p: { id: string }) => p.id)).toEqual(['1', '2']);
    expect(env.errors).toEqual([
      expect.objectContaining({
        type: 'https://api.x.com/2/problems/resource-not-found',
        resource_id: '9000000000000000001',
        resource_type: 'post',
      }),
    ]);
    expect(r.stderr).toContain('warning: post 9000000000000000001: Could not find post with ids: [9000000000000000001].');
    expect(r.stderr).toContain('2 of 3 posts retrieved');
  });

  it('exits 4 when every id failed', async () => {
    const r = await emu.run(['posts', 'lookup', '91', '92', '-o', 'table']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('warning: post 91');
    expect(r.stderr).toContain('error: none of the 2 posts could be retrieved');
  });

  it('unknown field names exit 6 with the valid ones, and nothing is sent', async () => {
    const before = lookups().length;
    const r = await emu.run(['posts', 'lookup', '1', '--post-fields', 'created_at,favourites', '--media-fields', 'duration', '-o', 'json']);
    expect(r.code).toBe(6);
    const err = r.errorJson().error;
    expect(err.problems.map((p: { field: string; id: string }) => [p.field, p.id])).toEqual([
      ['--post-fields', 'favourites'],
      ['--media-fields', 'duration'],
    ]);
    expect(err.problems[1].message).toContain('valid: media_key, type, duration_ms, public_metrics, variants');
    expect(lookups().length).toBe(before);
  });

  it('--allow-unknown-fields sends them, and the API answer (invalid-request) exits 6', async () => {
    const before = lookups().length;
    const r = await emu.run(['posts', 'lookup', '1', '--post-fields', 'favourites', '--allow-unknown-fields']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('The `post.fields` query parameter value [favourites] is not one of');
    expect(lookups().length).toBe(before + 1);
  });

  it('bad ids exit 6 naming each one and where it was, before sending', async () => {
    const file = join(emu.configDir, 'bad-ids.txt');
    writeFileSync(file, '1\n2 x3\n');
    const before = lookups().length;
    const r = await emu.run(['posts', 'lookup', '5,abc', '12345678901234567890', '--file', file, '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems).toEqual([
      expect.objectContaining({ field: 'argument 1, item 2', id: 'abc' }),
      expect.objectContaining({ field: 'argument 2', id: '12345678901234567890' }),
      expect.objectContaining({ field: file, line: 2, id: 'x3' }),
    ]);
    expect(r.stderr).toContain(`line 2, ${file}, id x3`);
    expect(lookups().length).toBe(before);
  });

  it('no ids at all is a usage error (exit 2)', async () => {
    const r = await emu.run(['posts', 'lookup']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no post ids given');
    const empty = await emu.run(['posts', 'lookup', '-'], { input: '\n# nothing\n' });
    expect(empty.code).toBe(2);
  });

  it('--auth user signs with OAuth 1.0a', async () => {
    const r = await emu.run(['posts', 'lookup', '7', '--auth', 'user', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(lookups().at(-1)!.auth).toBe('user');
  });

  it('an invalid bearer token exits 3 with the API error', async () => {
    const r = await emu.run(['posts', 'lookup', '8', '-o', 'json'], { env: { POSTCTL_BEARER_TOKEN: 'AAAAnot-a-real-token' } });
    expect(r.code).toBe(3);
    expect(r.errorJson().error).toMatchObject({ status: 401, errors: [{ code: 89 }] });
  });

  it('429 waits for the reset, then succeeds', async () => {
    emu.state.faults.add({ kind: '429', path: '/2/posts', resetInSec: 1 });
    const before = emu.state.log.length;
    const r = await emu.run(['posts', 'lookup', '9', '10', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data).toHaveLength(1);
    expect(
      emu.state.log
        .slice(before)
        .filter((e) => e.path === '/2/posts')
        .map((e) => e.status),
    ).toEqual([429, 200]);
  });
});
