// A file on disk as an upload plan: it must be a regular file that can be
// stat'ed (its size decides the chunk count and whether one request carries it),
// then the rules of limits.ts. Problems name the file; nothing is read yet.
import { stat } from 'node:fs/promises';
import type { InputProblem } from '../errors/cli-error.js';
import { planUpload, type MediaFlags, type MediaPlan } from './limits.js';

export async function planFile(path: string, flags: MediaFlags): Promise<{ plan?: MediaPlan; problems: InputProblem[] }> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new Error('not a regular file');
    size = s.size;
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    return { problems: [{ field: 'file', id: path, message: `cannot read it (${why})` }] };
  }
  return planUpload(path, size, flags);
}
