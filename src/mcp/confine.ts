// Where a tool call may touch local files. An agent's arguments are not the user's: a path an agent names is
// read only inside the folders the user gave with `postctl mcp --root DIR` (none by default), as a regular
// file outside /proc, /sys and /dev, and is passed on as its real path, so a link swapped in later does not
// lead elsewhere; a path a verb would write (state, journal, results, rejects) is refused on a read-only
// server and kept inside the roots on a --allow-writes one. Which inputs are paths comes from the verbs'
// declarations (tool-schema.ts `file`), so a new verb's paths are confined without an entry here.
import { lstatSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { realOrNothing, specialPath } from '../input/regular-file.js';
import type { FileUse, ToolShape } from './tool-schema.js';

export interface FileRules {
  /** Real paths of the --root folders. */
  roots: readonly string[];
  allowWrites: boolean;
  /** What a relative path is relative to: the server's working directory (the tools run in a scratch folder). */
  base: string;
}

export class PathRefused extends Error {}

const within = (real: string, root: string): boolean => {
  const rel = relative(root, real);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

function insideRoots(key: string, path: string, real: string, rules: FileRules): void {
  if (!rules.roots.length)
    throw new PathRefused(`${key}: this server reads and writes no local file (start it with --root DIR to allow files under DIR)`);
  if (!rules.roots.some((r) => within(real, r)))
    throw new PathRefused(`${key}: ${path} is outside the folders this server may use (--root ${rules.roots.join(', ')})`);
}

/** An input file: a regular file inside a root, by its real path. */
function readable(key: string, path: string, rules: FileRules): string {
  if (path === '-') return path;
  const real = realOrNothing(resolve(rules.base, path));
  if (real === undefined) throw new PathRefused(`${key}: cannot read ${path}: no such file`);
  const special = specialPath(real);
  if (special) throw new PathRefused(`${key}: ${path}: ${special}`);
  insideRoots(key, path, real, rules);
  if (!statSync(real).isFile()) throw new PathRefused(`${key}: ${path} is not a regular file`);
  return real;
}

/** An output file: never on a read-only server; else a new file or a regular one (not a link) inside a root. */
function writable(key: string, path: string, rules: FileRules): string {
  if (path === '-') return path;
  if (!rules.allowWrites)
    throw new PathRefused(`${key}: this server is read-only and writes no local file (leave ${key} out, or start it with --allow-writes)`);
  const abs = resolve(rules.base, path);
  const dir = realOrNothing(dirname(abs));
  if (dir === undefined) throw new PathRefused(`${key}: no folder ${dirname(path)}`);
  const target = join(dir, basename(abs));
  insideRoots(key, path, target, rules);
  const st = (() => {
    try {
      return lstatSync(target);
    } catch {
      return undefined;
    }
  })();
  if (st && !st.isFile()) throw new PathRefused(`${key}: ${path} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}`);
  return target;
}

/** `key=@file` values: the file part as an input file; other values as they are. */
function atValue(key: string, value: string, rules: FileRules): string {
  const i = value.indexOf('=');
  const v = i < 0 ? '' : value.slice(i + 1);
  if (!v.startsWith('@') || v === '@-') return value;
  return `${value.slice(0, i + 1)}@${readable(key, v.slice(1), rules)}`;
}

function checked(use: FileUse, key: string, value: string, rules: FileRules): string {
  if (use === 'in') return readable(key, value, rules);
  if (use === 'out') return writable(key, value, rules);
  return atValue(key, value, rules);
}

/** The call's input with every local path checked and made real; throws PathRefused naming the input. */
export function confinePaths(shape: ToolShape, input: Record<string, unknown>, rules: FileRules): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  for (const [key, param] of Object.entries(shape.params)) {
    if (param.kind === 'switch' || !param.file || !Object.hasOwn(input, key)) continue;
    const v = input[key];
    if (typeof v === 'string') out[key] = checked(param.file, key, v, rules);
    else if (Array.isArray(v)) out[key] = v.map((x) => (typeof x === 'string' ? checked(param.file!, key, x, rules) : x));
  }
  return out;
}
