// Direct messages and lists through the built CLI against the emulator: the
// happy paths with server state checked, rules checked before sending (exit 6,
// nothing in the emulator's log), confirmations (exit 2 without --yes off a
// terminal), dry runs that send nothing, and bookmarks with an OAuth 2.0 login.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dmState } from '../../src/emulator/routes/platform-dm.js';
import { SEEDED_LIST } from '../../src/emulator/routes/platform-lists.js';
import { usersState } from '../../src/emulator/routes/platform-users-state.js';
import { EMU_USER } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const emu = freshEmulator();
const api = (from: number) => emu.state.log.slice(from).filter((e) => e.path.startsWith('/2/') && !e.path.startsWith('/2/oauth2'));

describe('direct messages', () => {
  it('a group conversation, then a message into it by --conversation; dm list shows both messages newest first', async () => {
    const group = await emu.run(['dm', 'conversation', 'create', '--participants', '@alice,1000000002', '--text', 'welcome', '-o', 'json']);
    expect(group.code, group.stderr).toBe(0);
    const conv = group.json().data.dm_conversation_id as string;
    const more = await emu.run(['dm', 'send', '--conversation', conv, '--text', 'second', '-o', 'json']);
    expect(more.code, more.stderr).toBe(0);
    const listed = await emu.run(['dm', 'list', '--event-types', 'MessageCreate', '-o', 'json']);
    expect(listed.json().data.map((e: { text: string }) => e.text)).toEqual(['second', 'welcome']);
    expect(dmState(emu.state).conversations.get(conv)).toEqual([EMU_USER.id, '1000000001', '1000000002']);
  });

  it('rules before sending: empty message, 10,001 characters, a group of one, a bad conversation id, an unreadable file — exit 6 or 2, nothing sent', async () => {
    const from = emu.state.log.length;
    const cases: Array<[string[], number, string]> = [
      [['dm', 'send', '1000000001'], 6, '--text'],
      [['dm', 'send', '1000000001', '--text', 'x'.repeat(10_001)], 6, '1 to 10000 characters'],
      [['dm', 'conversation', 'create', '--participants', '1000000001', '--text', 'hi'], 6, '2 to 49'],
      [['dm', 'send', '--conversation', '../x', '--text', 'hi'], 6, 'dm_conversation_id'],
      [['dm', 'send', '1000000001', '--text', 'hi', '--media-file', join(tempDir(), 'missing.png')], 6, 'cannot read it'],
      [['dm', 'send', '1000000001', '--conversation', '1-2', '--text', 'hi'], 2, 'exactly one'],
    ];
    for (const [args, code, text] of cases) {
      const r = await emu.run(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toContain(text);
    }
    expect(api(from)).toEqual([]);
  });

  it('--dry-run with --media-file: the planned request names the file; nothing is uploaded or sent', async () => {
    const photo = join(tempDir(), 'photo.png');
    writeFileSync(photo, Buffer.alloc(100, 1));
    const from = emu.state.log.length;
    const r = await emu.run(['dm', 'send', '1000000001', '--text', 'hi', '--media-file', photo, '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual({
      method: 'POST',
      path: '/2/dm_conversations/with/1000000001/messages',
      body: { text: 'hi', attachments: [{ media_id: `<media id of ${photo}>` }] },
    });
    expect(api(from)).toEqual([]);
  });
});

describe('lists', () => {
  it('create, update, members add/remove, get, delete: server state follows', async () => {
    const created = await emu.run(['lists', 'create', '--name', 'Launch team', '--description', 'shipping', '--private', '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const id = created.json().data.id as string;
    expect((await emu.run(['lists', 'update', id, '--name', 'Launch crew', '--public'])).code).toBe(0);
    const added = await emu.run(['lists', 'members', 'add', id, '@alice', 'https://x.com/bob', '-o', 'json']);
    expect(added.json().data).toEqual([
      { user_id: '1000000001', is_member: true },
      { user_id: '1000000002', is_member: true },
    ]);
    expect((await emu.run(['lists', 'members', 'remove', id, '@bob'])).code).toBe(2);
    expect((await emu.run(['lists', 'members', 'remove', id, '@bob', '--yes'])).code).toBe(0);
    const got = await emu.run(['lists', 'get', id, '-o', 'json']);
    expect(got.json().data).toMatchObject({
      id,
      name: 'Launch crew',
      private: false,
      member_count: 1,
      description: 'shipping',
      owner_id: EMU_USER.id,
    });
    const members = await emu.run(['lists', 'members', 'list', id, '-o', 'jsonl']);
    expect(
      members.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).username),
    ).toEqual(['alice']);
    const owned = await emu.run(['lists', 'owned', '@emu_dev', '--all', '-o', 'jsonl']);
    expect(
      owned.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([SEEDED_LIST, id]);
    expect((await emu.run(['lists', 'delete', id, '--yes'])).code).toBe(0);
    expect((await emu.run(['lists', 'get', id])).code).toBe(4);
  });

  it('rules before sending: name over 25, description over 100, nothing to update, a bad list id — exit 6, nothing sent', async () => {
    const from = emu.state.log.length;
    for (const args of [
      ['lists', 'create', '--name', 'n'.repeat(26)],
      ['lists', 'create', '--name', 'ok', '--description', 'd'.repeat(101)],
      ['lists', 'update', SEEDED_LIST],
      ['lists', 'get', '1/../2'],
      ['lists', 'members', 'add', SEEDED_LIST, '@not/a/handle'],
    ]) {
      const r = await emu.run(args);
      expect(r.code, args.join(' ')).toBe(6);
    }
    expect(api(from)).toEqual([]);
  });

  it('lists posts --limit 12 over pages of 10: 12 posts', async () => {
    const r = await emu.run(['lists', 'posts', SEEDED_LIST, '--limit', '12', '--max-results', '10', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(12);
    expect(emu.state.requests('GET', `/2/lists/${SEEDED_LIST}/tweets`)).toHaveLength(2);
  });
});

describe('bookmarks (OAuth 2.0 only)', () => {
  it('with an OAuth 2.0 login holding bookmark.write: bookmark and unbookmark change the server state', async () => {
    const { run } = await oauth2Only(emu, 'tweet.read,users.read,bookmark.write');
    const b = await run(['posts', 'bookmark', 'https://x.com/alice/status/1460323737035677698']);
    expect(b.code, b.stderr).toBe(0);
    expect(usersState(emu.state).bookmarks.get(EMU_USER.id)).toEqual(['1460323737035677698']);
    expect((await run(['posts', 'unbookmark', '1460323737035677698'])).code).toBe(0);
    expect(usersState(emu.state).bookmarks.get(EMU_USER.id)).toEqual([]);
  });
});
