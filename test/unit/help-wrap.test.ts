// Help fitted to the screen: words whole, item descriptions aligned, long examples continued with "\".
import { describe, expect, it } from 'vitest';
import { helpWidth, wrapHelp, wrapWords } from '../../src/help/wrap.js';

describe('wrapHelp', () => {
  it('wraps an item description in its own column, never inside a word', () => {
    const line = `  --goal <value>  optimization goal: APP_CLICKS, FOLLOWERS, LINK_CLICKS, MAX_REACH, REACH_WITH_ENGAGEMENT`;
    expect(wrapHelp(line, 50).split('\n')).toEqual([
      '  --goal <value>  optimization goal: APP_CLICKS,',
      '                  FOLLOWERS, LINK_CLICKS,',
      '                  MAX_REACH, REACH_WITH_ENGAGEMENT',
    ]);
  });

  it('puts the description below a term too wide to leave room beside it', () => {
    const line = `  --a-very-long-flag-name-indeed <value>  the description of it, long enough to wrap`;
    expect(wrapHelp(line, 48).split('\n')).toEqual([
      '  --a-very-long-flag-name-indeed <value>',
      '      the description of it, long enough to wrap',
    ]);
  });

  it('prose keeps its indent; a word longer than the line stays whole on a line of its own', () => {
    expect(wrapHelp('see https://example.com/a/very/long/address/that/cannot/break now', 20).split('\n')).toEqual([
      'see',
      'https://example.com/a/very/long/address/that/cannot/break',
      'now',
    ]);
    expect(wrapWords('', 10)).toEqual(['']);
  });

  it('a long example is continued with " \\" so it can still be pasted', () => {
    const out = wrapHelp('  $ postctl ads line-items update 8u94t --daily-budget 10 --total-budget 37.50 --dry-run', 50);
    expect(out.split('\n')).toEqual([
      '  $ postctl ads line-items update 8u94t \\',
      '      --daily-budget 10 --total-budget 37.50 \\',
      '      --dry-run',
    ]);
  });

  it('leaves lines that fit alone, and the width is the terminal, else COLUMNS, else 80', () => {
    expect(wrapHelp('Usage: postctl ads\n\n  a  b\n', 80)).toBe('Usage: postctl ads\n\n  a  b\n');
    expect(helpWidth({ isTTY: true, columns: 100 }, { COLUMNS: '60' })).toBe(100);
    expect(helpWidth({ isTTY: false }, { COLUMNS: '60' })).toBe(60);
    expect(helpWidth({ isTTY: false }, {})).toBe(80);
    expect(helpWidth({ isTTY: false }, { COLUMNS: 'x' })).toBe(80);
  });
});
