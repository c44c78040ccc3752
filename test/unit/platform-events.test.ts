// Event types and subscription rules; the resume bookkeeping of the stream.
import { describe, expect, it } from 'vitest';
import { EventResume, RECEIVE_MARGIN_MS, startTimeParam } from '../../src/platform/event-resume.js';
import { EVENT_TYPES, eventTypeProblem, spellEventType, subscriptionProblems } from '../../src/validate/platform-events.js';

describe('event types', () => {
  it('accepts every dot-separated type of the spec (neutral names)', () => {
    for (const t of [
      'profile.update.bio',
      'profile.update.verified',
      'profile.update.affiliate',
      'profile.update.screenname',
      'post.create',
      'post.delete',
      'spaces.start',
      'spaces.end',
      'dm.received',
      'dm.sent',
      'dm.read',
      'dm.indicate_typing',
    ]) {
      expect(eventTypeProblem(t, 'neutral')).toBeUndefined();
    }
  });

  it("the badge events carry the live service's names in official spelling, and either spelling is read as the selected one", () => {
    expect(eventTypeProblem('profile.update.verified_badge')).toBeUndefined();
    expect(eventTypeProblem('profile.update.verified', 'official')).toMatch(/unknown event type/);
    expect(spellEventType('profile.update.verified', 'official')).toBe('profile.update.verified_badge');
    expect(spellEventType('profile.update.affiliate_badge', 'neutral')).toBe('profile.update.affiliate');
  });

  it('rejects deprecated PascalCase names, naming the new form', () => {
    expect(eventTypeProblem('ProfileBioUpdate')).toMatch(/deprecated PascalCase.*named profile\.update\.bio/);
    expect(eventTypeProblem('ProfileUrlUpdate')).toContain('profile.update.url');
    expect(EVENT_TYPES).toContain('profile.update.url');
  });

  it('explains legacy DM event names, wrong case and unknown names', () => {
    expect(eventTypeProblem('MessageCreate')).toMatch(/legacy direct-message event.*dm\.received/);
    expect(eventTypeProblem('Post.Create')).toBe('event types are lowercase: use post.create');
    expect(eventTypeProblem('post.edit')).toMatch(/unknown event type "post.edit"; valid: profile.update.bio/);
  });
});

describe('subscription rules', () => {
  const fields = (input: Parameters<typeof subscriptionProblems>[0]) => subscriptionProblems(input).list.map((p) => p.field);

  it('needs a type and a filter', () => {
    expect(fields({ eventTypes: [] })).toEqual(['--event-type', '--user-id']);
    expect(fields({ eventTypes: ['post.create'], userId: '2244994945' })).toEqual([]);
    expect(fields({ eventTypes: ['post.create'], keyword: 'launch' })).toEqual([]);
  });

  it('checks ids, the direction values, and that direction is for dm events only', () => {
    expect(fields({ eventTypes: ['post.create'], userId: '12ab' })).toEqual(['--user-id']);
    expect(fields({ eventTypes: ['dm.received'], userId: '1', direction: 'inbound' })).toEqual(['--direction']);
    expect(fields({ eventTypes: ['dm.received', 'dm.sent'], userId: '1', direction: 'both' })).toEqual([]);
    const p = subscriptionProblems({ eventTypes: ['dm.sent', 'post.create'], userId: '1', direction: 'sent' }).list;
    expect(p).toEqual([expect.objectContaining({ field: '--direction', message: expect.stringContaining('not to post.create') })]);
    expect(fields({ eventTypes: ['post.create'], userId: '1', webhookId: 'hook' })).toEqual(['--webhook-id']);
  });
});

describe('EventResume', () => {
  const ev = (n: number, at: string) => ({ data: { event_uuid: `uuid-${n}`, created_at: at } });

  it('resumes from the second of the last event and drops replays by uuid', () => {
    const r = new EventResume();
    expect(r.resumeAt()).toBeUndefined();
    expect(r.accept(ev(1, '2026-06-01T12:00:00.250Z'), 0)).toBe(true);
    expect(r.accept(ev(2, '2026-06-01T12:00:01.750Z'), 0)).toBe(true);
    expect(r.resumeAt()).toBe('2026-06-01T12:00:01Z');
    // The replay from 12:00:01 repeats event 2, then brings new ones.
    expect(r.accept(ev(2, '2026-06-01T12:00:01.750Z'), 0)).toBe(false);
    expect(r.accept(ev(3, '2026-06-01T12:00:02.000Z'), 0)).toBe(true);
    expect(r.resumeAt()).toBe('2026-06-01T12:00:02Z');
  });

  it('uses the receive time minus a margin when events carry no time', () => {
    const r = new EventResume();
    const received = Date.parse('2026-06-01T12:00:10.500Z');
    r.accept({ data: { event_uuid: 'a' } }, received);
    expect(r.resumeAt()).toBe(startTimeParam(received - RECEIVE_MARGIN_MS));
    expect(r.resumeAt()).toBe('2026-06-01T12:00:08Z');
  });

  it('forgets uuids far behind the newest event, so memory stays bounded', () => {
    const r = new EventResume();
    const t0 = Date.parse('2026-06-01T12:00:00Z');
    for (let i = 0; i < 1000; i++) r.accept(ev(i, new Date(t0 + i * 100).toISOString()), 0);
    // 10 s of history at 10 events a second.
    expect(r.remembered).toBeLessThanOrEqual(102);
    expect(r.accept(ev(999, new Date(t0 + 99_900).toISOString()), 0)).toBe(false);
  });
});
