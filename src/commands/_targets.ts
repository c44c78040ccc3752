// Posts, users or lists named on the command line and/or in a file or stdin (`-`):
// ids, post URLs, @handles and profile URLs (src/platform/refs.ts), one or
// more per line, comma or space separated, # comments; every bad one is
// reported with its argument or line before anything is sent; repeats dropped.
import type { Context } from '../entry/context.js';
import { UsageError, type InputProblem } from '../errors/cli-error.js';
import { openInput, readLines } from '../input/lines.js';
import { neutralize } from '../output/sanitize.js';
import { BAD_POST, BAD_USER, argParts, parsePostRef, parseUserRef, throwProblems, type UserRef } from '../platform/refs.js';

type Ref = UserRef;

/** Targets from arguments and a file, parsed as posts (ids, URLs) or users (ids, @handles, URLs); repeats dropped. */
/** A list id, or a list URL (https://x.com/i/lists/<id>). */
function parseListRef(raw: string): string | undefined {
  const s = raw.trim();
  if (/^[0-9]{1,19}$/.test(s)) return s;
  return /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/i\/lists\/([0-9]{1,19})\/?$/.exec(s)?.[1];
}

const BAD_LIST = (v: string) =>
  `not a list id or list URL: must be 1 to 19 digits or https://x.com/i/lists/<id> (got ${JSON.stringify(neutralize(v.slice(0, 80)))})`;
const BAD: Record<'post' | 'user' | 'list', (v: string) => string> = { post: BAD_POST, user: BAD_USER, list: BAD_LIST };

export async function readTargets(
  ctx: Context,
  args: readonly string[],
  file: string | undefined,
  kind: 'post' | 'user' | 'list',
): Promise<Ref[]> {
  const problems: InputProblem[] = [];
  const out: Ref[] = [];
  const seen = new Set<string>();
  const add = (raw: string, where: Omit<InputProblem, 'message'>) => {
    if (!raw.trim()) return;
    const id = kind === 'post' ? parsePostRef(raw) : kind === 'list' ? parseListRef(raw) : undefined;
    const ref: Ref | undefined = kind === 'user' ? parseUserRef(raw) : id ? { id } : undefined;
    if (!ref) {
      problems.push({ ...where, id: neutralize(raw.trim()), message: BAD[kind](raw.trim()) });
      return;
    }
    const key = ref.id ?? `@${ref.username!.toLowerCase()}`;
    if (!seen.has(key)) out.push(ref);
    seen.add(key);
  };
  const files: string[] = args.filter((a) => a === '-');
  for (const { part, n } of argParts(args.map((a) => (a === '-' ? '' : a)))) add(part, { field: `argument ${n}` });
  if (file !== undefined) files.push(file);
  if (files.length > 1 && files.filter((f) => f === '-').length > 1) throw new UsageError('stdin (-) can be read only once');
  for (const f of files) {
    const name = f === '-' ? 'stdin' : f;
    for await (const { line, text } of readLines(openInput(f, ctx.io), { name }))
      for (const part of text.replace(/#.*$/, '').split(/[\s,]+/)) add(part, { field: name, line });
  }
  throwProblems(problems, kind === 'user' ? 'users' : `${kind} ids`, 'nothing was sent.');
  return out;
}
