// Post and user references as people paste them: a post is
// its id or its URL (https://x.com/<user>/status/<id>, twitter.com and the
// mobile/www hosts too); a user is an id, @handle (or a bare handle), a profile
// URL (https://x.com/<handle>) or https://x.com/i/user/<id>. Whatever the
// form, what reaches a request path is checked again by idSegment (digits
// only), so a pasted URL can never smuggle `..` or `/` into a path.
import { InputError, formatProblem, type InputProblem } from '../errors/cli-error.js';
import { neutralize } from '../output/sanitize.js';
import { BAD_POST, BAD_USER, parsePostRef, parseUserRef, type UserRef } from '../validate/platform-ids.js';

// The parsers live with the id rules (src/validate/platform-ids.ts), which posts lookup loads anyway.
export {
  BAD_POST,
  BAD_USER,
  NUMERIC_ID as NUMERIC,
  parseListRef,
  parsePostRef,
  parseUserRef,
  type UserRef,
} from '../validate/platform-ids.js';

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
