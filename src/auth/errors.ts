// What a failed OAuth step means for the person logging in. The access-token
// step answers 401 both for a wrong verifier (PIN) and for a request token that
// expired or was already used; the message tells them apart (the real API says
// "Invalid oauth_verifier parameter" vs "Invalid request token").
import { ApiError } from '../errors/api-error.js';
import { AuthError } from '../errors/cli-error.js';

export type AccessTokenFailure = 'wrong_verifier' | 'request_token_invalid';

export function classifyAccessTokenError(e: unknown): AccessTokenFailure | undefined {
  if (!(e instanceof ApiError) || e.status !== 401) return undefined;
  const text = [...e.errors.map((x) => x.message), typeof e.body === 'string' ? e.body : ''].join(' ');
  if (/verifier/i.test(text)) return 'wrong_verifier';
  if (e.errors.some((x) => Number(x.code) === 89) || /request token|expired|already used/i.test(text)) return 'request_token_invalid';
  // Anything else (a rejected signature: wrong consumer secret, clock skew) keeps its own message and hint.
  return undefined;
}

function withCode(err: AuthError, code: string, cause: unknown): AuthError {
  err.code = code;
  (err as { cause?: unknown }).cause = cause;
  return err;
}

/** Turns a 401 from oauth/access_token into a clear error; other errors pass through. */
export function explainAccessTokenError(e: unknown, flow: 'pin' | 'callback', ageMinutes?: number): unknown {
  const kind = classifyAccessTokenError(e);
  if (!kind) return e;
  const age =
    ageMinutes !== undefined
      ? ` (it was requested ${ageMinutes < 1 ? 'less than a minute' : `${Math.round(ageMinutes)} minute${Math.round(ageMinutes) === 1 ? '' : 's'}`} ago)`
      : '';
  if (kind === 'wrong_verifier') {
    return flow === 'pin'
      ? withCode(
          new AuthError(
            'the PIN was not accepted: it is wrong or mistyped (401 from oauth/access_token)',
            'check the PIN shown after approving and run `postctl auth pin --pin <PIN>` again; the pending request is kept.',
          ),
          'wrong_pin',
          e,
        )
      : withCode(
          new AuthError(
            'the verifier from the callback was not accepted (401 from oauth/access_token)',
            'start over with `postctl auth login`.',
          ),
          'wrong_verifier',
          e,
        );
  }
  return withCode(
    new AuthError(
      `the request token is expired or already used${age} (401 from oauth/access_token)`,
      flow === 'pin'
        ? 'request tokens live only minutes: start over with `postctl auth pin`, open the new URL and finish promptly.'
        : 'start over with `postctl auth login`.',
    ),
    'request_token_invalid',
    e,
  );
}

/** 401/89 from an invalidate endpoint: the token was already dead. */
export function isAlreadyInvalid(e: unknown): boolean {
  return e instanceof ApiError && e.status === 401 && e.errors.some((x) => Number(x.code) === 89);
}
