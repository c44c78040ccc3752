import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorState } from './state.js';

export type EmuApi = 'platform' | 'ads' | 'sandbox';

export interface AuthInfo {
  kind: 'user' | 'app' | 'basic' | 'consumer' | 'request-token';
  consumerKey: string;
  userId?: string;
  /** Access or request token used to sign. */
  token?: string;
  /** How it was proven, where the endpoint table decided: an app bearer, an OAuth 2.0 user token or an OAuth 1.0a signature. */
  scheme?: 'bearer' | 'oauth2' | 'oauth1';
  /** oauth_* protocol parameters from the Authorization header (oauth_callback, oauth_verifier…). */
  oauth?: Record<string, string>;
}

export interface EmuRequest {
  method: string;
  api: EmuApi;
  /** Path without the API prefix, e.g. '/12/accounts/abc'. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  auth: AuthInfo | null;
  text(): string;
  /** Parsed JSON body; throws EmuHttpError(400) when it is not JSON. */
  json<T = any>(): T;
  /** Parsed form body (application/x-www-form-urlencoded). */
  form(): URLSearchParams;
}

export interface EmuResponse {
  status: number;
  body?: unknown;
  /** Defaults to application/json for objects, text/plain for strings. */
  contentType?: string;
  headers?: Record<string, string>;
  /** Streaming responses write themselves (events stream). */
  stream?: (res: import('node:http').ServerResponse, req: EmuRequest) => void | Promise<void>;
}

export type AuthMode = 'user' | 'app' | 'user-or-app' | 'basic' | 'consumer' | 'request-token' | 'none';

export interface RouteSpec {
  method: string;
  /** Path pattern with :params, e.g. '/12/accounts/:account_id/line_items/:line_item_id'. */
  path: string;
  /** Which base URL serves it. 'ads' routes are served on the ads and the sandbox address. */
  api: EmuApi | 'ads-only';
  auth: AuthMode;
  /** Rate-limit bucket name (defaults to method + path). */
  bucket?: string;
  /** The route's own limit (default: the API's), counted per user with x-rate-limit-* headers when `perUser`. */
  limit?: { max: number; windowSec: number };
  perUser?: boolean;
  handler: (req: EmuRequest, state: EmulatorState) => EmuResponse | Promise<EmuResponse>;
}

/** Thrown by handlers to answer with an error response. */
export class EmuHttpError extends Error {
  constructor(readonly response: EmuResponse) {
    super(`HTTP ${response.status}`);
  }
}

/** A route handler: route modules name theirs and list them in a `register` table. */
export type Handler = RouteSpec['handler'];

/** Which credentials an endpoint accepts (endpoint-auth.ts and its second table, endpoint-auth-more.ts). */
export interface AuthRule {
  bearer?: true;
  oauth1?: true;
  /** Scopes an OAuth 2.0 user token needs; absent: OAuth 2.0 user tokens are refused. */
  oauth2?: readonly string[];
}
