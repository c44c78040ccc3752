import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth, layout, prepareTables, renderTable } from '../../src/output/table.js';
import { flatten, rawCsvField, tableCell } from '../../src/output/cells.js';

const widest = (text: string) => Math.max(...text.split('\n').map(displayWidth));

describe('tables that fit the screen', () => {
  beforeAll(prepareTables);
  const headers = ['id', 'author', 'created_at', 'text', 'likes/reposts'];
  const rows = [['1460323737035677698', '@emu_dev', '2021-11-15T12:00:00.000Z', 'x'.repeat(150), '1395/204']];

  it('no line is wider than the width; without a width nothing is cut', () => {
    for (const width of [40, 60, 80, 120, 200])
      expect(widest(renderTable({ headers, rows, width, flex: new Set([3]) }))).toBeLessThanOrEqual(width);
    expect(renderTable({ headers, rows })).toContain('x'.repeat(150));
  });

  it('free text gives way first, then the rightmost columns; the first column stays', () => {
    // 19 + 8 + 24 + 13 leave the text less than 40% of 80: likes/reposts, then created_at go; the text takes the rest.
    const at80 = layout({ headers, rows, width: 80, flex: new Set([3]) });
    expect(at80.shown).toEqual([0, 1, 3]);
    expect(at80.widths[0]).toBe(19);
    expect(at80.widths[3]).toBe(80 - 19 - 8 - 2 * 2);
    // Wider: created_at comes back before the text gets more room.
    expect(layout({ headers, rows, width: 120, flex: new Set([3]) }).shown).toEqual([0, 1, 2, 3, 4]);
    const at200 = layout({ headers, rows, width: 200, flex: new Set([3]) });
    expect(at200.shown).toEqual([0, 1, 2, 3, 4]);
    expect(at200.widths[3]).toBe(200 - 19 - 8 - 24 - 13 - 4 * 2);
  });

  it('the header row and columns two spaces apart, no borders or row separators', () => {
    expect(
      renderTable({
        headers: ['id', 'name'],
        rows: [
          ['1', 'a'],
          ['22', 'bb'],
        ],
      }),
    ).toBe('id  name\n1   a\n22  bb');
  });

  it('cells are cut with an ellipsis by display width (wide characters count two)', () => {
    // cli-table3 cuts the cells to the widths postctl computed: 12 columns leave the text 10 cells (3 + 2 + 7 = 12).
    expect(renderTable({ headers: ['id', 'text'], rows: [['1', 'abcdefghijklmnop']], width: 12, flex: new Set([1]) })).toBe(
      'id  text\n1   abcdefg…',
    );
    expect(displayWidth('日本')).toBe(4);
    expect(renderTable({ headers: ['id', 'text'], rows: [['1', '日本語です日本語です']], width: 10, flex: new Set([1]) })).toBe(
      'id  text\n1   日本…',
    );
    // An emoji is never cut in half (cli-table3 alone would leave a lone surrogate here); the next column stays aligned.
    expect(renderTable({ headers: ['text', 'n'], rows: [['😀😀😀😀😀😀😀😀😀😀😀', '1']], width: 11, flex: new Set([0]) })).toBe(
      'text      n\n😀😀😀…   1',
    );
  });

  it('the header styler applies, cli-table3 adds no colours of its own', () => {
    const bold = (s: string) => `\u001b[1m${s}\u001b[22m`;
    expect(renderTable({ headers: ['id', 'name'], rows: [['1', 'a']], head: bold })).toBe(
      '\u001b[1mid\u001b[22m  \u001b[1mname\u001b[22m\n1   a',
    );
  });

  it('cells neutralise control characters and keep to one line', () => {
    expect(tableCell('a\u001b]0;pwned\u0007b\u001b[2J\nnext')).toBe('a␛]0;pwned\\x07b␛[2J next');
  });
});

describe('raw CSV values', () => {
  it('nested objects flatten to dotted keys; arrays stay one JSON value', () => {
    expect(flatten({ id: '1', public_metrics: { like_count: 3, repost_count: 4 }, ids: ['a', 'b'], none: null })).toEqual({
      id: '1',
      'public_metrics.like_count': 3,
      'public_metrics.repost_count': 4,
      ids: ['a', 'b'],
      none: null,
    });
    expect(rawCsvField(['a', 'b'])).toBe('"[""a"",""b""]"');
    expect(rawCsvField(2500000)).toBe('2500000');
    expect(rawCsvField(undefined)).toBe('');
  });
});
