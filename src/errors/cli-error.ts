// src/errors/ — the error model every layer may use: CliError and its kinds (this file),
// ApiError for what the service answers (api-error.ts), the exit codes (exit-codes.ts), and
// how the top-level handler renders a failure as text or a JSON line (render.ts, context.ts).
//
// The one error model. Every failure that reaches the top-level handler is a
// CliError (or is wrapped into one); its exitCode is the process exit code.
import { EXIT } from './exit-codes.js';
import { clip } from '../output/sanitize.js';

export interface InputProblem {
  /** 1-based line (or record) number in the input, when the value came from a file. */
  line?: number;
  /** Field, flag or column name. */
  field?: string;
  /** Item id (product id, card name…) when known. */
  id?: string;
  message: string;
}

/**
 * What is known of a write that failed: true (the service acted on it), false (it did not: nothing
 * reached it, or it answered with a refusal), 'unknown' (the request went out and no answer came back).
 */
export type Sent = boolean | 'unknown';

/** The rate-limit window a refusal belongs to, as the response announced it (reset as epoch ms). */
export interface RateLimitState {
  limit?: number | undefined;
  remaining?: number | undefined;
  resetAt?: number | undefined;
}

export class CliError extends Error {
  // Each class names itself: the launcher's API scripts are minified down to local names, so
  // new.target.name would be a mangled one there.
  override name = 'CliError';
  exitCode: number;
  hint?: string;
  /** Set where the response that caused it announced a rate-limit window. */
  rateLimit?: RateLimitState;
  /** Stable machine-readable code for JSON error output. */
  code: string;
  /** Set on the errors of writes only: reads have nothing to repeat twice. */
  sent?: Sent;
  /** Where an interrupted listing can start again (its cursor parameter and value), when it was cut short. */
  resume?: Record<string, unknown>;
  constructor(message: string, opts: { exitCode?: number; hint?: string; code?: string; cause?: unknown; sent?: Sent } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.exitCode = opts.exitCode ?? EXIT.INTERNAL;
    this.code = opts.code ?? 'error';
    if (opts.hint) this.hint = opts.hint;
    if (opts.sent !== undefined) this.sent = opts.sent;
  }
  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      exit_code: this.exitCode,
      ...(this.hint ? { hint: this.hint } : {}),
      ...(this.sent !== undefined ? { sent: this.sent } : {}),
      ...(this.resume ? { resume: this.resume } : {}),
      ...(this.exitCode === EXIT.RATE_LIMITED ? rateLimitFields(this.rateLimit) : {}),
    };
  }
}

/**
 * Every exit-5 error carries `limit`, `remaining` and `reset_at` (ISO 8601), null where the response did not
 * say, so a cron script reads when to come back from the error line instead of parsing the hint.
 */
function rateLimitFields(r: RateLimitState | undefined): Record<string, unknown> {
  return {
    limit: r?.limit ?? null,
    remaining: r?.remaining ?? null,
    reset_at: r?.resetAt !== undefined ? new Date(r.resetAt).toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
  };
}

export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.USAGE, code: 'usage', ...(hint ? { hint } : {}) });
  }
}

/** Input rejected by postctl's own checks before anything was sent. */
export class InputError extends CliError {
  override name = 'InputError';
  problems: InputProblem[];
  constructor(message: string, problems: InputProblem[] = [], hint?: string) {
    super(message, { exitCode: EXIT.INVALID_INPUT, code: 'invalid_input', ...(hint ? { hint } : {}) });
    // Ids and messages may hold a value from the input of any size: cut for messages and the JSON error.
    this.problems = problems.map(clipProblem);
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), problems: this.problems };
  }
}

export class AuthError extends CliError {
  override name = 'AuthError';
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.AUTH, code: 'auth', ...(hint ? { hint } : {}) });
  }
}

export class NetworkError extends CliError {
  override name = 'NetworkError';
  constructor(message: string, opts: { hint?: string; cause?: unknown; sent?: Sent; exitCode?: number } = {}) {
    super(message, { exitCode: EXIT.NETWORK, code: 'network', ...opts });
  }
}

/** Methods that only read: their errors carry no `sent`. */
export const isWriteMethod = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/** A bulk job finished but some items failed; details were already printed as data. */
export class PartialFailure extends CliError {
  override name = 'PartialFailure';
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.PARTIAL, code: 'partial_failure', ...(hint ? { hint } : {}) });
  }
}

export class Interrupted extends CliError {
  override name = 'Interrupted';
  /** SIGINT: 130; SIGTERM: 143; SIGHUP: 129 (same clean-up, the shell's code for each signal). */
  constructor(message = 'interrupted', exitCode: number = EXIT.INTERRUPTED) {
    super(message, { exitCode, code: 'interrupted' });
  }
}

/** Longest problem message kept whole (messages may quote the value). */
// Long enough for an enum's every allowed value (the targeting types are about 600 characters).
const MAX_PROBLEM_MESSAGE = 1000;

function clipProblem(p: InputProblem): InputProblem {
  const id = p.id !== undefined ? clip(p.id) : undefined;
  const message = clip(p.message, MAX_PROBLEM_MESSAGE);
  return id === p.id && message === p.message ? p : { ...p, ...(id !== undefined ? { id } : {}), message };
}

/** Formats problems as "line 12, field title (id sku-1): too long". */
export function formatProblem(p: InputProblem): string {
  const where: string[] = [];
  if (p.line !== undefined) where.push(`line ${p.line}`);
  if (p.field) where.push(`${p.field}`);
  if (p.id) where.push(`id ${clip(p.id)}`);
  const message = clip(p.message, MAX_PROBLEM_MESSAGE);
  return where.length ? `${where.join(', ')}: ${message}` : message;
}

export function invalid(field: string, message: string, line?: number): InputError {
  const problem: InputProblem = { field, message, ...(line !== undefined ? { line } : {}) };
  return new InputError(formatProblem(problem), [problem]);
}
