// ApiError: one shape for the three error dialects the APIs speak —
// Error objects {errors:[{code,message}]}, ads errors (with `parameter`), and
// RFC 7807 problems (application/problem+json) with every extra field kept.
import { CliError, isWriteMethod } from './cli-error.js';
import { EXIT } from './exit-codes.js';

export interface ApiErrorItem {
  code?: number | string;
  message: string;
  parameter?: string;
  [extra: string]: unknown;
}

export interface Problem {
  type: string;
  title: string;
  detail?: string;
  status?: number;
  [extra: string]: unknown;
}

// Both bases are in use; older payloads carry the api.twitter.com form.
const PROBLEM_BASES = ['https://api.x.com/2/problems/', 'https://api.twitter.com/2/problems/'];

/** The problem types platform-api.md lists, with their extra fields. */
export const PROBLEM_TYPES: Record<string, readonly string[]> = {
  'about:blank': [],
  'client-disconnected': [],
  'client-forbidden': ['reason', 'registration_url'],
  conflict: [],
  'disallowed-resource': ['resource_id', 'resource_type', 'section'],
  'duplicate-rules': ['id', 'value'],
  'invalid-request': ['errors'],
  'invalid-rules': [],
  'noncompliant-rules': [],
  'not-authorized-for-field': ['field', 'resource_type', 'section'],
  'not-authorized-for-resource': ['value', 'resource_id', 'resource_type', 'section', 'parameter'],
  'operational-disconnect': ['disconnect_type'],
  'resource-not-found': ['parameter', 'value', 'resource_id', 'resource_type'],
  'resource-unavailable': ['parameter', 'resource_id', 'resource_type'],
  'rule-cap': [],
  'streaming-connection': ['connection_issue'],
  'unsupported-authentication': [],
  'usage-capped': ['period', 'scope'],
};

/** 'https://api.x.com/2/problems/resource-not-found' → 'resource-not-found'. */
export function problemKind(type: string | undefined): string | undefined {
  if (!type) return undefined;
  if (type === 'about:blank') return type;
  for (const base of PROBLEM_BASES) if (type.startsWith(base)) return type.slice(base.length);
  return undefined;
}

export function isProblem(body: unknown): body is Problem {
  return (
    typeof body === 'object' && body !== null && typeof (body as Problem).type === 'string' && typeof (body as Problem).title === 'string'
  );
}

const KIND_EXIT: Record<string, number> = {
  'client-forbidden': EXIT.AUTH,
  'not-authorized-for-field': EXIT.AUTH,
  'not-authorized-for-resource': EXIT.AUTH,
  'unsupported-authentication': EXIT.AUTH,
  'resource-not-found': EXIT.NOT_FOUND,
  'resource-unavailable': EXIT.NOT_FOUND,
  'usage-capped': EXIT.RATE_LIMITED,
  'invalid-request': EXIT.INVALID_INPUT,
  'invalid-rules': EXIT.INVALID_INPUT,
  'duplicate-rules': EXIT.INVALID_INPUT,
  'noncompliant-rules': EXIT.INVALID_INPUT,
  'rule-cap': EXIT.INVALID_INPUT,
  'disallowed-resource': EXIT.INVALID_INPUT,
  conflict: EXIT.INVALID_INPUT,
  'client-disconnected': EXIT.NETWORK,
  'operational-disconnect': EXIT.NETWORK,
  'streaming-connection': EXIT.NETWORK,
};

export function exitCodeFor(status: number, kind?: string, codes: Array<number | string | undefined> = []): number {
  if (codes.includes(88)) return EXIT.RATE_LIMITED;
  if (kind && kind !== 'about:blank' && KIND_EXIT[kind] !== undefined) return KIND_EXIT[kind]!;
  if (status === 401 || status === 403) return EXIT.AUTH;
  if (status === 404 || status === 410) return EXIT.NOT_FOUND;
  if (status === 429) return EXIT.RATE_LIMITED;
  // 408 CANCELLED_REQUEST and 423 LOCK_ACQUISITION_TIMEOUT (ads): transient, like a 503.
  if (status >= 500 || status === 408 || status === 423) return EXIT.NETWORK;
  if (status >= 400) return EXIT.INVALID_INPUT;
  return EXIT.INTERNAL;
}

/**
 * Hints by cause, not by code alone: 89 means a dead user token or a dead
 * bearer token depending on how the call was signed; 99 on oauth2/token is
 * "too often" only when the server says so — otherwise the key and secret
 * did not verify (the usual cause right after the secret was changed).
 */
function credentialHint(codes: number[], errors: ApiErrorItem[], auth: string | undefined): string | undefined {
  if (codes.includes(89)) {
    if (auth === 'app')
      return 'The app-only bearer token is invalid or was revoked: get a new one with `postctl auth token --refresh` (or update POSTCTL_BEARER_TOKEN).';
    return 'The access token is invalid, expired or revoked: log in again with `postctl auth login` (or `postctl auth pin` on a headless machine).';
  }
  if (codes.includes(99)) {
    const said = errors
      .filter((e) => Number(e.code) === 99)
      .map((e) => e.message)
      .join(' ');
    if (/too often|too many|too frequent/i.test(said))
      return 'The app-only bearer token was requested too often. postctl caches it per profile: use `postctl auth token` without --refresh, or invalidate it first with `postctl auth logout --bearer`.';
    return 'The app credentials did not verify: check the consumer key and secret (POSTCTL_CONSUMER_KEY / POSTCTL_CONSUMER_SECRET or `postctl config list`); a regenerated secret replaces the old one.';
  }
  return undefined;
}

function hintFor(
  kind: string | undefined,
  problem: Problem | undefined,
  errors: ApiErrorItem[],
  status: number,
  auth?: string,
): string | undefined {
  const codes = errors.map((e) => Number(e.code));
  const credentials = credentialHint(codes, errors, auth);
  if (credentials) return credentials;
  if (codes.includes(32) || codes.includes(135))
    return 'The OAuth signature was rejected: check the consumer key/secret and access token/secret of this profile (`postctl auth status`), and the machine clock.';
  if (codes.includes(88)) return 'Rate limit exceeded: wait for the window to reset or raise --max-wait.';
  switch (kind) {
    case 'streaming-connection':
      if (problem?.connection_issue === 'TooManyConnections')
        return 'Too many streaming connections: list them with `postctl connections list` and close them with `postctl connections terminate --all`.';
      return problem?.connection_issue ? `Connection issue: ${String(problem.connection_issue)}.` : undefined;
    case 'usage-capped':
      return `Usage cap reached${problem?.period ? ` for the ${String(problem.period)} period` : ''}${problem?.scope ? ` (scope: ${String(problem.scope)})` : ''}; requests fail until the period resets.`;
    case 'client-forbidden':
      return `The app is not allowed to use this endpoint${problem?.reason ? ` (${String(problem.reason)})` : ''}${problem?.registration_url ? `; enrol at ${String(problem.registration_url)}` : ''}.`;
    case 'not-authorized-for-field':
      return problem?.field
        ? `Remove the field ${String(problem.field)} from the request, or use credentials allowed to see it.`
        : undefined;
    case 'operational-disconnect':
      return `The server closed the stream (${String(problem?.disconnect_type ?? 'operational')}); reconnecting usually works.`;
    default:
  }
  if (status === 401) return 'Authentication failed: check the credentials of this profile with `postctl auth status --check`.';
  if (status === 403)
    return 'The credentials are valid but not allowed to do this (app permissions, ads account access or early-access features).';
  return undefined;
}

export interface ApiErrorInit {
  status: number;
  method: string;
  url: string;
  body: unknown;
  requestId?: string | undefined;
  /** How the request was signed (client AuthMode), for hints by cause. */
  auth?: string | undefined;
}

export class ApiError extends CliError {
  override name = 'ApiError';
  status: number;
  errors: ApiErrorItem[];
  problem?: Problem;
  problemKind?: string;
  requestId?: string;
  method: string;
  url: string;
  body: unknown;

  constructor(init: ApiErrorInit) {
    const { status, body } = init;
    let errors: ApiErrorItem[] = [];
    let problem: Problem | undefined;
    if (isProblem(body)) problem = body;
    const maybeErrors = (body as { errors?: unknown } | null)?.errors;
    if (Array.isArray(maybeErrors)) {
      errors = maybeErrors
        .filter((e) => e && typeof e === 'object')
        .map((e) => ({
          ...(e as ApiErrorItem),
          message: String((e as ApiErrorItem).message ?? (e as Problem).detail ?? (e as Problem).title ?? ''),
        }));
      // A v2 body can carry problems in `errors` (partial errors) — keep the first as the problem.
      if (!problem && isProblem(maybeErrors[0])) problem = maybeErrors[0] as Problem;
    }
    const kind = problemKind(problem?.type);
    const message = ApiError.describe(status, problem, kind, errors, init);
    super(message, {
      exitCode: exitCodeFor(
        status,
        kind,
        errors.map((e) => (typeof e.code === 'string' ? Number(e.code) : e.code)),
      ),
      code: kind ?? (errors[0]?.code !== undefined ? `api_${errors[0].code}` : `http_${status}`),
    });
    const hint = hintFor(kind, problem, errors, status, init.auth);
    if (hint) this.hint = hint;
    this.status = status;
    this.errors = errors;
    if (problem) this.problem = problem;
    if (kind) this.problemKind = kind;
    if (init.requestId) this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
    this.body = body;
    // An error status is the server's own answer, so a write answered with one was not applied. That holds
    // for 5xx too: the live API's status table says 503 means its servers are up but overloaded ("try again
    // later") and 500 that the request failed on its side — POST /2/tweets answered so made no post
    // (https://developer.x.com/en/support/x-api/error-troubleshooting). Only a lost answer is unknown.
    if (isWriteMethod(init.method)) this.sent = false;
  }

  private static describe(
    status: number,
    problem: Problem | undefined,
    kind: string | undefined,
    errors: ApiErrorItem[],
    init: ApiErrorInit,
  ): string {
    const parts: string[] = [];
    if (problem) {
      parts.push(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
      if (kind === 'invalid-request' && Array.isArray(problem.errors)) {
        for (const e of problem.errors as Array<{ message?: string; parameters?: Record<string, string[]> }>) {
          const params = e.parameters
            ? Object.entries(e.parameters)
                .map(([k, v]) => `${k}=${(v ?? []).join(',')}`)
                .join(' ')
            : '';
          parts.push(`${e.message ?? 'invalid'}${params ? ` (${params})` : ''}`);
        }
      }
    } else if (errors.length) {
      for (const e of errors)
        parts.push(`${e.code !== undefined ? `[${e.code}] ` : ''}${e.message}${e.parameter ? ` (parameter: ${e.parameter})` : ''}`);
    } else if (typeof init.body === 'string' && init.body.trim()) {
      parts.push(init.body.trim().slice(0, 300));
    } else {
      parts.push(`HTTP ${status}`);
    }
    return `${init.method} ${new URL(init.url).pathname} failed with HTTP ${status}: ${parts.join('; ')}`;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      ...(this.errors.length ? { errors: this.errors } : {}),
      ...(this.problem ? { problem: this.problem } : {}),
      ...(this.requestId ? { request_id: this.requestId } : {}),
    };
  }
}
