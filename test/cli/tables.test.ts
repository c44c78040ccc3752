// Tables fit the screen (COLUMNS when stdout is not a terminal) and neutralise
// API text; CSV carries raw values (full text, one column per metric).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { postTexts } from '../../src/emulator/routes/platform-posts.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((l) => [...l].length),
  );

describe('tables fit the width', () => {
  it.each([80, 200])('posts lookup --expansions author_id and ads accounts list at %i columns', async (width) => {
    const posts = await emu.run(
      ['posts', 'lookup', '20', '21', '--expansions', 'author_id', '--post-fields', 'created_at,public_metrics', '-o', 'table'],
      { env: { COLUMNS: String(width) } },
    );
    expect(posts.code, posts.stderr).toBe(0);
    expect(widest(posts.stdout)).toBeLessThanOrEqual(width);
    const [head, row] = posts.stdout.split('\n');
    expect(head).toMatch(/^id\s+author\s+created_at\s+text/);
    expect(row).toMatch(/^20\s+@emu_dev\s+2026-\S+\s+Post 20 from the emulator/);
    // At 200 columns nothing is cut; at 80 the text gives way in its own column.
    if (width === 200) expect(posts.stdout).toContain('https://t.co/');
    else expect(row).toMatch(/…$/);

    const accounts = await emu.run(['ads', 'accounts', 'list', '-o', 'table'], { env: { COLUMNS: String(width) } });
    expect(accounts.code, accounts.stderr).toBe(0);
    expect(widest(accounts.stdout)).toBeLessThanOrEqual(width);
    expect(accounts.stdout.split('\n')[1]).toMatch(/^18ce54d4x5t\s/);
    if (width === 200) expect(accounts.stdout).toContain('Emulator Ads Inc.');
  });

  it("an ESC sequence in a post's text is neutralised in the table; -o json keeps it exact", async () => {
    postTexts(emu.state).set('31', 'hi \u001b]0;owned\u0007 \u001b[2J there');
    const table = await emu.run(['posts', 'lookup', '31', '-o', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(table.stdout).toContain('hi ␛]0;owned\\x07 ␛[2J there');
    const json = await emu.run(['posts', 'lookup', '31', '-o', 'json']);
    expect(json.json().data[0].text).toBe('hi \u001b]0;owned\u0007 \u001b[2J there');
  });
});

describe('the creatives alias', () => {
  it('`creatives media-library list` is `ads media-library list`', async () => {
    const before = emu.state.log.length;
    const via = await emu.run(['creatives', 'media-library', 'list', '-o', 'json']);
    const direct = await emu.run(['ads', 'media-library', 'list', '-o', 'json']);
    expect(via.code, via.stderr).toBe(0);
    expect(via.json()).toEqual(direct.json());
    expect(emu.state.log.slice(before).map((e) => e.path)).toEqual([
      expect.stringMatching(/media_library$/),
      expect.stringMatching(/media_library$/),
    ]);
  });
});

describe('CSV carries raw values', () => {
  it('a post with 300-character text: the whole text, and separate metric columns', async () => {
    const text = `${'long text, with "quotes" and commas; '.repeat(9)}end`.slice(0, 300);
    expect(text).toHaveLength(300);
    postTexts(emu.state).set('32', text);
    const r = await emu.run(['posts', 'lookup', '32', '--post-fields', 'public_metrics,created_at', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const [row, ...rest] = parse(r.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rest).toEqual([]);
    expect(row!.text).toBe(text);
    for (const k of ['public_metrics.like_count', 'public_metrics.retweet_count', 'public_metrics.reply_count'])
      expect(row![k], k).toMatch(/^\d+$/);
    expect(r.stdout).not.toContain('…');
  });

  it('money stays in micros in CSV; the decimal row is for tables only', async () => {
    const id = LINE_ITEM_IDS.WEBSITE_CLICKS;
    const csv = await emu.run(['ads', 'line-items', 'get', id, '-o', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const [row] = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(row!.bid_amount_local_micro).toMatch(/^\d+$/);
    expect(csv.stdout).not.toContain('(decimal)');
    const table = await emu.run(['ads', 'line-items', 'get', id, '-o', 'table']);
    expect(table.stdout).toMatch(/\nbid_amount_local_micro\s+\d+\nbid_amount \(decimal\)\s+[\d.]+\n/);
  });
});
