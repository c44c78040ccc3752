// The safe-file rule (bin/safe-file.js, shared with the launcher) for the files
// whose loss stops a command: the config with its credentials, its locks, and
// resume state. A violation there is exit 2 naming the path and why; caches
// call readSafe/writeSafe and ignore a violation.
import { readSafe, UnsafeFileError, writeSafe } from '../../bin/safe-file.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

// The TypeScript sources reach the rule through this module (the config layer every layer may use).
export { ensureDir, readSafe, TEMP_FLAGS, tempPath, UnsafeFileError, writeSafe } from '../../bin/safe-file.js';

/** `refusing to use the <what> <path>: <why>` (exit 2), for an UnsafeFileError. */
export function refuseUnsafe(e: UnsafeFileError, what: string, hint: string): CliError {
  return new CliError(`refusing to use the ${what} ${e.path}: ${e.why}`, { exitCode: EXIT.USAGE, code: 'file_untrusted', hint, cause: e });
}

export const HINT = 'remove or fix what is at that path (postctl only reads regular files of yours that no one else can change).';

/** readSafe, with a violation as exit 2 naming the path. */
export function readOrRefuse(path: string, what: string, opts: { max: number; top?: string }): Buffer | undefined {
  try {
    return readSafe(path, opts);
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuseUnsafe(e, what, HINT);
    throw e;
  }
}

/** writeSafe, with a violation of the directories as exit 2 naming the path. */
export function writeOrRefuse(path: string, data: string, what: string, opts: { top?: string; mode?: number } = {}): void {
  try {
    writeSafe(path, data, opts);
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuseUnsafe(e, what, HINT);
    throw e;
  }
}
