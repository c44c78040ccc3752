// `postctl request --stream` (on by itself for a streaming endpoint): the body
// is written to stdout as it arrives instead of being buffered. With
// --reconnect the request goes through the stream machinery `stream connect`
// uses (src/platform/events.ts `runStream`: reconnects with backoff, stall
// timeout, --limit, --max-reconnects), one JSON line per message.
import { once } from 'node:events';
import type { Context } from '../entry/context.js';
import { Interrupted, UsageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient, AuthMode, RequestOptions } from '../http/client.js';
import { toParams } from '../http/encode.js';
import { stringifyJson } from '../json/stringify.js';
import { runStream, type StreamSpec } from '../platform/events.js';
import { reportStream, streamOptions, type StreamFlags } from './_stream.js';

/** The streaming endpoints of the platform API (…/stream, …/stream/lang/xx), which never end on their own. */
export const isStreamingPath = (path: string): boolean => /^\/?2\/[a-z0-9_/.]*\/stream(?:\/lang\/[a-z]{2})?\/?(?:\?|$)/.test(path);

export interface RequestStreamFlags extends StreamFlags {
  reconnect?: boolean | undefined;
}

export async function streamRequest(
  client: ApiClient,
  req: RequestOptions & { method: string; auth: AuthMode },
  opts: RequestStreamFlags,
  ctx: Context,
): Promise<number> {
  if (opts.reconnect) {
    if (req.method !== 'GET') throw new UsageError('--reconnect follows GET streams only', 'drop --reconnect, or send a GET.');
    const query = toParams(req.query);
    const spec: StreamSpec = {
      name: `GET ${req.path}`,
      path: req.path,
      auth: req.auth,
      initial: query,
      // No resume point is known for an arbitrary stream: reconnect with the same query.
      reconnectQuery: () => query,
      accept: () => true,
    };
    // `request` prints what the endpoint sends, so its readable form is the JSON line itself (--query still applies).
    const asJson = (item: unknown) => stringifyJson(ctx.printer.filtered(item));
    return reportStream(ctx, await runStream(client, spec, streamOptions(opts, ctx, asJson)), 'line');
  }
  const res = await client.stream(req);
  const out = ctx.io.stdout;
  try {
    for await (const chunk of res.body) if (!out.write(chunk as Buffer)) await once(out, 'drain');
  } catch (e) {
    if (ctx.signal.aborted) throw new Interrupted();
    throw e;
  }
  return EXIT.OK;
}
