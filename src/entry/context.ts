// The per-invocation context every verb receives: streams, printer, logger,
// prompter, settings, and the shared API client — the heavy parts built lazily.
import type { ChalkInstance } from 'chalk';
import { UsageError } from '../errors/cli-error.js';
import { checkedNumber, envNumber } from '../config/env-number.js';
import { Redactor } from '../http/redact.js';
import type { ApiClient, ApiName, WriteObserver } from '../http/client.js';
import type { IO } from './io.js';
import { colorLevel, makeChalk, prepareColor, type ColorLevel } from '../output/color.js';
import { selectFormat, type Format } from '../output/format.js';
import { prepareTables } from '../output/table.js';
import { Logger } from '../output/logger.js';
import { createProgress, progressInterval, type Progress } from '../output/progress.js';
import { parseColumns } from '../output/columns.js';
import { Printer, type PrinterOptions } from '../output/printer.js';
import { neutralize } from '../output/sanitize.js';
import { Prompter } from './prompt.js';
import { resolveSettings, type ResolvedSettings } from '../config/resolve.js';
import type { ConfigStore } from '../config/store.js';
import { parseNameStyle, type NameStyle } from '../wire/names.js';

export interface GlobalOptions {
  profile?: string;
  output?: string;
  json?: boolean;
  color?: boolean;
  input?: boolean;
  verbose?: boolean;
  timeout?: string;
  maxWait?: string;
  maxPages?: string;
  csvRaw?: boolean;
  columns?: string;
  query?: string;
  quiet?: boolean;
}

/** The pager's page cap: --max-pages, else POSTCTL_MAX_PAGES, else 10,000 (paging.ts). */
function pageCap(flag: string | undefined, env: NodeJS.ProcessEnv): number {
  const rule = { min: 1, max: 10_000_000, integer: true };
  if (flag !== undefined && flag !== '') return checkedNumber(flag, '--max-pages', rule);
  return envNumber(env, 'POSTCTL_MAX_PAGES', { ...rule, fallback: 10_000 });
}

/** Tables fit the terminal's width; when stdout is not one, COLUMNS if set, else no limit. */
function tableWidth(io: IO): number | undefined {
  const tty = io.stdoutTTY ? (io.stdout as NodeJS.WriteStream).columns : undefined;
  const env = Number(io.env.COLUMNS);
  if (tty && tty > 0) return tty;
  return Number.isInteger(env) && env > 0 ? env : undefined;
}

/** Seconds from a flag, else its variable, in ms; a bad value is exit 2 naming the flag or the variable. */
function seconds(flag: string | undefined, flagName: string, env: NodeJS.ProcessEnv, envName: string, fallbackSec: number): number {
  const rule = { min: 0, max: 10 * 365 * 86_400 };
  if (flag !== undefined && flag !== '') return checkedNumber(flag, flagName, rule) * 1000;
  return envNumber(env, envName, { ...rule, fallback: fallbackSec }) * 1000;
}

export class Context {
  readonly printer: Printer;
  readonly log: Logger;
  readonly prompt: Prompter;
  readonly chalk: ChalkInstance;
  readonly abort = new AbortController();
  /** Shared by every client of this run and by error rendering. */
  readonly redactor = new Redactor();
  readonly format: Format;
  private settingsCache: Promise<ResolvedSettings> | undefined;
  private clients: ApiClient[] = [];
  flagValues: Partial<Record<string, string | undefined>> = {};
  /** What the change journal says of this run besides its command line: the verb's --reason (set by the runner). */
  journalRun: { reason?: string } = {};

  /** A context with chalk loaded if some stream gets colour, and cli-table3 if the output is a table. */
  static async create(io: IO, globals: GlobalOptions): Promise<Context> {
    const off = globals.color === false;
    await prepareColor(Math.max(colorLevel(io.stderrTTY, off, io.env), colorLevel(io.stdoutTTY, off, io.env)) as ColorLevel);
    // A bad --columns or --query is exit 2 before anything is sent; JMESPath is loaded only for --query.
    const output: PrinterOptions = { columns: parseColumns(globals.columns) };
    let ctx: Context | undefined;
    if (globals.query !== undefined) {
      const query = await (await import('../output/query.js')).prepareQuery(globals.query, io.env);
      // The evaluation blocks the thread with the default signal actions restored (output/query.ts); a stop that
      // arrived just before it would wait out the whole budget unseen, so a stopped run never starts one.
      output.query = (document) => {
        if (ctx?.signal.aborted) throw ctx.signal.reason;
        return query(document);
      };
    }
    ctx = new Context(io, globals, output);
    if (ctx.format === 'table') await prepareTables();
    if (globals.columns !== undefined && output.columns !== 'help' && (ctx.format === 'json' || ctx.format === 'jsonl') && !output.query)
      ctx.log.warn('--columns shapes table and CSV output; for JSON use --query (e.g. --query "data[].[id, name]")');
    return ctx;
  }

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    output: PrinterOptions = {},
  ) {
    const errColor = colorLevel(io.stderrTTY, globals.color === false, io.env);
    const outColor = colorLevel(io.stdoutTTY, globals.color === false, io.env);
    this.chalk = makeChalk(Math.max(errColor, outColor) as 0 | 1 | 2 | 3);
    const format = selectFormat(globals.output, globals.json, io.env.POSTCTL_OUTPUT, io.stdoutTTY);
    // --query's result is JSON: on a terminal it replaces the table, as `aws --query` does with its default output.
    this.format = output.query && format === 'table' ? 'json' : format;
    this.printer = new Printer(io.stdout, this.format, makeChalk(outColor), tableWidth(io), {
      ...output,
      tty: io.stdoutTTY,
      csvRaw: Boolean(globals.csvRaw),
    });
    this.log = new Logger(io.stderr, this.chalk, Boolean(globals.verbose));
    this.prompt = new Prompter(io);
  }

  get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** The run's clock (the world's: a test moves or steps it); every verb reads the time here, not from Date. */
  now(): number {
    return this.io.clock.now();
  }

  /** Waits on the run's clock; Ctrl-C (the run's signal) ends the wait. */
  sleep(ms: number, signal: AbortSignal = this.signal): Promise<void> {
    return this.io.clock.sleep(ms, signal);
  }

  /** Settings with their sources; command flags given via `flagValues` win. */
  settings(): Promise<ResolvedSettings> {
    this.settingsCache ??= resolveSettings(this.io.env, { profile: this.globals.profile, values: this.flagValues });
    return this.settingsCache;
  }

  /** Forget cached settings (after a command wrote to the store). */
  invalidateSettings(): void {
    this.settingsCache = undefined;
  }

  async store(): Promise<ConfigStore> {
    const { ConfigStore } = await import('../config/store.js');
    return new ConfigStore(this.io.env);
  }

  progress(label: string, total?: number): Progress {
    // Labels may name an input file: shown only with control characters neutralised.
    return createProgress(this.io.stderr, { tty: this.io.stderrTTY, intervalSec: progressInterval(this.io.env) }, neutralize(label), total);
  }

  /** The ads account: --account flag, else POSTCTL_ADS_ACCOUNT, else the profile's default. */
  async adsAccount(flag: string | undefined): Promise<string> {
    if (flag) return flag;
    const account = (await this.settings()).get('ads_account');
    if (!account)
      throw new UsageError(
        'no ads account given',
        'pass --account <id>, set POSTCTL_ADS_ACCOUNT, or `postctl config set ads_account <id>`.',
      );
    return account;
  }

  /** The shared client, configured from the resolved settings and global flags. */
  async client(): Promise<ApiClient> {
    const s = await this.settings();
    if (s.profileMissing)
      this.log.warn(
        `profile "${s.profile}" does not exist (known: ${s.knownProfiles.join(', ')}); using environment variables and defaults`,
      );
    // Said where it takes effect, so a cron job whose exported keys stopped counting learns why (auth status lists them too).
    if (s.ignoredEnv.length && !this.globals.quiet)
      this.log.warn(`--profile ${s.profile} holds its own credentials; set aside from the environment: ${s.ignoredEnv.join(', ')}`);
    const [{ ApiClient, DialectCache }, { obtainBearer }] = await Promise.all([import('../http/client.js'), import('../auth/bearer.js')]);
    const urls: Record<ApiName, string> = { platform: s.get('api_url')!, ads: s.get('ads_url')!, 'ads-sandbox': s.get('ads_sandbox_url')! };
    const client: ApiClient = new ApiClient({
      urls,
      credentials: {
        consumerKey: s.get('consumer_key'),
        consumerSecret: s.get('consumer_secret'),
        accessToken: s.get('access_token'),
        accessTokenSecret: s.get('access_token_secret'),
        bearerToken: s.get('bearer_token'),
      },
      getBearer: () => obtainBearer(this, client, { refresh: false }).then((r) => r.token),
      timeoutMs: seconds(this.globals.timeout, '--timeout', this.env, 'POSTCTL_TIMEOUT', 30),
      maxWaitMs: seconds(this.globals.maxWait, '--max-wait', this.env, 'POSTCTL_MAX_WAIT', 900),
      maxRetries: envNumber(this.env, 'POSTCTL_MAX_RETRIES', { fallback: 5, max: 100, integer: true }),
      retryBaseMs: envNumber(this.env, 'POSTCTL_RETRY_BASE_MS', { fallback: 500, max: 600_000 }),
      maxPages: pageCap(this.globals.maxPages, this.env),
      maxBodyBytes: envNumber(this.env, 'POSTCTL_MAX_BODY_MB', { fallback: 64, min: 1, max: 4096 }) * 1024 * 1024,
      // Traces show response bodies: neutralised like every other message (see output/logger.ts).
      trace: this.globals.verbose ? (line) => this.io.stderr.write(this.chalk.dim(neutralize(line, true)) + '\n') : undefined,
      notice: this.globals.quiet ? undefined : (line) => this.log.info(line),
      // Off a terminal (cron, CI) every retry and wait is a line of the log; on a terminal with --verbose. --quiet: none.
      retryNotice: !this.globals.quiet && (!this.io.stderrTTY || this.globals.verbose) ? (line) => this.log.info(line) : undefined,
      signal: this.signal,
      redactor: this.redactor,
      writes: journalOnFirstWrite(async () => {
        const { ChangeJournal, commandLine } = await import('../ads/journal.js');
        return new ChangeJournal({
          env: this.env,
          profile: s.profile,
          command: commandLine([...this.io.argv]),
          now: () => new Date(this.now()),
          ...(this.journalRun.reason ? { reason: this.journalRun.reason } : {}),
          redact: (text) => this.redactor.text(text),
          warn: (message) => this.log.warn(message),
        });
      }),
      names: nameStyle(s.get('api_names')),
      dispatcher: this.io.dispatcher,
      clock: this.io.clock,
      dialects: new DialectCache(this.env),
      userAgent: `postctl/${typeof __POSTCTL_VERSION__ === 'string' ? __POSTCTL_VERSION__ : 'dev'}`,
      oauth2: {
        header: () => this.oauth2Session(client).then((o) => o.header()),
        unauthorized: (sent) => this.oauth2Session(client).then((o) => o.unauthorized(sent)),
      },
    });
    this.clients.push(client);
    return client;
  }

  private oauth2: Promise<import('../http/client.js').OAuth2Hook> | undefined;

  /** The OAuth 2.0 session (`--auth oauth2`), loaded only when a command uses it. */
  private oauth2Session(client: ApiClient): Promise<import('../http/client.js').OAuth2Hook> {
    this.oauth2 ??= (async () => {
      const [{ OAuth2Session }, { profileArg }, s] = await Promise.all([
        import('../auth/oauth2-session.js'),
        import('../config/profile-arg.js'),
        this.settings(),
      ]);
      return new OAuth2Session({
        store: await this.store(),
        profile: s.profile,
        profileArg: profileArg(s.profile, s.profileSource),
        client,
        clientSecret: s.get('client_secret'),
        verbose: (line) => this.log.verbose(line),
      });
    })();
    return this.oauth2;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

/**
 * The change journal, loaded on the first write to the ads APIs: a run that only reads, or only talks to the
 * platform API, never loads it (the signed lookup's module budget, test/cli/startup.test.ts).
 */
function journalOnFirstWrite(load: () => Promise<WriteObserver>): WriteObserver {
  let journal: Promise<WriteObserver> | undefined;
  return {
    wants: (req) => (req.api === 'ads' || req.api === 'ads-sandbox') && !['GET', 'HEAD'].includes((req.method ?? 'GET').toUpperCase()),
    async before(req) {
      const j = await (journal ??= load());
      return j.wants(req) ? { j, token: await j.before(req) } : undefined;
    },
    async after(sent, outcome) {
      const s = sent as { j: WriteObserver; token: unknown } | undefined;
      if (s) await s.j.after(s.token, outcome);
    },
  };
}

/** api_names / POSTCTL_API_NAMES: a wrong value is a usage error, not a silent default. */
function nameStyle(value: string | undefined): NameStyle {
  const style = parseNameStyle(value ?? 'official');
  if (!style)
    throw new UsageError(
      `api_names must be official or neutral (got ${JSON.stringify(value)})`,
      'set POSTCTL_API_NAMES or `postctl config set api_names official|neutral`.',
    );
  return style;
}
