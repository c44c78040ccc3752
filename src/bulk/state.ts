// Resume state of an upload: the input's identity (path, size, mtime), the
// options that shape the batches, and the batch numbers the API confirmed.
// Written atomically (temp file, fsync, rename; mode 0600) and coalesced — at
// most one write in flight — so a kill -9 leaves either the old or the new
// file, never half of one. It may lag the API by the last few confirmations:
// those batches are sent again on --resume, which Update and Delete allow.
// A finished run leaves a "done" marker (not nothing), so a --resume after it
// sends nothing and says so. The state file is read and its temporary file
// made by the safe-file rule (bin/safe-file.js): only a regular file of the
// user's that no one else can write, opened without following links and without
// blocking (a FIFO planted at its path would otherwise hang the run), within a
// size cap; anything else is exit 2 at once.
import { createHash } from 'node:crypto';
import { lstat, open, rename, rm, stat } from 'node:fs/promises';
import { readSafe, TEMP_FLAGS, tempPath, UnsafeFileError } from '../config/safe-file.js';
import { resolve } from 'node:path';
import { CliError, UsageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

export interface InputIdentity {
  path: string;
  size: number;
  mtime_ms: number;
}

interface StateFile {
  version: 1;
  input: InputIdentity;
  options: Record<string, unknown>;
  options_hash: string;
  /** Confirmed batch numbers as ranges: "0-41,43,45-50". */
  confirmed: string;
  confirmed_count: number;
  /** Facts a resumed run needs besides the confirmed batches (a media upload's media id). */
  extra?: Record<string, unknown>;
  /** Set by a run that finished: every batch confirmed, nothing left to send. */
  done?: true;
  updated_at: string;
}

/** A state file is small; a larger "state" is not one of ours. */
const MAX_STATE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a state file, or undefined when there is none. Only a regular
 * file is read: a FIFO, a device, a directory or a symbolic link at the path is
 * exit 2 at once (O_NONBLOCK: opening a FIFO never waits for a writer;
 * O_NOFOLLOW and fstat: what was opened is what was checked).
 */
export async function readStateFile(path: string, what = 'upload state'): Promise<string | undefined> {
  const refuse = (why: string) =>
    new UsageError(
      `refusing the ${what} ${path}: ${why}`,
      'point --state at a regular file, or remove what is at that path; nothing was sent.',
    );
  try {
    return readSafe(path, { max: MAX_STATE_BYTES })?.toString('utf8');
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuse(e.why);
    throw new CliError(`cannot read the ${what} ${path}: ${(e as Error).message}`, { exitCode: EXIT.USAGE, code: 'state_unreadable' });
  }
}

const MIN_WRITE_INTERVAL_MS = 200;

/**
 * A temporary file next to `path`, created exclusively under a random name
 * (O_EXCL, O_NOFOLLOW, mode 0600): a file or symlink planted at a predictable
 * name can never be written through.
 */
export async function openExclusiveTemp(path: string): Promise<{ tmp: string; fh: Awaited<ReturnType<typeof open>> }> {
  const tmp = tempPath(path);
  const fh = await open(tmp, TEMP_FLAGS, 0o600);
  return { tmp, fh };
}

/**
 * Replaces `path` with `text` durably: written to an exclusive temporary file,
 * fsynced, then renamed over it, so a reader (or a resume after SIGKILL) sees
 * the old state or the new one, never half of either. The temporary file is
 * removed when anything fails.
 */
export async function writeDurably(path: string, text: string): Promise<void> {
  const { tmp, fh } = await openExclusiveTemp(path);
  try {
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Checks before the first request that the state file can be written: its
 * directory takes a new file, and the path is not a directory or a symlink.
 * Finding out after every batch was sent would make a rerun send them again.
 */
async function checkStateWritable(path: string): Promise<void> {
  const refuse = (why: string) =>
    new UsageError(
      `cannot write the upload state ${path}: ${why}`,
      'point --state at a writable file, or fix the permissions of its directory; nothing was sent.',
    );
  const st = await lstat(path).catch(() => undefined);
  if (st?.isSymbolicLink()) throw refuse('it is a symbolic link (postctl does not write through links)');
  if (st && !st.isFile()) throw refuse('it is not a regular file');
  try {
    const { tmp, fh } = await openExclusiveTemp(path);
    await fh.close();
    await rm(tmp, { force: true });
  } catch (e) {
    throw refuse((e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (e as Error).message);
  }
}

export const defaultStatePath = (input: string): string => `${resolve(input)}.postctl-state.json`;

export async function inputIdentity(path: string): Promise<InputIdentity> {
  const s = await stat(path);
  return { path: resolve(path), size: s.size, mtime_ms: Math.floor(s.mtimeMs) };
}

export function optionsHash(options: Record<string, unknown>): string {
  const canon = JSON.stringify(
    Object.keys(options)
      .sort()
      .map((k) => [k, options[k] ?? null]),
  );
  return createHash('sha256').update(canon).digest('hex');
}

export function toRanges(sorted: Iterable<number>): string {
  const out: string[] = [];
  let start = -1;
  let prev = -2;
  const push = () => {
    if (start >= 0) out.push(start === prev ? String(start) : `${start}-${prev}`);
  };
  for (const n of sorted) {
    if (n !== prev + 1) {
      push();
      start = n;
    }
    prev = n;
  }
  push();
  return out.join(',');
}

export function fromRanges(text: string): Set<number> {
  const set = new Set<number>();
  for (const part of text.split(',').filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`bad range ${JSON.stringify(part)}`);
    const a = Number(m[1]);
    const b = m[2] !== undefined ? Number(m[2]) : a;
    if (b < a || b - a > 10_000_000) throw new Error(`bad range ${JSON.stringify(part)}`);
    for (let i = a; i <= b; i++) set.add(i);
  }
  return set;
}

export class UploadState {
  private confirmedSet: Set<number>;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private error: unknown;
  private lastWrite = 0;
  private flushing = false;
  private extraData: Record<string, unknown> = {};

  private constructor(
    readonly path: string,
    private input: InputIdentity,
    private options: Record<string, unknown>,
    confirmed: Set<number>,
    /** Dry runs read the state but never write it. */
    private readOnly: boolean,
  ) {
    this.confirmedSet = confirmed;
  }

  get confirmedCount(): number {
    return this.confirmedSet.size;
  }

  /**
   * Opens the state for this input and options. With `resume`, a saved state
   * must match both (else a clear error); without, a saved state is replaced.
   */
  static async open(
    path: string,
    input: InputIdentity,
    options: Record<string, unknown>,
    opts: { resume: boolean; readOnly: boolean; warn: (m: string) => void; info: (m: string) => void },
  ): Promise<UploadState> {
    let saved: StateFile | undefined;
    const text = await readStateFile(path);
    if (text !== undefined) {
      try {
        saved = JSON.parse(text) as StateFile;
        if (saved.version !== 1 || typeof saved.confirmed !== 'string' || !saved.input) throw new Error('not a postctl upload state');
      } catch (e) {
        if (opts.resume)
          throw new UsageError(
            `the upload state ${path} is not usable (${(e as Error).message})`,
            'remove it to start over, or point --state at the right file.',
          );
        saved = undefined;
      }
    }
    if (!opts.readOnly) await checkStateWritable(path);
    if (!opts.resume) {
      if (saved?.confirmed && !saved.done)
        opts.warn(
          `starting over: ${path} holds an unfinished upload (${saved.confirmed_count} batches confirmed); pass --resume to continue it instead`,
        );
      return new UploadState(path, input, options, new Set(), opts.readOnly);
    }
    if (!saved) {
      opts.info(`no saved state at ${path}: starting from the first batch`);
      return new UploadState(path, input, options, new Set(), opts.readOnly);
    }
    const changes: string[] = [];
    if (saved.input.path !== input.path) changes.push(`path ${saved.input.path} → ${input.path}`);
    if (saved.input.size !== input.size) changes.push(`size ${saved.input.size} → ${input.size} bytes`);
    if (saved.input.mtime_ms !== input.mtime_ms)
      changes.push(`modified ${new Date(saved.input.mtime_ms).toISOString()} → ${new Date(input.mtime_ms).toISOString()}`);
    if (changes.length) {
      throw new UsageError(
        `cannot resume: the input changed since the saved upload (${changes.join('; ')})`,
        `batches would not line up with the confirmed ones. Restore the original file, or rerun without --resume to send everything again (${path} is then replaced).`,
      );
    }
    if (saved.options_hash !== optionsHash(options)) {
      const keys = new Set([...Object.keys(saved.options ?? {}), ...Object.keys(options)]);
      const diff = [...keys]
        .filter((k) => JSON.stringify(saved!.options?.[k] ?? null) !== JSON.stringify(options[k] ?? null))
        .map((k) => `${k}: ${JSON.stringify(saved!.options?.[k] ?? null)} → ${JSON.stringify(options[k] ?? null)}`);
      throw new UsageError(
        `cannot resume: the options differ from the saved upload (${diff.join('; ') || 'unknown difference'})`,
        'rerun with the same options to resume, or without --resume to start over.',
      );
    }
    let confirmed: Set<number>;
    try {
      confirmed = fromRanges(saved.confirmed);
    } catch (e) {
      throw new UsageError(`the upload state ${path} is not usable (${(e as Error).message})`, 'remove it to start over.');
    }
    if (!saved.done) opts.info(`resuming: ${confirmed.size} batch${confirmed.size === 1 ? '' : 'es'} already confirmed (state ${path})`);
    const state = new UploadState(path, input, options, confirmed, opts.readOnly);
    state.extraData = saved.extra && typeof saved.extra === 'object' ? { ...saved.extra } : {};
    if (saved.done) state.finishedAt = saved.updated_at;
    return state;
  }

  /** When the saved state says the run finished (a --resume after it has nothing to send), its time. */
  finishedAt: string | undefined;

  get done(): boolean {
    return this.finishedAt !== undefined;
  }

  /** Facts saved with the state (empty on a fresh start). */
  get extra(): Readonly<Record<string, unknown>> {
    return this.extraData;
  }

  /** Replaces the saved facts; written with the next state write. */
  setExtra(extra: Record<string, unknown>): void {
    this.extraData = { ...extra };
    this.schedule();
  }

  isConfirmed(batch: number): boolean {
    return this.confirmedSet.has(batch);
  }

  confirm(batch: number): void {
    this.confirmedSet.add(batch);
    this.schedule();
  }

  private schedule(): void {
    if (this.readOnly) return;
    this.dirty = true;
    if (this.writing) return;
    this.writing = (async () => {
      while (this.dirty) {
        // At most a few writes a second, whatever the batch rate: each one is an fsync.
        const wait = this.lastWrite + MIN_WRITE_INTERVAL_MS - Date.now();
        if (wait > 0 && !this.flushing) await new Promise((r) => setTimeout(r, wait));
        this.dirty = false;
        try {
          await this.write();
        } catch (e) {
          this.error = e;
          return;
        } finally {
          this.lastWrite = Date.now();
        }
      }
    })().finally(() => (this.writing = undefined));
  }

  private async write(): Promise<void> {
    const body: StateFile = {
      version: 1,
      input: this.input,
      options: this.options,
      options_hash: optionsHash(this.options),
      confirmed: toRanges([...this.confirmedSet].sort((a, b) => a - b)),
      confirmed_count: this.confirmedSet.size,
      ...(Object.keys(this.extraData).length ? { extra: this.extraData } : {}),
      ...(this.finishedAt !== undefined ? { done: true as const } : {}),
      updated_at: new Date().toISOString(),
    };
    await writeDurably(this.path, JSON.stringify(body, null, 1) + '\n');
  }

  /** Waits for the last confirmation to be on disk. */
  async flush(): Promise<void> {
    if (this.readOnly) return;
    this.flushing = true;
    while (this.writing) await this.writing;
    if (this.dirty) {
      this.schedule();
      await this.writing;
    }
    this.flushing = false;
    if (this.error)
      throw new CliError(`cannot write the upload state ${this.path}: ${(this.error as Error).message}`, {
        exitCode: EXIT.INTERNAL,
        code: 'state_write',
      });
  }

  /** Every batch is confirmed: the state becomes a "done" marker, so --resume sends nothing and says so. */
  async markDone(): Promise<void> {
    if (this.readOnly) return;
    this.finishedAt = new Date().toISOString();
    this.schedule();
    await this.flush();
  }

  /**
   * The run's work needs no record once finished: `ads stats` jobs are read-only queries whose rows
   * went to stdout, so a finished run removes its state (a later run asks again) rather than leaving
   * a "done" marker that would make `--resume` print nothing.
   */
  async remove(): Promise<void> {
    await this.flush();
    if (!this.readOnly) await rm(this.path, { force: true });
  }
}
