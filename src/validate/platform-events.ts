// Activity event types and subscription filters (platform-api.md, "Events"),
// as data: the dot-separated lowercase names are current; the PascalCase names
// were replaced by them (effective Mar 18, 2026) and are rejected with the new
// form named.
import { numericId } from './platform-ids.js';
import { Problems } from './rules.js';
import { respell, wire, type NameStyle, type WireKey } from '../wire/names.js';

/**
 * The union of the event_type enums of openapi v2.159 and v2.167 (extracts in
 * test/fixtures/contract/; the activity introduction's tables name the same
 * events), lowercase dotted names only: the PascalCase names v2.159 still
 * lists were replaced (effective Mar 18, 2026) and are refused with the new
 * name. The two badge events are spelled differently by the live service
 * (src/wire/names.ts keys `event.*`).
 */
const PLAIN_EVENT_TYPES = [
  'profile.update.bio',
  'profile.update.screenname',
  'profile.update.profile_picture',
  'profile.update.banner_picture',
  'profile.update.geo',
  'profile.update.url',
  'profile.update.handle',
  'news.new',
  'follow.follow',
  'follow.unfollow',
  'spaces.start',
  'spaces.end',
  'broadcast.start',
  'broadcast.end',
  'broadcast.chat',
  'chat.received',
  'chat.sent',
  'chat.conversation.join',
  'chat.conversation_join',
  'chat.conversation.member_added',
  'chat.conversation.member_removed',
  'chat.conversation.admin_added',
  'chat.conversation.admin_removed',
  'chat.update.group_name',
  'chat.update.restrictions',
  'dm.received',
  'dm.sent',
  'dm.read',
  'dm.indicate_typing',
  'post.create',
  'post.delete',
  'post.mention.create',
  'post.reply.create',
  'post.quote.create',
  'post.repost.create',
  'like.create',
  'mute.mute',
  'mute.unmute',
  'block.block',
  'block.unblock',
] as const;
const BADGE_EVENTS: readonly WireKey[] = ['event.verified_badge', 'event.affiliate_badge'];

/** Every event type in the selected spelling. */
function eventTypes(style: NameStyle): string[] {
  const [bio, ...rest] = PLAIN_EVENT_TYPES;
  return [bio, ...BADGE_EVENTS.map((k) => wire(k, style)), ...rest];
}

/** The official spelling (the default wire names). */
export const EVENT_TYPES: readonly string[] = eventTypes('official');

/** An event type given in either spelling, in the selected one. */
export const spellEventType = (v: string, style: NameStyle): string => respell('event.', v, style);

const DEPRECATED_EVENT_TYPES: Record<string, string> = {
  ProfileBioUpdate: 'profile.update.bio',
  ProfilePictureUpdate: 'profile.update.profile_picture',
  ProfileBannerUpdate: 'profile.update.banner_picture',
  ProfileGeoUpdate: 'profile.update.geo',
  ProfileUrlUpdate: 'profile.update.url',
};

/** Names of legacy direct-message events as delivered; they are not subscription types. */
const LEGACY_DM_EVENTS = ['MessageCreate', 'ParticipantsJoin', 'ParticipantsLeave'];

/** `both` is sent as no direction at all (the filter's default). */
const DIRECTIONS = ['sent', 'received', 'both'] as const;

/**
 * The filters: user_id for every event but news.new (keyword); the optional
 * direction for the directional ones — direct messages and chat (the spec) and
 * like.create (activity introduction: outbound = likes the user makes).
 */
const isDirectional = (eventType: string) => /^(dm|chat)\./.test(eventType) || eventType === 'like.create';

export function eventTypeProblem(v: string, style: NameStyle = 'official'): string | undefined {
  const known = eventTypes(style);
  if (known.includes(v)) return undefined;
  const renamed = DEPRECATED_EVENT_TYPES[v];
  if (renamed) return `${v} is a deprecated PascalCase event type; since Mar 18, 2026 it is named ${renamed}`;
  if (LEGACY_DM_EVENTS.includes(v))
    return `${v} is a legacy direct-message event name, not a subscription type; subscribe to ${known.filter(isDirectional).join(', ')}`;
  const lower = v.toLowerCase();
  if (known.includes(lower)) return `event types are lowercase: use ${lower}`;
  return `unknown event type ${JSON.stringify(v)}; valid: ${known.join(', ')}`;
}

export interface SubscriptionInput {
  eventTypes: string[];
  userId?: string | undefined;
  keyword?: string | undefined;
  direction?: string | undefined;
  tag?: string | undefined;
  webhookId?: string | undefined;
}

/** Every rule at once; the caller throws (exit 6) or answers invalid-request. */
export function subscriptionProblems(input: SubscriptionInput, style: NameStyle = 'official'): Problems {
  const p = new Problems();
  if (input.eventTypes.length === 0) p.add('--event-type', 'at least one event type is required');
  for (const t of input.eventTypes) {
    const msg = eventTypeProblem(t, style);
    if (msg) p.add('--event-type', msg, { id: t });
  }
  if (input.userId === undefined && input.keyword === undefined)
    p.add('--user-id', 'a subscription needs a filter: give --user-id, --keyword or both');
  p.check('--user-id', input.userId, [numericId]);
  if (input.keyword !== undefined && input.keyword.trim() === '') p.add('--keyword', 'must not be empty');
  if (input.direction !== undefined) {
    if (!(DIRECTIONS as readonly string[]).includes(input.direction))
      p.add('--direction', `must be one of ${DIRECTIONS.join(', ')} (got ${JSON.stringify(input.direction)})`);
    else {
      const others = input.eventTypes.filter((t) => !isDirectional(t) && !eventTypeProblem(t, style));
      if (others.length) p.add('--direction', `applies to dm.*, chat.* and like.create events only, not to ${others.join(', ')}`);
    }
  }
  p.check('--webhook-id', input.webhookId, [numericId]);
  return p;
}
