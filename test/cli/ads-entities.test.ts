// The single-entity reads added to the ads tree, through the built CLI against
// the emulator: ads promoted-posts get, ads targeting get, ads promotable-users
// get — JSON, table and CSV output, a missing id is exit 4, a malformed one
// exit 6 with nothing sent.
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();

describe.concurrent('single-entity reads', () => {
  it('promoted-posts get: the post created, in JSON, table and CSV; unknown → 4; malformed → 6, nothing sent', async () => {
    const made = await emu.run([
      'ads',
      'promoted-posts',
      'create',
      '--line-item',
      LINE_ITEM_IDS.ENGAGEMENTS,
      'https://x.com/emu_dev/status/1460323737035677698',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const id = made.json().data[0].id as string;
    const j = await emu.run(['ads', 'promoted-posts', 'get', id, '-o', 'json']);
    expect(j.code, j.stderr).toBe(0);
    expect(j.json().data).toMatchObject({ id, line_item_id: LINE_ITEM_IDS.ENGAGEMENTS });
    const t = await emu.run(['ads', 'promoted-posts', 'get', id, '-o', 'table']);
    expect(t.stdout).toContain(LINE_ITEM_IDS.ENGAGEMENTS);
    const c = await emu.run(['ads', 'promoted-posts', 'get', id, '-o', 'csv']);
    expect(c.stdout.split('\n')[0]).toContain('line_item_id');
    expect((await emu.run(['ads', 'promoted-posts', 'get', 'zz999'])).code).toBe(4);
    const before = emu.state.log.length;
    const bad = await emu.run(['ads', 'promoted-posts', 'get', '../x']);
    expect(bad.code).toBe(6);
    expect(emu.state.log.slice(before).filter((e) => e.path.includes('../x') || e.path.includes('promoted'))).toEqual([]);
  });

  it('targeting get: the criterion added, with its type, value and operator', async () => {
    const add = await emu.run([
      'ads',
      'targeting',
      'add',
      '--line-item',
      LINE_ITEM_IDS.VIDEO_VIEWS,
      '--type',
      'LANGUAGE',
      '--value',
      'fr',
      '--no-fetch',
      '-o',
      'json',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const id = add.json().data.id as string;
    const g = await emu.run(['ads', 'targeting', 'get', id, '-o', 'json']);
    expect(g.code, g.stderr).toBe(0);
    expect(g.json().data).toMatchObject({ id, targeting_type: 'LANGUAGE', targeting_value: 'fr', operator_type: 'EQ' });
    const c = await emu.run(['ads', 'targeting', 'get', id, '-o', 'csv']);
    expect(c.stdout.split('\n')[0]).toMatch(/^id,line_item_id,targeting_type,targeting_value,operator_type/);
    expect((await emu.run(['ads', 'targeting', 'get', id, '--lang', 'english'])).code).toBe(6);
  });

  it('promotable-users get: one of the list', async () => {
    const g = await emu.run(['ads', 'promotable-users', 'get', 'l310s', '-o', 'json']);
    expect(g.code, g.stderr).toBe(0);
    expect(g.json().data).toMatchObject({ id: 'l310s', promotable_user_type: 'FULL' });
    expect((await emu.run(['ads', 'promotable-users', 'get', 'nope1'])).code).toBe(4);
  });
});

describe('audience estimate from a line item', () => {
  it("reads the line item's criteria, sends them as the body, prints a readable range", async () => {
    const li = LINE_ITEM_IDS.PREROLL_VIEWS;
    for (const [type, value] of [
      ['LANGUAGE', 'en'],
      ['LOCATION', '96683cc9126741d1'],
    ])
      expect((await emu.run(['ads', 'targeting', 'add', '--line-item', li, '--type', type!, '--value', value!, '--no-fetch'])).code).toBe(
        0,
      );
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'audience-estimate', '--line-item', li, '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[\d,]+ to [\d,]+ people\n$/);
    expect(r.stderr).toContain(`from the 2 targeting criteria of line item ${li}`);
    const post = emu.state.log.slice(before).find((e) => e.method === 'POST')!;
    expect(JSON.parse(post.body)).toEqual({
      targeting_criteria: [
        { targeting_type: 'LANGUAGE', targeting_value: 'en', operator_type: 'EQ' },
        { targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', operator_type: 'EQ' },
      ],
    });
    const none = await emu.run(['ads', 'audience-estimate', '--line-item', LINE_ITEM_IDS.DELETABLE]);
    expect(none.code).toBe(2);
    expect((await emu.run(['ads', 'audience-estimate'])).code).toBe(2);
  });
});
