// stringifyJsonPieces: the printer's JSON list writes a big item in pieces; joined,
// they must be the very bytes stringifyJson gives for the whole item.
import { describe, expect, it } from 'vitest';
import { stringifyJson, stringifyJsonPieces } from '../../src/json/stringify.js';

const cases: unknown[] = [
  {
    id: 'a',
    placement: 'ALL_ON_TWITTER',
    id_data: [
      { segment: null, metrics: { impressions: [1, null, 3] } },
      { segment: 'x', metrics: {} },
    ],
  },
  { id_data: [{ a: 1 }, { b: [2, 3] }] },
  { id: 'one', id_data: [{ a: 1 }] },
  { id: 'none', id_data: [] },
  { id: 'mixed', id_data: [{ a: 1 }, null, 2] },
  { id: 'undef', skip: undefined, id_data: [{ a: undefined }, { b: 'é "q"\n' }] },
  { nested: { id_data: [{ a: 1 }, { a: 2 }] } },
  [{ a: 1 }, { a: 2 }],
  'text',
  42,
  null,
];

describe('stringifyJsonPieces', () => {
  it('joins to exactly stringifyJson of the whole value', () => {
    for (const v of cases) expect([...stringifyJsonPieces(v)].join('')).toBe(stringifyJson(v));
  });

  it('an object whose last member is a list of objects comes out one member at a time', () => {
    const pieces = [...stringifyJsonPieces(cases[0])];
    expect(pieces).toHaveLength(4);
    expect(pieces[0]).toBe('{"id":"a","placement":"ALL_ON_TWITTER","id_data":[');
    expect(pieces.at(-1)).toBe(']}');
  });
});
