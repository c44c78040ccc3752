// Posts or users named on the command line and/or in a file or stdin (`-`):
// ids, post URLs, @handles and profile URLs (src/platform/refs.ts), one or
// more per line, comma or space separated, # comments; every bad one is
// reported with its argument or line before anything is sent; repeats dropped.
import type { Context } from '../context.js';
import { UsageError, type InputProblem } from '../errors.js';
import { openInput, readLines } from '../input/lines.js';
import { neutralize } from '../output/sanitize.js';
import { BAD_POST, BAD_USER, argParts, parsePostRef, parseUserRef, throwProblems, type UserRef } from '../platform/refs.js';

type Ref = UserRef;

/** Targets from arguments and a file, parsed as posts (ids, URLs) or users (ids, @handles, URLs); repeats dropped. */
export async function readTargets(ctx: Context, args: readonly string[], file: string | undefined, kind: 'post' | 'user'): Promise<Ref[]> {
  const problems: InputProblem[] = [];
  const out: Ref[] = [];
  const seen = new Set<string>();
  const add = (raw: string, where: Omit<InputProblem, 'message'>) => {
    if (!raw.trim()) return;
    const postId = kind === 'post' ? parsePostRef(raw) : undefined;
    const ref: Ref | undefined = kind === 'post' ? (postId ? { id: postId } : undefined) : parseUserRef(raw);
    if (!ref) {
      problems.push({ ...where, id: neutralize(raw.trim()), message: (kind === 'post' ? BAD_POST : BAD_USER)(raw.trim()) });
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
  throwProblems(problems, kind === 'post' ? 'post ids' : 'users', 'nothing was sent.');
  return out;
}
