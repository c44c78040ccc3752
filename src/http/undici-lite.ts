// Only the parts of undici this CLI uses: the proxy-aware agent and the request
// API. Importing the package root also evaluates fetch, WebSocket, caches and
// mock agents, which doubles start-up cost for every API call (measured by
// `npm run bench`). undici ships no `exports` map, so these paths are public files.
import type { Dispatcher as DispatcherType, EnvHttpProxyAgent as EnvHttpProxyAgentType } from 'undici';
// @ts-expect-error -- internal CommonJS file without its own type declarations
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';
// @ts-expect-error -- internal CommonJS file without its own type declarations
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error -- internal CommonJS file without its own type declarations
import api from 'undici/lib/api/index.js';

// llhttp (undici's HTTP/1.1 parser, WebAssembly) is compiled by Liftoff only, without
// V8's background second tier that Node would wait for at exit: the build sets that
// flag around the one compile (scripts/undici-lean.mjs).

// What undici's index.js does: request/stream/pipeline/upgrade/connect become
// dispatcher methods (the proxy agent tunnels with `connect`).
Object.assign((DispatcherImpl as { prototype: object }).prototype, api);

export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof EnvHttpProxyAgentType;

export function request(
  url: string,
  opts: Omit<DispatcherType.RequestOptions, 'origin' | 'path'> & { dispatcher: DispatcherType },
): Promise<DispatcherType.ResponseData> {
  const { dispatcher, ...rest } = opts;
  const u = new URL(url);
  return dispatcher.request({ ...rest, origin: u.origin, path: u.pathname + u.search } as DispatcherType.RequestOptions);
}

export type { DispatcherType as Dispatcher };
