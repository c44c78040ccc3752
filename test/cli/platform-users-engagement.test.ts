// Issue 28 through the built CLI against the emulator (its own tables of
// users, the follow graph, likes, DMs, webhooks and subscriptions), with the
// request counts read from the emulator's log: users lookup batching and
// merging, the one pager over three pages, idempotent likes, pacing to the
// documented limit, a DM with an uploaded dm_image, the webhook and
// subscription lifecycle, scope checks before sending, and ids given as post
// URLs and @handles (issue 27, "Ids").
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activityFeed } from '../../src/emulator/routes/platform-events.js';
import { mediaSessions } from '../../src/emulator/routes/platform-media.js';
import { usersState } from '../../src/emulator/routes/platform-users-state.js';
import { webhooks } from '../../src/emulator/routes/platform-webhooks.js';
import { EMU_USER } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

// The client paces likes to the documented 50 per 15 minutes; the emulator enforces the same on its own (a fixed
// window: a client that did not pace would get 429s, which the log would show). The windows pass on the test
// world's clock, which the emulator reads too: an hour of pacing is steps of the clock, not an hour.
const emu = freshEmulator({ limits: { 'POST /2/users/:id/likes': { max: 50, windowSec: 900 } } });

const api = (from: number) => emu.state.log.slice(from).filter((e) => e.path.startsWith('/2/') && !e.path.startsWith('/2/oauth2'));
const ALICE = '1000000001';
const BOB = '1000000002';

describe('users', () => {
  it('users get @alice @bob 12345 + 150 ids: one request per 100 ids or names, merged in the order given', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => String(5_000_000 + i));
    const from = emu.state.log.length;
    const r = await emu.run(['users', 'get', '@alice', 'https://x.com/bob', '12345', ...ids, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const calls = api(from);
    expect(calls.map((e) => e.path).sort()).toEqual(['/2/users', '/2/users', '/2/users/by']);
    expect(calls.find((e) => e.path === '/2/users/by')!.query).toEqual([['usernames', 'alice,bob']]);
    expect(
      calls
        .filter((e) => e.path === '/2/users')
        .map((e) => e.query[0]![1].split(',').length)
        .sort(),
    ).toEqual([100, 51]);
    const data = r.json().data as Array<{ id: string; username: string }>;
    expect(data.map((u) => u.id)).toEqual([ALICE, BOB, '12345', ...ids]);
    expect(data[0]!.username).toBe('alice');
  });

  it('users get from stdin: handles, ids and URLs, # comments, one request each kind', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['users', 'get', '-', '-o', 'jsonl'], { input: '@alice\n# friends\n12345, https://x.com/bob\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([ALICE, '12345', BOB]);
    expect(
      api(from)
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/2/users', '/2/users/by']);
  });

  it('users followers @alice --all -o jsonl: three pages, 250 ids unique and in order, one handle lookup', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['users', 'followers', '@alice', '--all', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id as string);
    expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => String(3_000_000_000 + i)));
    expect(new Set(ids).size).toBe(250);
    const calls = api(from);
    expect(calls.map((e) => e.path)).toEqual(['/2/users/by', ...Array(3).fill(`/2/users/${ALICE}/followers`)]);
    expect(calls.slice(2).every((e) => e.query.some(([k]) => k === 'pagination_token'))).toBe(true);
  });

  it('users posts --limit 12: pages of at most 12 (max_results), 12 posts; --max-results out of range is exit 6 with nothing sent', async () => {
    const r = await emu.run(['users', 'posts', ALICE, '--limit', '12', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(12);
    const from = emu.state.log.length;
    const bad = await emu.run(['users', 'posts', ALICE, '--max-results', '101']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('--max-results');
    expect(api(from)).toEqual([]);
  });

  it('users me: the authenticated user', async () => {
    const r = await emu.run(['users', 'me', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toEqual({ id: EMU_USER.id, name: 'Emulator Developer', username: EMU_USER.screenName });
  });
});

describe('ids as URLs and @handles (issue 27)', () => {
  it('posts lookup takes a post URL; a URL or handle that is not one is exit 6 with nothing sent', async () => {
    const ok = await emu.run(['posts', 'lookup', 'https://x.com/emu_dev/status/1460323737035677698?s=20', '-o', 'json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.json().data[0].id).toBe('1460323737035677698');
    const from = emu.state.log.length;
    for (const bad of [
      ['posts', 'lookup', 'https://evil.example/u/status/1'],
      ['posts', 'like', '../../2/tweets'],
      ['users', 'get', '@way_too_long_handle_x'],
      ['users', 'followers', 'https://x.com/i/user/1%2F..'],
    ]) {
      const r = await emu.run(bad);
      expect(r.code, bad.join(' ')).toBe(6);
    }
    expect(api(from)).toEqual([]);
  });
});

describe('ids as @handles in flags (issue 27)', () => {
  it('events subscribe --user-id @alice: one lookup, then the subscription filters on her id', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['events', 'subscribe', '--event-type', 'post.create', '--user-id', '@alice', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const calls = api(from);
    expect(calls.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /2/users/by', 'POST /2/activity/subscriptions']);
    expect(JSON.parse(calls[1]!.body).filter).toEqual({ user_id: ALICE });
  });
});

describe('engagement', () => {
  it('posts like twice on the same post: both exit 0, one like on the server; a second repost is a success with a note', async () => {
    const first = await emu.run(['posts', 'like', 'https://x.com/alice/status/1460323737035677698', '-o', 'json']);
    const second = await emu.run(['posts', 'like', '1460323737035677698', '-o', 'json']);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.json().data).toEqual([{ id: '1460323737035677698', action: 'like', state: true }]);
    expect(usersState(emu.state).likes.get(EMU_USER.id)).toEqual(['1460323737035677698']);
    await emu.run(['posts', 'repost', '1460323737035677698']);
    const again = await emu.run(['posts', 'repost', '1460323737035677698', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().data[0]).toMatchObject({ state: true, note: 'already reposted' });
    expect(again.stderr).toContain('already reposted');
    expect(usersState(emu.state).reposts.get(EMU_USER.id)?.size).toBe(1);
  });

  it('posts like --file 250ids.txt: paced to 50 per window, 250 likes, never a 429', async () => {
    const dir = tempDir();
    const file = join(dir, '250ids.txt');
    writeFileSync(file, Array.from({ length: 250 }, (_, i) => String(1_460_323_737_035_000_000n + BigInt(i))).join('\n') + '\n');
    const from = emu.state.log.length;
    const r = await emu.run(['posts', 'like', '--file', file, '-o', 'json'], { timeoutMs: 90_000 });
    expect(r.code, r.stderr).toBe(0);
    // Without pacing the emulator answers 429s (and the client waits them out): the log would show them.
    const likes = api(from).filter((e) => e.method === 'POST' && e.path.endsWith('/likes'));
    expect(likes.filter((e) => e.status !== 200).map((e) => e.status)).toEqual([]);
    expect(likes).toHaveLength(250);
    expect(r.stderr).toContain('pacing: 250 requests at most 50 per 900 s');
    // Waits of about a window each (the lanes wait side by side), on the clock: the run took no such time.
    expect(emu.clock.waits.filter((ms) => ms > 800_000).length).toBeGreaterThanOrEqual(4);
    expect(r.stderr).toContain(': 5 windows');
    // The documented budget did the waiting (the rate-limit headers alone would say nothing here).
    expect(r.stderr).toMatch(/250 posts liked \(paced: waited \d+\.\d s for the documented limit\)/);
    expect(usersState(emu.state).likes.get(EMU_USER.id)).toHaveLength(250);
  }, 120_000);

  it('users follow @alice @carol: one lookup, a follow and a pending follow (protected account); unfollow removes the edge', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['users', 'follow', '@alice', '@carol', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toEqual([
      { id: ALICE, action: 'follow', state: true },
      {
        id: '1000000003',
        action: 'follow',
        state: false,
        pending_follow: true,
        note: 'follow request sent: the account approves followers',
      },
    ]);
    expect(api(from).map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /2/users/by',
      `POST /2/users/${EMU_USER.id}/following`,
      `POST /2/users/${EMU_USER.id}/following`,
    ]);
    expect(usersState(emu.state).follows.get(EMU_USER.id)).toEqual([ALICE]);
    const un = await emu.run(['users', 'unfollow', ALICE]);
    expect(un.code, un.stderr).toBe(0);
    expect(usersState(emu.state).follows.get(EMU_USER.id)).toEqual([]);
  });
});

describe('direct messages', () => {
  it('dm send @alice --text hi --media-file photo.png: a dm_image upload, then one DM event carrying that media id', async () => {
    const dir = tempDir();
    const photo = join(dir, 'photo.png');
    writeFileSync(photo, Buffer.alloc(2048, 7));
    const from = emu.state.log.length;
    const r = await emu.run(['dm', 'send', '@alice', '--text', 'hi', '--media-file', photo, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const calls = api(from);
    // A small image goes up in one request (POST /2/media/upload, multipart), as dm_image.
    expect(calls.map((e) => `${e.method} ${e.path.replace(/\d{12,}/g, 'N')}`)).toEqual([
      'GET /2/users/by',
      'POST /2/media/upload',
      `POST /2/dm_conversations/with/${ALICE}/messages`,
    ]);
    expect(/name="media_category"\r\n\r\n([^\r]*)\r\n/.exec(calls[1]!.body)?.[1]).toBe('dm_image');
    const mediaId = JSON.parse(calls[2]!.body).attachments[0].media_id as string;
    expect(JSON.parse(calls[2]!.body)).toEqual({ text: 'hi', attachments: [{ media_id: mediaId }] });
    expect(mediaSessions(emu.state).get(mediaId)?.media_category).toBe('dm_image');
    expect(r.json().data.dm_conversation_id).toBe(`${ALICE}-${EMU_USER.id}`);
    const listed = await emu.run(['dm', 'list', '--with', '@alice', '-o', 'json']);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0]).toMatchObject({ text: 'hi', attachments: { media_keys: [`3_${mediaId}`] } });
  });
});

describe('webhooks and subscriptions', () => {
  it('webhooks create, events subscribe to it, subscriptions list shows it, delete --yes removes it (server state)', async () => {
    const created = await emu.run(['webhooks', 'create', 'https://hooks.example.com/issue28', '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const hook = created.json().data.id as string;
    expect(webhooks(emu.state).get(hook)?.url).toBe('https://hooks.example.com/issue28');
    const sub = await emu.run([
      'events',
      'subscribe',
      '--event-type',
      'post.create',
      '--user-id',
      ALICE,
      '--webhook-id',
      hook,
      '-o',
      'json',
    ]);
    expect(sub.code, sub.stderr).toBe(0);
    const subId = sub.json().data[0].subscription_id as string;
    const listed = await emu.run(['events', 'subscriptions', 'list', '--all', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json().data.find((s: { subscription_id: string }) => s.subscription_id === subId)).toMatchObject({
      webhook_id: hook,
      event_type: 'post.create',
    });
    const noYes = await emu.run(['events', 'subscriptions', 'delete', subId]);
    expect(noYes.code).toBe(2);
    expect(activityFeed(emu.state).subscriptions.some((s) => s.subscription_id === subId)).toBe(true);
    const dry = await emu.run(['events', 'subscriptions', 'delete', subId, '--dry-run', '-o', 'json']);
    expect(dry.json()).toEqual({ method: 'DELETE', path: `/2/activity/subscriptions/${subId}` });
    const del = await emu.run(['events', 'subscriptions', 'delete', subId, '--yes', '-o', 'json']);
    expect(del.code, del.stderr).toBe(0);
    expect(activityFeed(emu.state).subscriptions.some((s) => s.subscription_id === subId)).toBe(false);
    const gone = await emu.run(['webhooks', 'delete', hook, '--yes']);
    expect(gone.code, gone.stderr).toBe(0);
    expect(webhooks(emu.state).has(hook)).toBe(false);
  });
});

describe('account activity subscriptions', () => {
  it('add (user context), list and count (app), remove asks first and then removes (server state via list)', async () => {
    const hook = '1146654567674912769';
    const add = await emu.run(['webhooks', 'subscriptions', 'add', hook, '-o', 'json']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.json()).toEqual({ data: { subscribed: true } });
    const list = await emu.run(['webhooks', 'subscriptions', 'list', hook, '-o', 'json']);
    expect(list.json().data.subscriptions).toEqual([{ user_id: EMU_USER.id }]);
    const count = await emu.run(['webhooks', 'subscriptions', 'count', '-o', 'json']);
    expect(count.json().data).toMatchObject({ subscriptions_count_all: '1', provisioned_count: '15' });
    const from = emu.state.log.length;
    const dry = await emu.run(['webhooks', 'subscriptions', 'remove', hook, '@emu_dev', '--dry-run', '-o', 'json']);
    expect(dry.json()).toEqual({ method: 'DELETE', path: `/2/account_activity/webhooks/${hook}/subscriptions/${EMU_USER.id}/all` });
    expect((await emu.run(['webhooks', 'subscriptions', 'remove', hook, EMU_USER.id])).code).toBe(2);
    expect(api(from).map((e) => e.method)).toEqual(['GET']);
    const removed = await emu.run(['webhooks', 'subscriptions', 'remove', hook, EMU_USER.id, '--yes', '-o', 'json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await emu.run(['webhooks', 'subscriptions', 'list', hook, '-o', 'json'])).json().data.subscriptions).toEqual([]);
  });
});

describe('OAuth 2.0 scopes', () => {
  it('a token lacking like.write: posts like exits 3 naming the scope, 0 requests', async () => {
    const { run } = await oauth2Only(emu, 'tweet.read,users.read,offline.access');
    const from = emu.state.log.length;
    const r = await run(['posts', 'like', '1460323737035677698']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('lacks the scope like.write');
    expect(api(from)).toEqual([]);
  });

  it('with like.write: the acting user is asked once (GET /2/users/me) and cached for the profile', async () => {
    const { run } = await oauth2Only(emu, 'tweet.read,users.read,like.write,offline.access');
    const from = emu.state.log.length;
    expect((await run(['posts', 'like', '1460323737035677698'])).code).toBe(0);
    expect((await run(['posts', 'unlike', '1460323737035677698'])).code).toBe(0);
    expect(api(from).map((e) => `${e.method} ${e.path} ${e.authScheme}`)).toEqual([
      'GET /2/users/me Bearer',
      `POST /2/users/${EMU_USER.id}/likes Bearer`,
      `DELETE /2/users/${EMU_USER.id}/likes/1460323737035677698 Bearer`,
    ]);
  });
});
