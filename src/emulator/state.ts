// The emulator's state: apps, users and tokens (core), a slice per route
// family, the request log and the fault switches.
import { randomBytes } from 'node:crypto';
import { Faults } from './faults.js';
import { RateLimiter, type LimitSpec } from './limits.js';
import type { ServedNames } from './spelling.js';

/** Seeded credentials: `postctl emulator` prints them; tests use them. */
export const EMU_APP = { consumerKey: 'emu-consumer-key', consumerSecret: 'emu-consumer-secret-0123456789' } as const;
export const EMU_USER = {
  id: '2244994945',
  screenName: 'emu_dev',
  accessToken: '2244994945-emuAccessToken0123456789',
  accessTokenSecret: 'emu-access-token-secret-0123456789',
} as const;
export const EMU_ACCOUNT = '18ce54d4x5t';

export interface App {
  consumerKey: string;
  consumerSecret: string;
  bearer?: string;
  /** Times oauth2/token was called recently (code 99 when too often). */
  tokenRequests: number[];
}

export interface User {
  id: string;
  screen_name: string;
  name: string;
}

export interface AccessToken {
  token: string;
  secret: string;
  userId: string;
  consumerKey: string;
  revoked: boolean;
}

export interface RequestToken {
  token: string;
  secret: string;
  consumerKey: string;
  callback: string;
  verifier?: string;
  used: boolean;
  createdAt: number;
  accessType?: string;
}

export type FieldDialect = '2.159' | '2.167';

export interface LogEntry {
  seq: number;
  time: number;
  method: string;
  api: string;
  /** Path without API prefix. */
  path: string;
  /** Route pattern that served it, when one did. */
  route?: string;
  query: Array<[string, string]>;
  body: string;
  status: number;
  fault?: string;
  auth?: string;
  /** The Authorization header's scheme as sent ('OAuth', 'Bearer', 'Basic'), never its value. */
  authScheme?: string;
  /** OAuth 1.0a: `oauth_nonce@oauth_timestamp` as sent (not secret), so tests see that every retry is signed anew. */
  oauthNonce?: string;
  /** Other ad accounts that had a request in flight when this one (for an account) was routed. */
  overlapping?: string[];
}

/** Every metric of [start, end) (of `ids`, or every entity) reads `add` more per hour (spend `add` × 1000 micros). */
export interface EmuRestatement {
  start: number;
  end: number;
  add: number;
  ids?: string[];
}

export interface EmulatorOptions {
  /** Fixed latency per request in ms. */
  latencyMs?: number;
  /** Auto-approve the OAuth authorize step (default true). */
  approve?: boolean;
  /** Rate-limit overrides per bucket. */
  limits?: Record<string, LimitSpec>;
  /** Keep request bodies up to this many bytes in the log (default 1 MiB). */
  logBodyBytes?: number;
  /** Size of large list fixtures (default 2,500). */
  fixtureSize?: number;
  /** Seconds a bearer token request may be repeated within before code 99. */
  bearerWindowSec?: number;
  /** Requests to oauth2/token allowed per window before code 99. */
  bearerMaxRequests?: number;
  /** Wire names served: the live service's, the spec's neutral ones, or both (default). */
  names?: ServedNames;
  /** Analytics: active entities per type (default 45), status polls and ms before a job succeeds (default 2, 0), processing jobs allowed (default 100). */
  statsEntities?: number;
  statsJobPolls?: number;
  statsJobLatencyMs?: number;
  /**
   * Analytics: a client's job state file. A job create is refused (400) unless the account's previous job id is
   * already in it: the client promises each id is on disk before its next create.
   */
  statsJobStateFile?: string;
  /**
   * With statsJobStateFile: creates a client may have in flight (default 1). A create is refused when more of the
   * account's earlier jobs than the other creates in flight (this − 1) are missing from the file.
   */
  statsJobStateSlack?: number;
  /** check_after_secs of a media upload still processing (default 1; tests use 0: their clock steps the waits). */
  mediaCheckAfterSecs?: number;
  statsMaxProcessing?: number;
  /** Analytics: METROS segments reported per country (default the 2 of the fixture); large files for memory tests. */
  statsMetros?: number;
  /** Analytics: the job file host closes the connection after each file (Connection: close). */
  statsDownloadClose?: boolean;
  /** Analytics: the job file host answers this many ms after a request (a slow host), on `sleep`. */
  statsDownloadDelayMs?: number;
  /** How the emulator waits out a delay it was told to make (default: the machine's timers); tests give their clock's. */
  sleep?: (ms: number) => Promise<void>;
  /** Late figures: hours whose stats were restated after the fact (POST /_emulator/stats {"restate": …}). */
  statsRestatements?: EmuRestatement[];
  /**
   * Field-parameter dialect of the official paths: '2.159' (tweet.fields, referenced_tweets; default)
   * or '2.167' (post.fields, referenced_posts, edit_history_post_ids on /2/tweets, as openapi v2.167 spells them).
   */
  dialect?: FieldDialect;
  /**
   * Seed the product catalog the docs and `--help` examples name (catalog 1456789 of the emulator's user with
   * products pk-1 and pk-2 of item group 88vr1 and pk-3, and product set 73kq1); off by default, as a user starts with
   * no catalog and may create only one.
   */
  sampleCatalog?: boolean;
  /** Clock (ms since the epoch) for the times the emulator stamps; tests fix it so no result depends on when they run. */
  now?: () => number;
}

export class EmulatorState {
  readonly apps = new Map<string, App>();
  readonly users = new Map<string, User>();
  readonly accessTokens = new Map<string, AccessToken>();
  readonly requestTokens = new Map<string, RequestToken>();
  readonly nonces = new Set<string>();
  readonly faults = new Faults();
  readonly limiter: RateLimiter;
  readonly log: LogEntry[] = [];
  /** Requests being answered, per ad account (dispatch.ts). */
  readonly inFlight = new Map<string, number>();
  approve: boolean;
  /** Where analytics job results are served (the second origin, src/emulator/stats-download.ts). */
  statsDownloadBase = '';
  /** Switchable at run time: POST /_emulator/dialect {"dialect": "2.167"}. */
  dialect: FieldDialect;
  private slices = new Map<string, unknown>();
  private seq = 0;
  private idCounter = 1_600_000_000_000_000_000n;

  /** Wire names this server understands (src/emulator/spelling.ts). */
  get names(): ServedNames {
    return this.options.names ?? 'both';
  }
  /** The emulator's clock: options.now, or the wall clock. */
  readonly now: () => number;

  constructor(readonly options: EmulatorOptions = {}) {
    this.now = options.now ?? Date.now;
    this.approve = options.approve ?? true;
    this.dialect = options.dialect ?? '2.159';
    this.limiter = new RateLimiter(options.limits ?? {});
    this.faults.latencyMs = options.latencyMs ?? 0;
    this.apps.set(EMU_APP.consumerKey, { ...EMU_APP, tokenRequests: [] });
    this.users.set(EMU_USER.id, { id: EMU_USER.id, screen_name: EMU_USER.screenName, name: 'Emulator Developer' });
    this.accessTokens.set(EMU_USER.accessToken, {
      token: EMU_USER.accessToken,
      secret: EMU_USER.accessTokenSecret,
      userId: EMU_USER.id,
      consumerKey: EMU_APP.consumerKey,
      revoked: false,
    });
  }

  /** A family's own state, created on first use. */
  slice<T>(name: string, init: () => T): T {
    if (!this.slices.has(name)) this.slices.set(name, init());
    return this.slices.get(name) as T;
  }

  resetSlices(): void {
    this.slices.clear();
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** Snowflake-like numeric ids as strings. */
  nextId(): string {
    this.idCounter += 1n + BigInt(Math.floor(Math.random() * 1000));
    return this.idCounter.toString();
  }

  token(bytes = 20): string {
    return randomBytes(bytes).toString('base64url');
  }

  /** Log entries for a method and path (substring or RegExp). */
  requests(method?: string, path?: string | RegExp): LogEntry[] {
    return this.log.filter(
      (e) =>
        (!method || e.method === method.toUpperCase()) && (!path || (typeof path === 'string' ? e.path.includes(path) : path.test(e.path))),
    );
  }
}
