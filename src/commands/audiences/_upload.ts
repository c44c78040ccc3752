// `audiences upload` and `audiences do-not-reach upload`, the command-line
// side: their flags, then check the flags, open the input, rejects file and
// resume state, run the upload job (src/audiences/upload.ts), then report
// (stdout: the summary as data; stderr: one line).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { adsApi } from '../../ads/common.js';
import type { UploadTargetKind } from '../../audiences/api.js';
import { callingCode } from '../../audiences/countries.js';
import { RejectSink } from '../../audiences/rejects.js';
import { INPUT_FORMATS, formatFromName, type InputFormat, type SourceSpec } from '../../audiences/source.js';
import { UploadState, defaultStatePath, inputIdentity } from '../../bulk/state.js';
import { alreadyDone, stateOption } from '../_resume.js';
import { upload, type UploadPlan, type UploadSummary } from '../../audiences/upload.js';
import type { Context } from '../../entry/context.js';
import { InputError, Interrupted, PartialFailure, UsageError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { inputKind } from '../../input/file-kind.js';
import {
  DO_NOT_REACH_KINDS,
  IDENTIFIER_KINDS,
  typeChoicesFor,
  KIND_ALIASES,
  OPERATION_TYPES,
  USERS_LIMITS,
  checkAssociationWindow,
  checkDoNotReachExpiry,
  type IdentifierKind,
} from '../../validate/audiences.js';
import { Problems, integerBetween } from '../../validate/rules.js';
import { accountOption, sandboxOption } from '../_ads-flags.js';
import type { OptionsOf, OptionSpec, OptionTable } from '../define.js';

// ---- Flags: both verbs take these, in this order; `audiences upload` adds
// --effective-at before --expires-at, and each says what --expires-at is later than.

/** --file … --operation, with the identifier kinds `--type` accepts. */
export const uploadInputOptions = <const K extends string>(kinds: readonly K[]) =>
  ({
    file: { flags: '-f, --file <path>', description: 'input file, or - for stdin (default: stdin)' },
    format: {
      flags: '--format <format>',
      description:
        'lines (one identifier per line), csv or tsv (header names identifier kinds), jsonl (user objects); default: from the file extension, else lines',
      choices: ['lines', 'csv', 'tsv', 'jsonl'],
    },
    type: { flags: '--type <kind>', description: `identifier kind of plain lines: ${kinds.join(', ')}`, choices: kinds },
    hashed: { flags: '--hashed', description: 'the input is already SHA-256 hex (64 characters, checked); sent as is' },
    defaultCountry: {
      flags: '--default-country <CC>',
      description: 'ISO country code (e.g. GB) that turns national phone numbers (no + or 00) into international ones',
    },
    operation: {
      flags: '--operation <op>',
      description: 'update (add or refresh the users) or delete (remove them)',
      choices: ['update', 'delete'],
      default: 'update',
    },
  }) as const satisfies OptionTable;

export const effectiveAtOption = {
  flags: '--effective-at <time>',
  description: 'ISO 8601 UTC time the association starts (API default: now)',
} as const satisfies OptionSpec;

export const expiresAtOption = (description: string) => ({ flags: '--expires-at <time>', description }) as const satisfies OptionSpec;

/** --batch-size … --dry-run, --account, --sandbox. */
export const uploadJobOptions = {
  batchSize: {
    flags: '--batch-size <n>',
    description: 'users per request, 1 to 2500 (requests also stay under 5,000,000 bytes)',
    default: '2500',
  },
  concurrency: {
    flags: '--concurrency <n>',
    description: 'requests in flight at once, 1 to 16 (paced to 1,500 requests per minute and the rate-limit headers)',
    default: '4',
  },
  rejects: { flags: '--rejects <file>', description: 'write every rejected or failed value with its input line to this CSV file' },
  resume: { flags: '--resume', description: 'send only the batches a previous run of the same file and options did not get confirmed' },
  state: stateOption,
  dryRun: { flags: '--dry-run', description: 'write the normalized, hashed operations to stdout as JSON lines; send nothing' },
  account: accountOption,
  sandbox: sandboxOption,
} as const satisfies OptionTable;

/** The flags of either upload verb (do-not-reach has no --effective-at, and fewer --type kinds). */
export type UploadFlags = OptionsOf<
  ReturnType<typeof uploadInputOptions<string>> & {
    effectiveAt: typeof effectiveAtOption;
    expiresAt: ReturnType<typeof expiresAtOption>;
  } & typeof uploadJobOptions
>;

// ---- The job

const n = (v: number) => v.toLocaleString('en-US');

function oneLine(s: UploadSummary): string {
  const parts = [`read ${n(s.read)}`, `invalid ${n(s.invalid)}`, `sent ${n(s.sent)}`, `accepted ${n(s.accepted)}`, `failed ${n(s.failed)}`];
  if (s.already_confirmed) parts.push(`already confirmed ${n(s.already_confirmed)}`);
  return parts.join(' · ');
}

/**
 * Plain lines are hashed on a worker thread when there is a second core:
 * hashing is a third of the upload's CPU, and `npm run bench` measured 0.71
 * of a bare read-and-hash loop with the thread against 0.44 without (1M
 * emails, same CPU seconds). POSTCTL_HASH_THREAD=0 turns it off, =1 forces it.
 */
function hashThread(ctx: Context): boolean {
  const set = ctx.env.POSTCTL_HASH_THREAD;
  return set === '1' || (set !== '0' && availableParallelism() > 1);
}

/** Runs `audiences upload` (custom_audience) or `audiences do-not-reach upload`; returns the exit code. */
export async function runUpload(kind: UploadTargetKind, id: string, opts: UploadFlags, ctx: Context): Promise<number> {
  const input = checkInput(kind, opts, ctx);
  const rules = checkRules(kind, opts, ctx.now());
  const { plan, state } = await prepare({ kind, id, ...input, ...rules }, opts, ctx);
  if (state?.done) return alreadyDone(state, ctx);
  // A dry run writes no file: its rejects are counted and listed, not written.
  const rejectsFile = opts.dryRun ? undefined : opts.rejects;
  const rejects = new RejectSink(rejectsFile);
  // Built for dry runs too (it sends nothing until asked): it holds the wire-name style.
  const built = await ctx.client();
  plan.names = built.names;
  const client = plan.dryRun ? undefined : built;
  const progress = ctx.progress(plan.dryRun ? 'hashing' : 'uploading');
  let result: Awaited<ReturnType<typeof upload>>;
  try {
    result = await upload(plan, {
      ...(client ? { client } : {}),
      rejects,
      ...(state ? { state } : {}),
      progress,
      signal: ctx.signal,
      clock: ctx.io.clock,
      out: ctx.io.stdout,
      verbose: (m) => ctx.log.verbose(m),
    });
  } finally {
    await rejects.close();
    await state?.flush();
  }
  return conclude(result, { plan, state, rejects, rejectsFile }, ctx);
}

/** The input flags: file, format and --type agree, stdin is not a terminal, --resume has a file. */
function checkInput(
  kind: UploadTargetKind,
  opts: UploadFlags,
  ctx: Context,
): { kinds: readonly IdentifierKind[]; file: string; format: InputFormat } {
  const kinds: readonly IdentifierKind[] = kind === 'custom_audience' ? IDENTIFIER_KINDS : DO_NOT_REACH_KINDS;
  const file: string = opts.file ?? '-';
  const format: InputFormat = opts.format ?? (file === '-' ? 'lines' : formatFromName(file));
  if (!INPUT_FORMATS.includes(format)) throw new InputError(`unknown --format ${format}`);
  if (format === 'lines' && !opts.type)
    throw new UsageError(
      // The same list as the flag's choices (user ids as twitter_id or service_id, not the internal user_id).
      `plain lines need --type (${typeChoicesFor(kind).join(', ')})`,
      'or give a CSV/TSV with a header naming the kinds, or JSON Lines of user objects (--format).',
    );
  if (format !== 'lines' && opts.type)
    throw new UsageError(
      `--type applies to plain lines only; in ${format} input the ${format === 'jsonl' ? 'keys' : 'header'} name the kinds`,
    );
  if (file === '-' && ctx.io.stdinTTY) throw new UsageError('no input given', 'pass --file FILE, or pipe the identifiers into stdin.');
  if (file === '-' && (opts.resume || opts.state))
    throw new UsageError('--resume and --state need --file: stdin cannot be checked for changes between runs');
  const concurrencyBad = integerBetween(1, 16)(String(opts.concurrency ?? '4'));
  if (concurrencyBad) throw new InputError(`--concurrency ${concurrencyBad}`);
  return { kinds, file, format };
}

/** The spec's rules: batch size, times, country. Nothing is read or sent when one fails. */
function checkRules(
  kind: UploadTargetKind,
  opts: UploadFlags,
  now: number,
): { times: { effectiveAt?: string; expiresAt?: string | undefined }; cc: string | undefined } {
  const p = new Problems();
  p.check('--batch-size', String(opts.batchSize ?? USERS_LIMITS.maxUsers), [integerBetween(1, USERS_LIMITS.maxUsers)]);
  const times =
    kind === 'custom_audience'
      ? checkAssociationWindow(p, opts.effectiveAt, opts.expiresAt, now)
      : { expiresAt: checkDoNotReachExpiry(p, opts.expiresAt, now) };
  let cc: string | undefined;
  if (opts.defaultCountry !== undefined) {
    cc = callingCode(String(opts.defaultCountry));
    if (!cc)
      p.add(
        '--default-country',
        `must be an ISO 3166-1 alpha-2 country code such as US or GB (got ${JSON.stringify(opts.defaultCountry)})`,
      );
  }
  p.throwIfAny('invalid upload options');
  return { times, cc };
}

interface Checked {
  kind: UploadTargetKind;
  id: string;
  kinds: readonly IdentifierKind[];
  file: string;
  format: InputFormat;
  times: { effectiveAt?: string; expiresAt?: string | undefined };
  cc: string | undefined;
}

/** The job's plan and, for a regular file, its resume state. */
async function prepare(c: Checked, opts: UploadFlags, ctx: Context): Promise<{ plan: UploadPlan; state: UploadState | undefined }> {
  const { kind, id, file, format, times, cc } = c;
  const account = await ctx.adsAccount(opts.account);
  const api = adsApi(opts);
  const operation = OPERATION_TYPES[opts.operation ?? 'update'];
  const batchSize = Number(opts.batchSize ?? USERS_LIMITS.maxUsers);
  const source: SourceSpec = {
    path: file,
    name: file === '-' ? 'stdin' : file,
    format,
    ...(opts.type ? { type: KIND_ALIASES[String(opts.type)]! } : {}),
    kinds: c.kinds,
    io: ctx.io,
  };
  // A pipe, fifo, `<(…)` or /dev/stdin is read once, in one pass, like stdin: it has no identity to resume against.
  const fileKind = file === '-' ? undefined : await inputKind(file);
  if (fileKind?.kind === 'stream' && (opts.resume || opts.state))
    throw new UsageError(
      `--resume and --state need a regular --file: ${file} is a pipe or device that cannot be checked for changes between runs`,
    );
  const identity = fileKind?.kind === 'file' ? await inputIdentity(file) : undefined;
  // Everything that decides the batches (and where they go) must match for a resume.
  const options = {
    target: kind,
    account,
    id,
    api,
    format,
    type: opts.type ? KIND_ALIASES[String(opts.type)]! : null,
    hashed: Boolean(opts.hashed),
    default_country: cc ? String(opts.defaultCountry).toUpperCase() : null,
    operation,
    batch_size: batchSize,
    effective_at: times.effectiveAt ?? null,
    expires_at: times.expiresAt ?? null,
  };
  const state = identity
    ? await UploadState.open(opts.state ?? defaultStatePath(file), identity, options, {
        resume: Boolean(opts.resume),
        readOnly: Boolean(opts.dryRun),
        warn: (m) => ctx.log.warn(m),
        info: (m) => ctx.log.info(m),
      })
    : undefined;
  const plan: UploadPlan = {
    target: { kind, account, id, api },
    source,
    normalize: { ...(opts.hashed ? { hashed: true } : {}), ...(cc ? { callingCode: cc } : {}) },
    operation,
    params: kind === 'custom_audience' ? { effective_at: times.effectiveAt, expires_at: times.expiresAt } : { expires_at: times.expiresAt },
    batchSize,
    concurrency: Number(opts.concurrency ?? 4),
    dryRun: Boolean(opts.dryRun),
    ...(identity ? { inputBytes: identity.size } : {}),
    hashThread: hashThread(ctx),
  };
  return { plan, state };
}

// ---- The report

/**
 * Whether rerunning with --resume can finish the job: it was stopped (signal), or the
 * server, network or rate limit gave out. Bad input (6), usage (2), auth (3) and a
 * missing target (4) fail the same way on every rerun.
 */
function resumable(error: unknown): boolean {
  const code = (error as { exitCode?: number } | undefined)?.exitCode;
  return (
    error instanceof Interrupted || code === EXIT.NETWORK || code === EXIT.RATE_LIMITED || code === EXIT.INTERNAL || code === EXIT.PARTIAL
  );
}

interface Job {
  plan: UploadPlan;
  state: UploadState | undefined;
  rejects: RejectSink;
  /** --rejects, as given. */
  rejectsFile: string | undefined;
}

/** Reports the job's outcome and returns its exit code (or throws its error). */
async function conclude({ summary, error }: { summary: UploadSummary; error?: unknown }, job: Job, ctx: Context): Promise<number> {
  const { plan, state, rejects } = job;
  if (error === undefined && summary.read - summary.invalid === 0) throw noValidIdentifiers(summary, job);
  const fixable = error === undefined || resumable(error);
  // A failure --resume cannot fix (bad input, unknown audience, no access) that stopped the job before
  // anything was accepted: the cause is all there is to say — no summary of zeros, no resume advice.
  if (!fixable && !summary.accepted && !summary.already_confirmed) throw error;
  const stateFile = state && existsSync(state.path) ? state.path : undefined;
  const { kind, id, account } = plan.target;
  report(summary, { kind, id, account, operation: plan.operation, dryRun: plan.dryRun, rejects, stateFile, fixable }, ctx);
  if (error !== undefined) {
    if (fixable && !plan.dryRun && summary.batches_sent) {
      const after = error instanceof Interrupted ? '' : 'after fixing the cause, ';
      if (stateFile) ctx.log.hint(`${n(state!.confirmedCount)} batches are confirmed; ${after}rerun with --resume to send only the rest.`);
      else ctx.log.hint(`no batch was confirmed, so there is nothing to resume: ${after}rerun to send everything.`);
    }
    throw error;
  }
  return finished(summary, job, stateFile);
}

/** Nothing valid was read, so nothing was sent: that is bad input (exit 6), not a clean run. */
function noValidIdentifiers(summary: UploadSummary, { plan, rejects, rejectsFile }: Job): InputError {
  const { source } = plan;
  if (!summary.read)
    return new InputError(
      `${source.name} holds no identifiers`,
      [],
      'the input is empty or has only blank lines (or a CSV/TSV header and no rows).',
    );
  // The rejects (with their lines) are the error's problems: listed under it, and in -o json.
  const only = rejects.count === 1 ? rejects.first[0] : undefined;
  const what = only
    ? `1 line rejected (line ${only.line}${only.field ? `, ${only.field}` : ''}: ${only.reason})`
    : `${n(summary.invalid)} lines rejected`;
  return new InputError(
    `no valid identifiers in ${source.name}: ${what}`,
    rejects.first.map((r) => ({ line: r.line, ...(r.field ? { field: r.field } : {}), message: r.reason })),
    rejectsFile ? `every rejected line is in ${rejectsFile}.` : 'pass --rejects FILE to get every rejected value with its line.',
  );
}

/** A job that ran to its end: the state becomes a "done" marker when nothing failed; failed users are exit 8. */
async function finished(summary: UploadSummary, { plan, state, rejectsFile }: Job, stateFile: string | undefined): Promise<number> {
  if (summary.failed === 0 && !plan.dryRun) await state?.markDone();
  if (summary.failed > 0) {
    const again = stateFile ? 'rerun with --resume to send the unconfirmed batches again.' : 'rerun to send them again.';
    throw new PartialFailure(
      `${n(summary.failed)} of ${n(summary.sent)} users failed`,
      `${rejectsFile ? `their lines are in ${rejectsFile}; ` : 'pass --rejects FILE for every failed line; '}${again}`,
    );
  }
  return EXIT.OK;
}

/** The first rejects, with their lines, on stderr. */
function warnRejects(rejects: RejectSink, ctx: Context): number {
  for (const r of rejects.first.slice(0, 5)) ctx.log.warn(`line ${r.line}${r.field ? `, ${r.field}` : ''}: ${r.reason}`);
  if (rejects.count > 5) ctx.log.warn(`… ${n(rejects.count - 5)} more`);
  return rejects.count;
}

function report(
  s: UploadSummary,
  info: {
    kind: UploadTargetKind;
    id: string;
    account: string;
    operation: string;
    dryRun: boolean;
    rejects: RejectSink;
    stateFile: string | undefined;
    fixable: boolean;
  },
  ctx: Context,
): void {
  const { rejects } = info;
  if (warnRejects(rejects, ctx) && !rejects.path) ctx.log.hint('pass --rejects FILE to get every rejected value with its line.');
  ctx.log.info(`${info.dryRun ? 'dry run (nothing sent): ' : ''}${oneLine(s)}`);
  if (!s.complete && s.not_sent_from_line !== null)
    ctx.log.warn(
      `stopped early: the input from line ${n(s.not_sent_from_line)} on was not sent${info.stateFile && info.fixable ? ' (--resume sends it)' : ''}`,
    );
  if (info.dryRun) return;
  const data = {
    [info.kind === 'custom_audience' ? 'custom_audience_id' : 'do_not_reach_list_id']: info.id,
    account_id: info.account,
    operation: info.operation,
    ...s,
    rejects_file: rejects.path ?? null,
    // Kept while something is left to resume; removed after a complete, clean run.
    // Named only when the file exists (a job that failed before any confirmation wrote none).
    state_file: info.stateFile && (!s.complete || s.failed) ? info.stateFile : null,
  };
  const fields = [
    'read',
    'invalid',
    'invalid_values',
    'sent',
    'accepted',
    'failed',
    'already_confirmed',
    'batches',
    'batches_confirmed',
    'batches_failed',
    'batches_skipped',
    'count_mismatches',
    'requests',
    'retries',
    'not_sent_from_line',
    'rejects_file',
    'state_file',
  ];
  ctx.printer.object(data, [{ header: 'operation', key: 'operation' }, ...fields.map((f) => ({ header: f, key: f }))], data);
  if (s.failures.length && ctx.format === 'table')
    ctx.printer.list(s.failures, [
      { header: 'batch', get: (f) => f.batch + 1 },
      { header: 'lines', key: 'lines' },
      { header: 'users', key: 'users' },
      { header: 'error', key: 'error' },
    ]);
}
