// Where rejected values go: counted always, the first few kept for the
// summary, and every one written with its line to --rejects FILE (CSV: line,
// field, value, reason; mode 0600, since values are personal data).
// The file is opened before the first request, so a path that cannot be
// written is an error naming it (exit 2) with nothing sent; an existing file
// is set to 0600 before anything is written to it, and a symlink is refused.
import { constants, createWriteStream, fchmodSync, openSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { UsageError } from '../errors/cli-error.js';
import { csvField } from '../output/cells.js';

/** Opens (creating or truncating) a private output file: mode 0600 even when it existed, never through a symlink. */
function openPrivateFile(path: string, what: string): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ELOOP'
        ? 'it is a symbolic link (postctl does not write through links)'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'ENOENT'
            ? 'its directory does not exist'
            : code === 'EISDIR'
              ? 'it is a directory'
              : (e as Error).message;
    throw new UsageError(`cannot write the ${what} ${path}: ${why}`, 'pass a writable path; nothing was sent.');
  }
  fchmodSync(fd, 0o600);
  return fd;
}

export interface RejectRow {
  line: number;
  field: string;
  value: string;
  reason: string;
}

/** Rows kept in memory for the summary; the file has all of them. */
const KEPT = 20;

export class RejectSink {
  count = 0;
  readonly first: RejectRow[] = [];
  private out: WriteStream | undefined;
  private failed: Error | undefined;
  behind = false;

  constructor(readonly path?: string) {
    if (path) {
      this.out = createWriteStream(path, { fd: openPrivateFile(path, 'rejects file') });
      this.out.on('error', (e) => (this.failed = e));
      this.out.write('line,field,value,reason\n');
    }
  }

  add(row: RejectRow): void {
    this.count++;
    if (this.first.length < KEPT) this.first.push(row);
    if (this.out && !this.out.write(`${row.line},${csvField(row.field)},${csvField(row.value)},${csvField(row.reason)}\n`))
      this.behind = true;
  }

  /** Waits until the file has caught up (backpressure). */
  async drain(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.out && this.behind) await once(this.out, 'drain');
    this.behind = false;
  }

  async close(): Promise<void> {
    if (!this.out) return;
    const out = this.out;
    this.out = undefined;
    await new Promise<void>((resolve) => out.end(resolve));
    if (this.failed) throw this.failed;
  }
}
