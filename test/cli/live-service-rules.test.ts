// The live service's rules, round 2, through the built CLI against the
// emulator: event types from both descriptions' enums (follow.follow, news.new,
// like.create with a direction), no space.fields on lookup, webhooks replay
// read in both reply shapes (v2.159 top level, v2.167 in `data`), and
// curated-categories list requiring country_codes.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const emu = freshEmulator();
const WEBHOOK = '1146654567674912769';

/** Whole minutes, ISO 8601, n minutes ago. */
const minutesAgo = (n: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - n * 60_000).toISOString().replace('.000Z', 'Z');

describe('event types of both descriptions', () => {
  it('events subscribe --event follow.follow is accepted and sent as is', async () => {
    const r = await emu.run(['events', 'subscribe', '--event', 'follow.follow', '--user-id', '2244994945', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.map((s: { event_type: string }) => s.event_type)).toEqual(['follow.follow']);
    expect(emu.state.requests('POST', '/2/activity/subscriptions').map((e) => JSON.parse(e.body).event_type)).toEqual(['follow.follow']);
  });

  it('news.new by keyword, like.create with a direction, post.mention.create, chat.conversation.join, block.block', async () => {
    const runs = [
      ['--event-type', 'news.new', '--keyword', 'launch'],
      ['--event-type', 'like.create', '--user-id', '2244994945', '--direction', 'received'],
      ['--event-type', 'post.mention.create,chat.conversation.join,block.block', '--user-id', '2244994945'],
    ];
    for (const args of runs) {
      const r = await emu.run(['events', 'subscribe', ...args, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(emu.state.requests('POST', '/2/activity/subscriptions').map((e) => JSON.parse(e.body))).toEqual([
      { event_type: 'news.new', filter: { keyword: 'launch' } },
      { event_type: 'like.create', filter: { user_id: '2244994945', direction: 'inbound' } },
      { event_type: 'post.mention.create', filter: { user_id: '2244994945' } },
      { event_type: 'chat.conversation.join', filter: { user_id: '2244994945' } },
      { event_type: 'block.block', filter: { user_id: '2244994945' } },
    ]);
  });

  it('a private event with the OAuth 2.0 login of the user: the default after auth oauth2 alone, Bearer user token', async () => {
    const u = await oauth2Only(emu);
    const r = await u.run(['events', 'subscribe', '--event', 'like.create', '--user-id', '2244994945', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.state.requests('POST', '/2/activity/subscriptions').map((e) => [e.authScheme, e.auth, e.status])).toEqual([
      ['Bearer', 'user', 200],
    ]);
  });

  it('a direction on a non-directional event and an unknown type are exit 6 before sending', async () => {
    const r = await emu.run(['events', 'subscribe', '--event-type', 'follow.follow,follow.folow', '--user-id', '1', '--direction', 'sent']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('unknown event type "follow.folow"');
    expect(r.stderr).toContain('applies to dm.*, chat.* and like.create events only, not to follow.follow');
    expect(emu.state.requests('POST', '/2/activity/subscriptions')).toEqual([]);
  });
});

describe('space.fields only where declared', () => {
  it('posts lookup has no --space-fields (exit 2, nothing sent) and never sends space.fields', async () => {
    const r = await emu.run(['posts', 'lookup', '20', '--space-fields', 'id']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--space-fields'");
    const all = await emu.run(['posts', 'lookup', '20', '--all-fields', '-o', 'json']);
    expect(all.code, all.stderr).toBe(0);
    const sent = emu.state.requests('GET', '/2/tweets');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.map(([k]) => k).filter((k) => k.startsWith('space'))).toEqual([]);
    // The emulator refuses it as the service does: GET /2/tweets declares no space.fields.
    const direct = await emu.run(['request', 'GET', '/2/tweets', '-f', 'ids=20', '-f', 'space.fields=id', '--auth', 'app']);
    expect(direct.code).toBe(6);
    expect(direct.stderr).toContain(
      'The query parameter [space.fields] is not one of [ids,expansions,tweet.fields,user.fields,media.fields,place.fields,poll.fields]',
    );
  });
});

describe('webhooks replay reads both reply shapes', () => {
  for (const dialect of ['2.159', '2.167'] as const)
    it(`the job id of a ${dialect} reply`, async () => {
      emu.state.dialect = dialect;
      const r = await emu.run(['webhooks', 'replay', WEBHOOK, '--from', minutesAgo(120), '--to', minutesAgo(30), '-o', 'table']);
      expect(r.code, r.stderr).toBe(0);
      const body = JSON.parse(emu.state.requests('POST', '/2/webhooks/replay')[0]!.body);
      expect(body.webhook_id).toBe(WEBHOOK);
      const jobId = /replay job (\d+) created for webhook (\d+)/.exec(r.stderr);
      expect(jobId?.[2]).toBe(WEBHOOK);
      expect(r.stdout).toContain(jobId![1]!);
      expect(r.stderr).not.toContain('undefined');
    });

  it('a reply with no job id anywhere is exit 7, never "job undefined"', async () => {
    emu.state.faults.add({ method: 'POST', path: '/2/webhooks/replay', kind: 'reply', status: 200, body: '{"data":{}}' });
    const r = await emu.run(['webhooks', 'replay', WEBHOOK, '--from', minutesAgo(120), '--to', minutesAgo(30)]);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('the replay answer carries no job_id');
    expect(r.stderr).not.toContain('undefined');
  });
});

describe('curated-categories list needs country_codes', () => {
  it('without --country-codes: exit 2 naming the flag, nothing sent; the emulator refuses it too', async () => {
    const r = await emu.run(['ads', 'curated-categories', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--country-codes is required');
    expect(emu.state.log.filter((e) => e.path.endsWith('/curated_categories'))).toEqual([]);
    const ok = await emu.run(['ads', 'curated-categories', 'list', '--country-codes', 'GB', '-o', 'json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(emu.state.log.filter((e) => e.path.endsWith('/curated_categories')).map((e) => e.query)).toEqual([[['country_codes', 'GB']]]);
  });
});
