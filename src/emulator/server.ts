// The offline API emulator: one HTTP server on 127.0.0.1 serving the platform
// API at /, the ads API at /ads and the ads sandbox at /ads-sandbox, plus an
// admin API at /_emulator for faults, the request log and the approve switch.
// Start-up is options → state and routes → server → listen → handle.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleRequest, type DispatchContext } from './dispatch.js';
import { EMU_OAUTH2_PUBLIC } from './oauth2-state.js';
import { Router } from './router.js';
import { registerAllRoutes } from './routes/index.js';
import { startDownloadOrigin } from './stats-download.js';
import { EMU_ACCOUNT, EMU_APP, EMU_USER, EmulatorState, type EmulatorOptions } from './state.js';

export interface Emulator {
  url: string;
  port: number;
  urls: { api: string; ads: string; adsSandbox: string };
  /** The second origin serving analytics job results (another port: credentials are refused there). */
  downloadUrl: string;
  state: EmulatorState;
  router: Router;
  /** Each origin's HTTP server (the API's and the download origin's): what an in-process transport connects to. */
  servers: ReadonlyMap<string, Server>;
  /** Environment variables pointing postctl at this emulator with the seeded credentials. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export type StartOptions = EmulatorOptions & { port?: number; host?: string };

export async function startEmulator(options: StartOptions = {}): Promise<Emulator> {
  const ctx = dispatchContext(options);
  const server = createEmulatorServer(ctx);
  await listen(server, options.port ?? 0, ctx.host);
  const download = await startDownloadOrigin(ctx.state, ctx.host);
  const emu = describe(server, ctx);
  const close = emu.close;
  return Object.assign(emu, {
    downloadUrl: download.url,
    servers: new Map([
      [emu.url, server],
      [download.url, download.server],
    ]),
    close: () => Promise.all([close(), download.close()]).then(() => undefined),
  });
}

/** The state, its routes and the settings every request reads. */
function dispatchContext(options: StartOptions): DispatchContext {
  const state = new EmulatorState(options);
  const router = new Router();
  registerAllRoutes(router, state);
  return { state, router, host: options.host ?? '127.0.0.1', logBodyBytes: options.logBodyBytes ?? 1024 * 1024 };
}

/** An error escaping a request becomes a 500, or a cut connection once headers are out. */
function createEmulatorServer(ctx: DispatchContext): Server {
  const server: Server = createServer((req, res) => {
    handleRequest(ctx, req, res).catch((e) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ code: 131, message: String(e?.message ?? e) }] }));
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  return server;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function describe(server: Server, ctx: DispatchContext): Omit<Emulator, 'downloadUrl' | 'servers'> {
  const port = (server.address() as AddressInfo).port;
  const url = `http://${ctx.host}:${port}`;
  const urls = { api: url, ads: `${url}/ads`, adsSandbox: `${url}/ads-sandbox` };
  const { state, router } = ctx;
  return {
    url,
    port,
    urls,
    state,
    router,
    env: () => emulatorEnv(url, urls, state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function emulatorEnv(url: string, urls: Emulator['urls'], state: EmulatorState): Record<string, string> {
  return {
    POSTCTL_API_URL: urls.api,
    POSTCTL_ADS_URL: urls.ads,
    POSTCTL_ADS_SANDBOX_URL: urls.adsSandbox,
    POSTCTL_CONSUMER_KEY: EMU_APP.consumerKey,
    POSTCTL_CONSUMER_SECRET: EMU_APP.consumerSecret,
    POSTCTL_ACCESS_TOKEN: EMU_USER.accessToken,
    POSTCTL_ACCESS_TOKEN_SECRET: EMU_USER.accessTokenSecret,
    POSTCTL_OAUTH2_AUTHORIZE_URL: `${url}/i/oauth2/authorize`,
    POSTCTL_CLIENT_ID: EMU_OAUTH2_PUBLIC.clientId,
    POSTCTL_ADS_ACCOUNT: EMU_ACCOUNT,
    // A server that knows only the spec's neutral names needs a client that sends them.
    ...(state.names === 'neutral' ? { POSTCTL_API_NAMES: 'neutral' } : {}),
  };
}
