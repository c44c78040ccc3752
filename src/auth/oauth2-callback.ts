// The loopback server of `auth oauth2` on a terminal: listens where the
// redirect URI points (127.0.0.1 / ::1 / localhost, its port and path), takes
// the first redirect whose `state` matches, answers with a static page and
// closes. Redirects with another state are ignored (an older attempt or a forgery).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError, Interrupted, UsageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { reply } from './callback-server.js';
import { sameState } from './pkce.js';
import { repeatedRedirectParam, type RedirectResult, type RedirectTarget } from './oauth2-url.js';

export interface OAuth2Listener {
  /** The redirect URI to send: the given one, with the real port when it asked for port 0. */
  uri: string;
  wait(opts: { state: string; timeoutMs: number; signal?: AbortSignal; onMismatch?: () => void }): Promise<RedirectResult>;
  close(): Promise<void>;
}

function handler(target: RedirectTarget, expect: () => { state?: string; onMismatch?: () => void }, done: (r: RedirectResult) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || u.pathname !== target.path)
      return reply(res, 404, 'Not found', 'This address only receives the authorization redirect for postctl.');
    const { state, onMismatch } = expect();
    if (!state) return reply(res, 409, 'No login in progress', 'postctl is not waiting for an authorization right now.');
    // A repeated code= or state= is refused like a wrong state: which one would be real?
    if (repeatedRedirectParam(u.searchParams)) {
      onMismatch?.();
      return reply(res, 400, 'Wrong login attempt', 'This redirect carries a parameter more than once. Use the URL postctl printed last.');
    }
    if (!sameState(state, u.searchParams.get('state'))) {
      onMismatch?.();
      return reply(
        res,
        400,
        'Wrong login attempt',
        'This redirect does not carry the state postctl sent (an older attempt, or not from postctl). Use the URL postctl printed last.',
      );
    }
    const error = u.searchParams.get('error');
    const code = u.searchParams.get('code');
    if (!error && !code) return reply(res, 400, 'Incomplete redirect', 'The redirect carried neither a code nor an error.');
    reply(
      res,
      200,
      error ? 'Authorization refused' : 'postctl is authorized',
      error
        ? 'The authorization was not granted. You can close this window.'
        : 'postctl received the authorization. You can close this window and return to the terminal.',
    );
    done({
      ...(code ? { code } : {}),
      state: u.searchParams.get('state')!,
      ...(error ? { error } : {}),
      ...(u.searchParams.get('error_description') ? { errorDescription: u.searchParams.get('error_description')! } : {}),
    });
  };
}

export async function listenForRedirect(target: RedirectTarget): Promise<OAuth2Listener> {
  let waiting: { state?: string; onMismatch?: () => void } = {};
  let settle: ((r: RedirectResult) => void) | undefined;
  const server = createServer(
    handler(
      target,
      () => waiting,
      (r) => settle?.(r),
    ),
  );
  const host = new URL(target.uri).hostname.replace(/^\[|\]$/g, '');
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        reject(
          new UsageError(
            `the redirect URI's port ${target.port} is already in use on ${host}`,
            'free it, or pass another --redirect-uri registered for the app (port 0 picks a free one).',
          ),
        );
      else if (e.code === 'EACCES')
        reject(new UsageError(`port ${target.port} of the redirect URI cannot be opened (permission denied)`, 'use a port above 1023.'));
      else reject(e);
    });
    server.listen(target.port, host === 'localhost' ? '127.0.0.1' : host, () => resolve());
  });
  const u = new URL(target.uri);
  u.port = String((server.address() as AddressInfo).port);
  return {
    uri: u.toString(),
    wait: ({ state, timeoutMs, signal, onMismatch }) =>
      new Promise<RedirectResult>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            finish(
              new CliError(`no authorization arrived within ${Math.round(timeoutMs / 1000)} s`, {
                exitCode: EXIT.AUTH,
                code: 'login_timeout',
                hint: 'run `postctl auth oauth2` again and open the URL sooner, raise --wait, or use --no-browser for the two-step flow.',
              }),
            ),
          timeoutMs,
        );
        const onAbort = () => finish(new Interrupted());
        const finish = (r: RedirectResult | Error) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          waiting = {};
          if (r instanceof Error) reject(r);
          else resolve(r);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting = { state, ...(onMismatch ? { onMismatch } : {}) };
        settle = finish;
        if (signal?.aborted) onAbort();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        setTimeout(() => server.closeAllConnections(), 200).unref();
      }),
  };
}
