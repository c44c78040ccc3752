// The listings off posts, lists and users (src/platform/related.ts), list
// follow/pin, DM blocks and one DM event, through the built CLI against the
// emulator: the path and parameters sent, paging (one page, --limit, users
// search's next_token), the acting user as default, CSV output, rules checked
// before sending (exit 6, nothing in the log) and an OAuth 2.0-only endpoint.
import { describe, expect, it } from 'vitest';
import { dmState } from '../../src/emulator/routes/platform-dm.js';
import { pinnedLists } from '../../src/emulator/routes/platform-list-actions.js';
import { SEEDED_LIST, listsState } from '../../src/emulator/routes/platform-lists.js';
import { usersState } from '../../src/emulator/routes/platform-users-state.js';
import { EMU_USER } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const emu = freshEmulator({ names: 'official' });
const POST = '1460323737035677698';
const sent = (from: number) =>
  emu.state.log
    .slice(from)
    .filter((e) => e.path.startsWith('/2/'))
    .map((e) => `${e.method} ${e.path}${e.query.length ? `?${e.query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`);

describe('listings off a post, a list or a user', () => {
  it('each verb reads its path with its page size and fields; one page by default', async () => {
    const cases: Array<[string[], string]> = [
      [['posts', 'likers', POST, '--max-results', '5'], `GET /2/tweets/${POST}/liking_users?max_results=5`],
      [['posts', 'reposters', `https://x.com/emu_news/status/${POST}`], `GET /2/tweets/${POST}/retweeted_by`],
      [['posts', 'quotes', POST, '--post-fields', 'author_id'], `GET /2/tweets/${POST}/quote_tweets?tweet.fields=author_id`],
      [['posts', 'reposts', POST, '--max-results', '2'], `GET /2/tweets/${POST}/retweets?max_results=2`],
      [['lists', 'followers', SEEDED_LIST, '--user-fields', 'created_at'], `GET /2/lists/${SEEDED_LIST}/followers?user.fields=created_at`],
      [['lists', 'memberships', '1000000001'], '/2/users/1000000001/list_memberships?list.fields='],
      [['users', 'muted'], `GET /2/users/${EMU_USER.id}/muting`],
      [['users', 'blocked', '--max-results', '3'], `GET /2/users/${EMU_USER.id}/blocking?max_results=3`],
      [['users', 'affiliates', '1000000001'], 'GET /2/users/1000000001/affiliates'],
      [['users', 'reposts-of-me', '--max-results', '2'], 'GET /2/users/reposts_of_me?max_results=2'],
      [
        ['users', 'timeline', '--max-results', '2', '--exclude', 'replies', '--since-id', '1'],
        `GET /2/users/${EMU_USER.id}/timelines/reverse_chronological?since_id=1&exclude=replies&max_results=2`,
      ],
    ];
    for (const [args, want] of cases) {
      const from = emu.state.log.length;
      const r = await emu.run([...args, '-o', 'json']);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
      expect(r.json().meta, args.join(' ')).toBeDefined();
      expect(
        sent(from).some((l) => l.includes(want)),
        `${args.join(' ')}: ${sent(from).join(' | ')}`,
      ).toBe(true);
    }
  });

  it('users search follows next_token with --limit and prints CSV', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['users', 'search', 'emu', '--max-results', '50', '--limit', '80', '--user-fields', 'created_at', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(81);
    const reqs = sent(from);
    expect(reqs).toHaveLength(2);
    expect(reqs[0]).toBe('GET /2/users/search?query=emu&max_results=50&user.fields=created_at');
    expect(reqs[1]).toMatch(/&next_token=/);
    expect(reqs[1]).not.toMatch(/pagination_token/);
  });

  it('bad input is refused before sending: a post URL that is not one, a bad query, an --exclude value, a list id', async () => {
    const from = emu.state.log.length;
    const cases: Array<[string[], string]> = [
      [['posts', 'likers', 'https://example.com/x'], 'not a post id'],
      [['users', 'search', 'a;b'], 'query'],
      [['users', 'timeline', '--exclude', 'quotes'], '--exclude'],
      [['users', 'muted', '--max-results', '1001'], '--max-results'],
      [['lists', 'followers', '../1'], 'list id'],
      [['lists', 'follow', 'abc'], 'not a list id'],
      [['dm', 'events', '12/34'], 'dm_conversation_id'],
      [['dm', 'get', '1x'], 'event_id'],
    ];
    for (const [args, text] of cases) {
      const r = await emu.run(args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(6);
      expect(r.stderr).toContain(text);
    }
    expect(sent(from)).toEqual([]);
  });

  it('bookmarks and their folders with an OAuth 2.0 login (preferred when held); --folder reads one folder', async () => {
    const { run } = await oauth2Only(emu, 'tweet.read,users.read,bookmark.read,bookmark.write');
    expect((await run(['posts', 'bookmark', POST])).code).toBe(0);
    const listed = await run(['posts', 'bookmarks', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json().data.map((p: { id: string }) => p.id)).toEqual([POST]);
    const folders = await run(['posts', 'bookmark-folders', '-o', 'json']);
    expect(folders.json().data[0]).toEqual({ id: '1800000000000000101', name: 'Reading' });
    const folder = await run(['posts', 'bookmarks', '--folder', '1800000000000000101', '-o', 'json']);
    expect(folder.code, folder.stderr).toBe(0);
    expect(folder.json().data).toEqual([{ id: POST }]);
  });
});

describe('list follow and pin, DM blocks, one DM event', () => {
  it('lists follow/pin change the server state; lists pinned shows the pin; unfollow and unpin undo them', async () => {
    for (const v of ['follow', 'pin']) expect((await emu.run(['lists', v, `https://x.com/i/lists/${SEEDED_LIST}`])).code).toBe(0);
    expect(listsState(emu.state).get(SEEDED_LIST)!.followers).toContain(EMU_USER.id);
    expect(pinnedLists(emu.state).get(EMU_USER.id)).toEqual([SEEDED_LIST]);
    const pinned = await emu.run(['lists', 'pinned', '-o', 'json']);
    expect(pinned.json().data.map((l: { id: string }) => l.id)).toEqual([SEEDED_LIST]);
    const from = emu.state.log.length;
    for (const v of ['unfollow', 'unpin']) expect((await emu.run(['lists', v, SEEDED_LIST])).code).toBe(0);
    expect(sent(from)).toEqual([
      `DELETE /2/users/${EMU_USER.id}/followed_lists/${SEEDED_LIST}`,
      `DELETE /2/users/${EMU_USER.id}/pinned_lists/${SEEDED_LIST}`,
    ]);
    expect(pinnedLists(emu.state).get(EMU_USER.id)).toEqual([]);
  });

  it('dm block and unblock post to the blocked user’s path with no body', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['dm', 'block', '@alice', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data[0]).toMatchObject({ action: 'dm_block', state: true });
    expect((await emu.run(['dm', 'unblock', '1000000001'])).code).toBe(0);
    const posts = emu.state.log.slice(from).filter((e) => e.method === 'POST');
    expect(posts.map((e) => [e.path, e.body ?? ''])).toEqual([
      ['/2/users/1000000001/dm/block', ''],
      ['/2/users/1000000001/dm/unblock', ''],
    ]);
  });

  it('dm events by conversation id (a group), dm get of one event, dm delete of it; a missing one is exit 4', async () => {
    const group = await emu.run([
      'dm',
      'conversation',
      'create',
      '--participants',
      '1000000001,1000000002',
      '--text',
      'hello group',
      '-o',
      'json',
    ]);
    const conv = group.json().data.dm_conversation_id as string;
    const events = await emu.run(['dm', 'events', conv, '--event-types', 'MessageCreate', '-o', 'json']);
    expect(events.code, events.stderr).toBe(0);
    const [event] = events.json().data;
    expect(event.text).toBe('hello group');
    const one = await emu.run(['dm', 'get', event.id, '-o', 'json']);
    expect(one.json().data).toMatchObject({ id: event.id, dm_conversation_id: conv });
    expect((await emu.run(['dm', 'delete', event.id, '--yes'])).code).toBe(0);
    expect(dmState(emu.state).events.some((e) => e.id === event.id)).toBe(false);
    expect((await emu.run(['dm', 'get', event.id])).code).toBe(4);
    expect((await emu.run(['dm', 'events', '1582838360831426560'])).code).toBe(4);
  });

  it('users muted lists the mutes made with users mute', async () => {
    expect((await emu.run(['users', 'mute', '1000000002'])).code).toBe(0);
    const r = await emu.run(['users', 'muted', '-o', 'json']);
    expect(r.json().data.map((u: { id: string }) => u.id)).toEqual(['1000000002']);
    expect(usersState(emu.state).mutes.get(EMU_USER.id)).toEqual(['1000000002']);
  });
});
