// The names the client puts on the wire, checked against literals copied from
// the service's reference — not against the client's own tables — so a name
// changed in src/validate/post-fields.ts or src/validate/platform-events.ts
// fails here even when the emulator would accept it.
// Expansions: openapi v2.159, components.parameters.TweetExpansionsParameter
// (https://docs.x.com/x-api/posts/post-lookup-by-post-ids); only the names that
// are spelled the same in the service and the spec are listed, the others are
// wire-name table entries (src/wire/names.ts).
// Event types: https://docs.x.com/x-api/activity/introduction ("Supported event types").
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();

const EXPANSIONS = [
  'author_id',
  'attachments.media_keys',
  'attachments.poll_ids',
  'in_reply_to_user_id',
  'entities.mentions.username',
  'geo.place_id',
];

const EVENT_TYPES = [
  'profile.update.bio',
  'profile.update.profile_picture',
  'profile.update.banner_picture',
  'profile.update.screenname',
  'profile.update.geo',
  'profile.update.url',
  'post.create',
  'post.delete',
  'dm.received',
  'dm.sent',
  'dm.read',
  'dm.indicate_typing',
  'spaces.start',
  'spaces.end',
];

/** Log entries of one CLI run. */
async function sent(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run(args);
  return { r, log: emu.state.log.slice(before) };
}

describe('names sent as in the reference', () => {
  it('posts lookup sends every reference expansion name as given', async () => {
    const { r, log } = await sent(['posts', 'lookup', '1', '--expansions', EXPANSIONS.join(','), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const lookups = log.filter((e) => e.query.some(([k]) => k === 'expansions'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query.find(([k]) => k === 'expansions')).toEqual(['expansions', EXPANSIONS.join(',')]);
  });

  it('posts lookup --all-fields adds exactly author_id and attachments.media_keys', async () => {
    const { r, log } = await sent(['posts', 'lookup', '1', '--all-fields', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const lookups = log.filter((e) => e.path === '/2/tweets');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query.find(([k]) => k === 'expansions')).toEqual(['expansions', 'author_id,attachments.media_keys']);
  });

  it('a misspelt expansion is refused before sending (exit 6)', async () => {
    const { r, log } = await sent(['posts', 'lookup', '1', '--expansions', 'attachments.poll_id']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('attachments.poll_id');
    expect(log).toEqual([]);
  });

  it('events subscribe sends each reference event type name, one subscription each', async () => {
    const { r, log } = await sent(['events', 'subscribe', '--event-type', EVENT_TYPES.join(','), '--user-id', '783214', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    // Not the bearer token exchange a fresh config starts with.
    const posts = log.filter((e) => e.method === 'POST' && e.path === '/2/activity/subscriptions');
    expect(posts.map((e) => (JSON.parse(e.body) as { event_type: string }).event_type)).toEqual(EVENT_TYPES);
    expect(posts.every((e) => e.status >= 200 && e.status < 300)).toBe(true);
  });
});
