// The one-shot loopback server of the 3-legged callback flow: listens on
// 127.0.0.1 only, accepts the redirect that carries the pending request
// token, answers the browser with a short page, and closes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError, CliError, Interrupted, UsageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

const CALLBACK_PATH = '/callback';

interface WaitOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** A redirect for another (older) login attempt arrived; we keep waiting. */
  onMismatch?: () => void;
}

export interface CallbackServer {
  /** http://127.0.0.1:<port>/callback — the oauth_callback to send. */
  url: string;
  port: number;
  /** Resolves with the oauth_verifier once the redirect for `requestToken` arrives. */
  waitFor(requestToken: string, opts: WaitOptions): Promise<string>;
  close(): Promise<void>;
}

type Outcome = { ok: true; verifier: string } | { ok: false; error: CliError };

// Static pages only: nothing from the request is reflected into the HTML.
function page(title: string, text: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>postctl: ${title}</title></head><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body></html>`;
}

export function reply(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(page(title, text));
}

/** The login being waited for: the request token expected, and how its wait is settled (once). */
class PendingLogin {
  private expected: string | undefined;
  private waitOpts: WaitOptions | undefined;
  private settle: ((o: Outcome) => void) | undefined;
  done = false;

  finish(o: Outcome): void {
    if (this.done) return;
    this.done = true;
    this.settle?.(o);
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || u.pathname !== CALLBACK_PATH)
      return reply(res, 404, 'Not found', 'This address only receives the authorization redirect for postctl.');
    if (!this.expected || this.done)
      return reply(res, 409, 'No login in progress', 'postctl is not waiting for an authorization right now.');
    const denied = u.searchParams.get('denied');
    const token = u.searchParams.get('oauth_token') ?? denied;
    if (!token)
      return reply(
        res,
        400,
        'Incomplete redirect',
        'The redirect carried no oauth_token. Open the authorization URL printed by postctl again.',
      );
    if (token !== this.expected) {
      this.waitOpts?.onMismatch?.();
      return reply(
        res,
        400,
        'Wrong login attempt',
        'This redirect belongs to another (older) login attempt. Use the URL postctl printed last.',
      );
    }
    if (denied) {
      reply(res, 200, 'Authorization refused', 'You refused the authorization. You can close this window.');
      return this.finish({
        ok: false,
        error: new AuthError(
          'the authorization was refused in the browser (the redirect carried denied=)',
          'run `postctl auth login` again and approve the app to log in.',
        ),
      });
    }
    const verifier = u.searchParams.get('oauth_verifier');
    if (!verifier) {
      reply(
        res,
        400,
        'Incomplete redirect',
        'The redirect carried no oauth_verifier, so the login cannot finish. You can close this window.',
      );
      return this.finish({
        ok: false,
        error: new AuthError(
          'the callback carried no oauth_verifier (the API requires it for the access-token step)',
          'start over with `postctl auth login`, or use `postctl auth pin`.',
        ),
      });
    }
    reply(res, 200, 'postctl is authorized', 'postctl received the authorization. You can close this window and return to the terminal.');
    this.finish({ ok: true, verifier });
  }

  waitFor(requestToken: string, opts: WaitOptions): Promise<string> {
    this.expected = requestToken;
    this.waitOpts = opts;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.finish({
            ok: false,
            error: new CliError(`no authorization arrived within ${Math.round(opts.timeoutMs / 1000)} s`, {
              exitCode: EXIT.AUTH,
              code: 'login_timeout',
              hint: 'run `postctl auth login` again and open the URL sooner, raise --wait, or use `postctl auth pin` on a machine without a browser.',
            }),
          }),
        opts.timeoutMs,
      );
      const onAbort = () => this.finish({ ok: false, error: new Interrupted() });
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.settle = (o) => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        if (o.ok) resolve(o.verifier);
        else reject(o.error);
      };
      if (opts.signal?.aborted) onAbort();
    });
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        reject(
          new UsageError(
            `--callback-port ${port} is already in use on 127.0.0.1`,
            'pick another port (it must match a callback URL registered for the app), or omit --callback-port for a free one.',
          ),
        );
      else if (e.code === 'EACCES')
        reject(new UsageError(`--callback-port ${port} cannot be opened (permission denied)`, 'use a port above 1023.'));
      else reject(e);
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

export async function startCallbackServer(port: number): Promise<CallbackServer> {
  const pending = new PendingLogin();
  const server = createServer((req, res) => pending.handle(req, res));
  await listen(server, port);
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}${CALLBACK_PATH}`,
    port: actual,
    waitFor: (requestToken, opts) => pending.waitFor(requestToken, opts),
    close: () =>
      new Promise<void>((resolve) => {
        pending.done = true;
        server.close(() => resolve());
        // Let the last page reach the browser before dropping idle keep-alive sockets.
        setTimeout(() => server.closeAllConnections(), 200).unref();
      }),
  };
}
