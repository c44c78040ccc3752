// A campaigns file from text to a checked tree: syntax, then the shipped JSON
// Schema, then the API's rules (the create and update verbs' tables) — every
// problem of every stage that can run, each with its line and path, in one
// InputError (exit 6) before anything is read from or sent to the account.
import schema from '../../../schemas/campaigns.schema.json' with { type: 'json' };
import { InputError, type InputProblem } from '../../errors/cli-error.js';
import type { NameStyle } from '../../wire/names.js';
import { desiredTree, type DesiredTree, type PathProblem } from './desired.js';
import { checkSchema } from './schema-check.js';
import { readSource, type Source } from './source.js';

/** A campaigns file is small; a bigger one is refused before parsing (each campaign holds at most 100 line items). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

export function toProblems(source: Pick<Source, 'lineOf'>, found: readonly PathProblem[]): InputProblem[] {
  return found.map((p) => {
    const line = source.lineOf(p.path);
    return { ...(line !== undefined ? { line } : {}), field: p.path, message: p.message };
  });
}

export function throwFileProblems(name: string, problems: readonly InputProblem[]): void {
  if (!problems.length) return;
  const sorted = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  throw new InputError(`${name}: ${sorted.length} problem${sorted.length === 1 ? '' : 's'}; nothing was read or sent`, sorted);
}

/** Parses and checks `text` (the file `name`); throws InputError listing every problem. */
export async function loadTree(name: string, text: string, style: NameStyle): Promise<{ tree: DesiredTree; source: Source }> {
  const { source, problems } = await readSource(text);
  if (!source) {
    throwFileProblems(name, problems);
    throw new InputError(`${name}: not readable`);
  }
  const shape = checkSchema(schema, source.value);
  const found: PathProblem[] = shape.map((p) => ({ path: p.path, message: p.message }));
  // The API's rules run on what the schema let through: a field of the wrong type was reported once already.
  const rules: PathProblem[] = [];
  const tree = desiredTree(source.value, style, rules);
  const typed = new Set(shape.map((p) => p.path));
  for (const r of rules) if (!typed.has(r.path)) found.push(r);
  throwFileProblems(name, toProblems(source, found));
  return { tree, source };
}
