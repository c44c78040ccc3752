// The emulator's users and their relations: seeded accounts, users made up on
// first sight (any id not starting with 9, any username not starting with
// "nobody"), the follow graph, mutes, likes, reposts and bookmarks. Every
// user has 250 made-up followers and 30 made-up followings after the real
// ones, so listings have several pages. Written from openapi v2.159 (User,
// UsersFollowingCreateResponse …), independent of the client.
import { createHash } from 'node:crypto';
import { EMU_USER, type EmulatorState } from '../state.js';

export interface EmuUser {
  id: string;
  username: string;
  name: string;
  created_at: string;
  description: string;
  location: string;
  protected: boolean;
  verified: boolean;
  public_metrics: { followers_count: number; following_count: number; tweet_count: number; listed_count: number; like_count: number };
}

export interface UsersState {
  byId: Map<string, EmuUser>;
  byName: Map<string, string>;
  /** source → targets, newest first. */
  follows: Map<string, string[]>;
  mutes: Map<string, string[]>;
  likes: Map<string, string[]>;
  /** user → post id → the repost's id. */
  reposts: Map<string, Map<string, string>>;
  bookmarks: Map<string, string[]>;
}

const SYNTHETIC_FOLLOWERS = 250;
const SYNTHETIC_FOLLOWING = 30;
const FOLLOWER_BASE = 3_000_000_000;
const FOLLOWING_BASE = 3_100_000_000;

/** Seeded accounts: the emulator's user, two public ones and a protected one (follows wait for approval). */
const SEEDED_USERS: Array<Pick<EmuUser, 'id' | 'username' | 'name'> & { protected?: boolean }> = [
  { id: EMU_USER.id, username: EMU_USER.screenName, name: 'Emulator Developer' },
  { id: '1000000001', username: 'alice', name: 'Alice Example' },
  { id: '1000000002', username: 'bob', name: 'Bob Example' },
  { id: '1000000003', username: 'carol', name: 'Carol Private', protected: true },
];

function make(id: string, username: string, name: string, isProtected = false): EmuUser {
  const n = Number(BigInt(id) % 1000n);
  return {
    id,
    username,
    name,
    created_at: new Date(Date.UTC(2012, n % 12, (n % 27) + 1, 9)).toISOString().replace('.000', '.000'),
    description: `Emulated account @${username}`,
    location: 'Emulator',
    protected: isProtected,
    verified: n % 7 === 0,
    public_metrics: {
      followers_count: SYNTHETIC_FOLLOWERS,
      following_count: SYNTHETIC_FOLLOWING,
      tweet_count: 120,
      listed_count: n % 9,
      like_count: 20,
    },
  };
}

export function usersState(state: EmulatorState): UsersState {
  return state.slice('platform-users', () => {
    const s: UsersState = {
      byId: new Map(),
      byName: new Map(),
      follows: new Map(),
      mutes: new Map(),
      likes: new Map(),
      reposts: new Map(),
      bookmarks: new Map(),
    };
    for (const u of SEEDED_USERS) add(s, make(u.id, u.username, u.name, u.protected));
    return s;
  });
}

function add(s: UsersState, u: EmuUser): EmuUser {
  s.byId.set(u.id, u);
  s.byName.set(u.username.toLowerCase(), u.id);
  return u;
}

/** A user by id: seeded, seen before, or made up (ids starting with 9 do not exist). */
export function userById(state: EmulatorState, id: string): EmuUser | undefined {
  const s = usersState(state);
  const known = s.byId.get(id);
  if (known) return known;
  if (!/^[0-9]{1,19}$/.test(id) || id.startsWith('9')) return undefined;
  return add(s, make(id, `user${id}`.slice(0, 15), `User ${id}`));
}

/** A user by username (case-insensitive): seeded, seen before, or made up (names starting with "nobody" do not exist). */
export function userByName(state: EmulatorState, username: string): EmuUser | undefined {
  const s = usersState(state);
  const id = s.byName.get(username.toLowerCase());
  if (id) return s.byId.get(id);
  if (!/^[A-Za-z0-9_]{1,15}$/.test(username) || username.toLowerCase().startsWith('nobody')) return undefined;
  const digest = createHash('sha256').update(username.toLowerCase()).digest();
  const made = String(7_000_000_000n + (digest.readBigUInt64BE(0) % 1_000_000_000n));
  return add(s, make(made, username, username));
}

/** Real followers (newest first), then the made-up ones. */
export function followerIds(state: EmulatorState, id: string): string[] {
  const real = [...usersState(state).follows.entries()].filter(([, targets]) => targets.includes(id)).map(([src]) => src);
  return [...real, ...Array.from({ length: SYNTHETIC_FOLLOWERS }, (_, i) => String(FOLLOWER_BASE + i))];
}

export function followingIds(state: EmulatorState, id: string): string[] {
  const real = usersState(state).follows.get(id) ?? [];
  return [...real, ...Array.from({ length: SYNTHETIC_FOLLOWING }, (_, i) => String(FOLLOWING_BASE + i))];
}

/** A list keyed by user: the entry, created empty. */
export function listOf(map: Map<string, string[]>, user: string): string[] {
  let l = map.get(user);
  if (!l) map.set(user, (l = []));
  return l;
}
