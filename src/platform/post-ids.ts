// Post ids from arguments (comma lists allowed) and from a file or stdin (one
// or more per line, separated by commas or blanks; blank lines and # comments
// skipped). Every id is checked against ^[0-9]{1,19}$ (a post URL gives its
// id: src/platform/refs.ts) and every bad one is reported with where it came
// from, before anything is sent.
import { UsageError, type InputProblem } from '../errors/cli-error.js';
import { openInput, readLines } from '../input/lines.js';
import { BAD_POST, parsePostRef } from '../validate/platform-ids.js';

export interface IdSources {
  args: string[];
  /** Path, or '-' for stdin. */
  file?: string | undefined;
  /** Its stdin is read only when a source is '-' (openInput). */
  io: { readonly stdin: NodeJS.ReadableStream };
}

export interface CollectedIds {
  ids: string[];
  problems: InputProblem[];
  duplicates: number;
}

class IdCollector {
  readonly ids: string[] = [];
  readonly problems: InputProblem[] = [];
  duplicates = 0;
  private seen = new Set<string>();

  add(raw: string, where: Omit<InputProblem, 'message'>): void {
    if (!raw.trim()) return;
    const id = parsePostRef(raw);
    if (id === undefined) {
      this.problems.push({ ...where, id: raw.trim(), message: BAD_POST(raw.trim()) });
      return;
    }
    // The API answers each id once; asking twice only costs quota.
    if (this.seen.has(id)) {
      this.duplicates++;
      return;
    }
    this.seen.add(id);
    this.ids.push(id);
  }
}

export async function collectPostIds(src: IdSources): Promise<CollectedIds> {
  const c = new IdCollector();
  const files: string[] = [];
  src.args.forEach((arg, i) => {
    if (arg === '-') files.push('-');
    else {
      const parts = arg.split(',');
      parts.forEach((part, j) => {
        c.add(part, { field: parts.length > 1 ? `argument ${i + 1}, item ${j + 1}` : `argument ${i + 1}` });
      });
    }
  });
  if (src.file !== undefined) files.push(src.file);
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('stdin (-) can be read only once');
  for (const file of files) {
    const name = file === '-' ? 'stdin' : file;
    for await (const { line, text } of readLines(openInput(file, src.io), { name })) {
      const body = text.replace(/#.*$/, '');
      for (const part of body.split(/[\s,]+/)) c.add(part, { field: name, line });
    }
  }
  return { ids: c.ids, problems: c.problems, duplicates: c.duplicates };
}
