// The endpoints that hand out or revoke credentials: the OAuth 1.0a request and
// access token steps, the app-only bearer (oauth2/token), the OAuth 2.0 user
// token and their invalidation. Only the `auth` verbs call them (through the
// client, with the answer kept out of every trace); `postctl request` and the
// MCP `request` tool refuse them, so no fresh token ever lands on stdout or in
// a tool result, where the secret scrub cannot know it yet.
import { UsageError } from '../errors/cli-error.js';

const TOKEN_PATH = /^(?:\/(?:1\.1|2))?\/oauth2?\/(?:token|request_token|access_token|invalidate_token|revoke)$/;

/**
 * The path as a server would route it: the path of an absolute URL, dot segments resolved, percent-escapes
 * decoded (`/oauth2/%74oken`), repeated and trailing slashes and a `.json` suffix dropped, lower case.
 */
function routed(path: string): string {
  let p = path;
  try {
    // Joined to a base as the client joins it (client.ts buildUrl): `//oauth2//token` is a path there, not a host.
    p = new URL(/^https?:\/\//.test(path) ? path : `http://path.invalid${path.startsWith('/') ? '' : '/'}${path}`).pathname;
    p = decodeURIComponent(p);
  } catch {
    // Not a URL (the client says so later) or a malformed escape: matched as far as it got.
  }
  return p
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\.json$/, '')
    .replace(/(.)\/+$/, '$1');
}

export function isTokenEndpoint(path: string): boolean {
  return TOKEN_PATH.test(routed(path));
}

/** Throws a UsageError (exit 2) for a token endpoint, before anything is read or sent. */
export function refuseTokenEndpoint(method: string, path: string): void {
  if (!isTokenEndpoint(path)) return;
  throw new UsageError(
    `refusing ${method} ${routed(path)}: token endpoints are called only by the auth verbs, so no token reaches the output`,
    'use `postctl auth token` (app-only bearer), `postctl auth login` / `auth pin` (OAuth 1.0a), `postctl auth oauth2` (OAuth 2.0) or `postctl auth logout` to obtain or revoke credentials.',
  );
}
