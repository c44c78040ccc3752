// `postctl ads line-item-categories list|get|create|update|delete` through the
// built CLI against the emulator.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { LICC_IDS, LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';

const emu = freshEmulator({ fixtureSize: 10 });

const BASE = `/12/accounts/${EMU_ACCOUNT}/line_item_curated_categories`;

async function run(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json']);
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}

describe('line-item-categories', () => {
  let created = '';
  /** A link of this test's own emulator (each test has a fresh one). */
  const link = async (): Promise<string> => {
    const r = await run(['ads', 'line-item-categories', 'create', '--line-item-id', LI.ENGAGEMENTS, '--curated-category-id', '1xh8']);
    expect(r.code, r.stderr).toBe(0);
    return r.json().data.id as string;
  };

  it('list and get keep the envelope; a deleted one needs --with-deleted', async () => {
    const list = await run(['ads', 'line-item-categories', 'list']);
    expect(list.code).toBe(0);
    expect(list.json()).toMatchObject({ request: { params: { account_id: EMU_ACCOUNT } }, next_cursor: null });
    expect(list.json().data.map((l: { id: string }) => l.id)).toEqual([LICC_IDS.REACH_SPORTS, LICC_IDS.VIDEO_MUSIC]);
    const one = await run(['ads', 'line-item-categories', 'get', LICC_IDS.REACH_SPORTS]);
    expect(one.json().data).toMatchObject({ id: LICC_IDS.REACH_SPORTS, line_item_id: LI.REACH, curated_category_id: '1xh6' });
    expect((await run(['ads', 'line-item-categories', 'get', LICC_IDS.DELETED])).code).toBe(4);
    const deleted = await run(['ads', 'line-item-categories', 'get', LICC_IDS.DELETED, '--with-deleted']);
    expect(deleted.sent[0]!.query).toEqual([['with_deleted', 'true']]);
    expect(deleted.json().data.deleted).toBe(true);
  });

  it('create needs both ids (exit 6, each named, nothing sent)', async () => {
    const r = await run(['ads', 'line-item-categories', 'create']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems.map((p: { field: string }) => p.field)).toEqual(['line_item_id', 'curated_category_id']);
    expect(r.sent).toEqual([]);
    const one = await run(['ads', 'line-item-categories', 'create', '--line-item-id', LI.ENGAGEMENTS]);
    expect(one.code).toBe(6);
    expect(one.stderr).toContain('curated_category_id');
    expect(one.sent).toEqual([]);
  });

  it('create sends the two parameters and returns the link', async () => {
    const r = await run(['ads', 'line-item-categories', 'create', '--line-item-id', LI.ENGAGEMENTS, '--curated-category-id', '1xh8']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => [e.method, e.path, e.query])).toEqual([
      [
        'POST',
        BASE,
        [
          ['line_item_id', LI.ENGAGEMENTS],
          ['curated_category_id', '1xh8'],
        ],
      ],
    ]);
    created = r.json().data.id;
    expect(r.json().data).toMatchObject({ line_item_id: LI.ENGAGEMENTS, curated_category_id: '1xh8', deleted: false });
  });

  it('the emulator rejects a link to an unknown curated category with an ads error', async () => {
    const r = await run(['ads', 'line-item-categories', 'create', '--line-item-id', LI.ENGAGEMENTS, '--curated-category-id', 'nope']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.errors[0]).toMatchObject({ parameter: 'curated_category_id' });
  });

  it('update sends only the flag given; with none it is a usage error', async () => {
    created = await link();
    const none = await run(['ads', 'line-item-categories', 'update', created]);
    expect(none.code).toBe(2);
    expect(none.sent).toEqual([]);
    const r = await run(['ads', 'line-item-categories', 'update', created, '--curated-category-id', '1xh7']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => [e.method, e.path, e.query])).toEqual([['PUT', `${BASE}/${created}`, [['curated_category_id', '1xh7']]]]);
    expect(r.json().data).toMatchObject({ id: created, line_item_id: LI.ENGAGEMENTS, curated_category_id: '1xh7' });
  });

  it('delete needs --yes when not interactive, then marks it deleted; a repeat exits 4', async () => {
    created = await link();
    const ask = await run(['ads', 'line-item-categories', 'delete', created]);
    expect(ask.code).toBe(2);
    expect(ask.sent).toEqual([]);
    const r = await run(['ads', 'line-item-categories', 'delete', created, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ id: created, deleted: true });
    expect((await run(['ads', 'line-item-categories', 'delete', created, '--yes'])).code).toBe(4);
  });
});
