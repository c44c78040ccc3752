// Post and user references (src/platform/refs.ts): the forms people paste,
// and the ones that must never reach a request path.
import { describe, expect, it } from 'vitest';
import { parsePostRef, parseUserRef, postIdsFromArgs, userRefsFromArgs } from '../../src/platform/refs.js';

describe('parsePostRef', () => {
  it.each([
    ['1460323737035677698', '1460323737035677698'],
    ['https://x.com/emu_dev/status/1460323737035677698', '1460323737035677698'],
    ['https://twitter.com/emu_dev/status/20?s=20', '20'],
    ['https://mobile.twitter.com/jack/status/20/photo/1', '20'],
    ['https://www.x.com/i/web/status/20', '20'],
    [' 20 ', '20'],
  ])('%s → %s', (raw, id) => expect(parsePostRef(raw)).toBe(id));

  it.each([
    'https://evil.example/u/status/20',
    'https://x.com.evil.example/u/status/20',
    'https://x.com/u/status/..',
    'https://x.com/u/status/20%2F..',
    'ftp://x.com/u/status/20',
    '../../2/tweets',
    '12345678901234567890',
    'https://x.com/emu_dev',
    '',
  ])('%s is not a post', (raw) => expect(parsePostRef(raw)).toBeUndefined());
});

describe('parseUserRef', () => {
  it.each([
    ['2244994945', { id: '2244994945' }],
    ['@emu_dev', { username: 'emu_dev' }],
    ['Emu_Dev', { username: 'Emu_Dev' }],
    ['https://x.com/alice', { username: 'alice' }],
    ['https://twitter.com/alice/with_replies', { username: 'alice' }],
    ['https://x.com/i/user/1000000001', { id: '1000000001' }],
  ])('%s', (raw, ref) => expect(parseUserRef(raw)).toEqual(ref));

  it.each([
    '@way_too_long_handle_x',
    '@a.b',
    'https://x.com/home',
    'https://x.com/i/user/1%2F..',
    'https://evil.example/alice',
    '@',
    '../x',
  ])('%s is not a user', (raw) => expect(parseUserRef(raw)).toBeUndefined());
});

describe('from arguments', () => {
  it('post ids: comma lists, URLs, repeats dropped, order kept', () => {
    expect(postIdsFromArgs(['3,https://x.com/a/status/1', '3', '2'])).toEqual(['3', '1', '2']);
  });

  it('every bad one is reported with its argument, exit 6', () => {
    try {
      postIdsFromArgs(['1', 'x', 'https://x.com/a']);
      expect.unreachable();
    } catch (e) {
      const err = e as { exitCode: number; problems: Array<{ field: string }> };
      expect(err.exitCode).toBe(6);
      expect(err.problems.map((p) => p.field)).toEqual(['post (argument 2)', 'post (argument 3)']);
    }
  });

  it('users: handles are case-insensitive for repeats; ids and handles keep their order', () => {
    expect(userRefsFromArgs(['@Alice', 'alice', '12', 'https://x.com/bob'])).toEqual([
      { username: 'Alice' },
      { id: '12' },
      { username: 'bob' },
    ]);
  });
});

describe('list references', () => {
  it('an id or https://x.com/i/lists/<id> (twitter.com too); anything else is not a list', async () => {
    const { parseListRef } = await import('../../src/validate/platform-ids.js');
    expect(parseListRef('1800000000000000001')).toBe('1800000000000000001');
    expect(parseListRef('https://x.com/i/lists/1800000000000000001')).toBe('1800000000000000001');
    expect(parseListRef('https://twitter.com/i/lists/42/members')).toBe('42');
    expect(parseListRef('https://x.com/i/lists/abc')).toBeUndefined();
    expect(parseListRef('https://example.com/i/lists/42')).toBeUndefined();
    expect(parseListRef('https://x.com/emu_dev/lists/42')).toBeUndefined();
  });
});
