// Post and user references as people paste them (issue 27, "Ids"): a post is
// its id or its URL (https://x.com/<user>/status/<id>, twitter.com and the
// mobile/www hosts too); a user is an id, @handle (or a bare handle), a profile
// URL (https://x.com/<handle>) or https://x.com/i/user/<id>. Whatever the
// form, what reaches a request path is checked again by idSegment (digits
// only), so a pasted URL can never smuggle `..` or `/` into a path.
import { InputError, formatProblem, type InputProblem } from '../errors.js';
import { neutralize } from '../output/sanitize.js';

export const NUMERIC = /^[0-9]{1,19}$/;
/** Usernames: 1 to 15 letters, digits or underscores (openapi v2.159 UserName). */
export const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const HOSTS = /^(?:www\.|mobile\.|m\.)?(?:x|twitter)\.com$/i;
/** Path words on x.com that are not profiles. */
const RESERVED = new Set(['i', 'home', 'search', 'explore', 'settings', 'messages', 'notifications', 'intent', 'share']);

export type UserRef = { id: string; username?: never } | { username: string; id?: never };

/** The path segments of an x.com / twitter.com URL, or undefined for anything else. */
function platformPath(raw: string): string[] | undefined {
  if (!/^https?:\/\//i.test(raw)) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if (!HOSTS.test(u.hostname)) return undefined;
  return u.pathname.split('/').filter(Boolean);
}

/** A post id from an id or a post URL; undefined when it is neither. */
export function parsePostRef(raw: string): string | undefined {
  const s = raw.trim();
  if (NUMERIC.test(s)) return s;
  const parts = platformPath(s);
  if (!parts) return undefined;
  // /<user>/status/<id>[/photo/1…], /i/web/status/<id>, /i/status/<id>
  const at = parts.findIndex((p) => p === 'status' || p === 'statuses');
  const id = at >= 0 ? parts[at + 1] : undefined;
  return id !== undefined && NUMERIC.test(id) ? id : undefined;
}

/** A user from an id, @handle, bare handle or profile URL; undefined when it is none of those. */
export function parseUserRef(raw: string): UserRef | undefined {
  const s = raw.trim();
  if (NUMERIC.test(s)) return { id: s };
  const handle = s.startsWith('@') ? s.slice(1) : s;
  if (USERNAME.test(handle)) return { username: handle };
  const parts = platformPath(s);
  if (!parts?.length) return undefined;
  if (parts[0] === 'i' && parts[1] === 'user' && NUMERIC.test(parts[2] ?? '')) return { id: parts[2]! };
  if (!RESERVED.has(parts[0]!.toLowerCase()) && USERNAME.test(parts[0]!)) return { username: parts[0]! };
  return undefined;
}

const shown = (v: string) => JSON.stringify(neutralize(v.length > 80 ? `${v.slice(0, 80)}…` : v));
export const BAD_POST = (v: string) =>
  `not a post id or post URL: must be 1 to 19 digits or https://x.com/<user>/status/<id> (got ${shown(v)})`;
export const BAD_USER = (v: string) =>
  `not a user id, @handle or profile URL: ids are 1 to 19 digits, handles 1 to 15 letters, digits or _ (got ${shown(v)})`;

/** Throws one InputError (exit 6) listing every problem, or returns. */
export function throwProblems(problems: InputProblem[], what: string, hint: string): void {
  if (!problems.length) return;
  throw new InputError(problems.length === 1 ? formatProblem(problems[0]!) : `${problems.length} invalid ${what}`, problems, hint);
}

/** The non-empty comma-separated parts of arguments, with the argument's 1-based number. */
export function argParts(args: readonly string[]): Array<{ part: string; n: number }> {
  return args.flatMap((arg, i) => arg.split(',').flatMap((part) => (part.trim() ? [{ part, n: i + 1 }] : [])));
}

/** Post references from arguments (comma lists allowed): ids in order, repeats dropped; every bad one reported. */
export function postIdsFromArgs(args: readonly string[], field = 'post'): string[] {
  const problems: InputProblem[] = [];
  const ids: string[] = [];
  for (const { part, n } of argParts(args)) {
    const id = parsePostRef(part);
    if (id === undefined) problems.push({ field: `${field} (argument ${n})`, id: neutralize(part), message: BAD_POST(part) });
    else if (!ids.includes(id)) ids.push(id);
  }
  throwProblems(problems, 'post ids', 'give post ids or post URLs (https://x.com/<user>/status/<id>).');
  return ids;
}

/** User references from arguments (comma lists allowed), in order, repeats dropped; every bad one reported. */
export function userRefsFromArgs(args: readonly string[], field = 'user'): UserRef[] {
  const problems: InputProblem[] = [];
  const refs: UserRef[] = [];
  const seen = new Set<string>();
  for (const { part, n } of argParts(args)) {
    const ref = parseUserRef(part);
    if (!ref) problems.push({ field: `${field} (argument ${n})`, id: neutralize(part), message: BAD_USER(part) });
    else {
      const key = ref.id ?? `@${ref.username.toLowerCase()}`;
      if (!seen.has(key)) refs.push(ref);
      seen.add(key);
    }
  }
  throwProblems(problems, 'users', 'give user ids, @handles or profile URLs (https://x.com/<handle>).');
  return refs;
}
