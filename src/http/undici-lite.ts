// Only the parts of undici this CLI uses: the proxy-aware agent and the request
// API. Importing the package root also evaluates fetch, WebSocket, caches and
// mock agents, which doubles start-up cost for every API call (measured by
// `npm run bench`). undici ships no `exports` map, so these paths are public files.
import type { Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentType } from 'undici';
// @ts-expect-error -- internal CommonJS file without its own type declarations
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';
// @ts-expect-error -- internal CommonJS file without its own type declarations
import api from 'undici/lib/api/index.js';

export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof EnvHttpProxyAgentType;

/** undici.request bound to a dispatcher (the package root does the same via makeDispatcher). */
export function request(url: string, opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher }): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = opts;
  const u = new URL(url);
  return (api as { request: (this: Dispatcher, o: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData> }).request.call(dispatcher, { ...rest, origin: u.origin, path: u.pathname + u.search } as Dispatcher.RequestOptions);
}

export type { Dispatcher };
