// Types of bin/safe-file.js (plain CommonJS, shared by the launcher and the TypeScript sources).

/** A file or directory that breaks the safe-file rule: `path` is the offender, `why` the reason ("it is a symbolic link"). */
export declare class UnsafeFileError extends Error {
  readonly path: string;
  readonly why: string;
  constructor(path: string, why: string);
}

/** Creates `dir` (0700) and checks it as checkDirs does. */
export declare function ensureDir(dir: string, top: string): void;

/** The bytes of a regular file of the user's, at most `max`; undefined when there is none. Throws UnsafeFileError. */
export declare function readSafe(path: string, opts: { max: number; top?: string }): Buffer | undefined;

/** A random name beside `path` for its temporary file. */
export declare function tempPath(path: string): string;

/** O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW: the open() flags of a temporary file. */
export declare const TEMP_FLAGS: number;

/** Writes `data` to `path` through a random-named O_EXCL temporary file, fsync and rename. */
export declare function writeSafe(path: string, data: string | Uint8Array, opts?: { top?: string; mode?: number }): void;
