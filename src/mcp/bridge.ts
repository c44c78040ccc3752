// `postctl mcp bridge [URL]`: a stdio MCP client's messages relayed to a remote Streamable-HTTP MCP server
// (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http), each line of
// stdin POSTed through the one API client with the profile's OAuth 2.0 token — so credentials go only to the
// configured API origin, a 401 renews the token once and retries, and Ctrl-C stops it. The replies (JSON, or
// an SSE stream of messages) go to stdout one message a line. The session id the server assigns is echoed on
// every later request. Messages are bounded both ways, and every request gets an answer: when the remote
// does not give one, a JSON-RPC error in the server range (-32000 … -32099) does.
import type { Readable } from 'node:stream';
import type { ApiClient } from '../http/client.js';

const RPC = {
  /** The remote could not be reached, or broke off. */
  TRANSPORT: -32000,
  /** The remote refused the credentials, after one renewal. */
  AUTH: -32001,
  /** The remote answered with an HTTP error, or without an answer to the request. */
  UPSTREAM: -32002,
  /** A message over the size bound. */
  TOO_LARGE: -32003,
} as const;

export interface BridgeOptions {
  url: string;
  client: ApiClient;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  maxMessageBytes: number;
  signal: AbortSignal;
}

type Id = string | number | null;
interface Message {
  id?: Id;
  method?: string;
}

const SESSION_ID = /^[\x21-\x7e]{1,256}$/;

/** A reply that arrived but cannot be passed on (too large, a malformed session id). */
class BadReply extends Error {}

/** A request id as a key: 1 and "1" are different ids. */
const idKey = (id: Id): string => `${typeof id}:${String(id)}`;

class Bridge {
  private session: string | undefined;
  private protocolVersion: string | undefined;
  /** The ids of requests sent and not answered yet: a reply to any other id is dropped, never relayed. */
  readonly pending = new Set<string>();
  /** Reply bodies being read, so a stream the server keeps open can be cut when the client is gone. */
  private readonly open = new Set<Readable>();

  constructor(private o: BridgeOptions) {}

  /** Set once the client is gone (stdin closed and the grace over): nothing more is written. */
  private closing = false;

  write(message: unknown): void {
    if (!this.closing) this.o.stdout.write(`${JSON.stringify(message)}\n`);
  }

  private fail(id: Id, code: number, message: string): void {
    this.pending.delete(idKey(id));
    this.write({ jsonrpc: '2.0', id, error: { code, message: `postctl mcp bridge: ${message}` } });
  }

  /** Stops reading every reply still open. */
  cut(): void {
    this.closing = true;
    for (const body of this.open) body.destroy();
  }

  /** Sends one message; answers its id when the remote does not. */
  async relay(line: string): Promise<void> {
    let msg: Message;
    try {
      msg = JSON.parse(line) as Message;
    } catch {
      this.fail(null, -32700, 'a line on stdin is not JSON');
      return;
    }
    const isRequest = typeof msg.method === 'string' && msg.id !== undefined && msg.id !== null;
    const answered = new Set<Id>();
    if (isRequest) this.pending.add(idKey(msg.id!));
    try {
      const res = await this.o.client.stream({
        method: 'POST',
        path: this.o.url,
        body: line,
        contentType: 'application/json',
        headers: this.headers(),
        auth: 'oauth2',
        idempotent: false,
        noThrow: true,
      });
      this.capture(res.headers);
      if (res.status === 401 || res.status === 403)
        return void (isRequest && this.fail(msg.id!, RPC.AUTH, `the MCP server refused the OAuth 2.0 token (HTTP ${res.status})`));
      if (res.status < 200 || res.status >= 300)
        return void (isRequest && this.fail(msg.id!, RPC.UPSTREAM, `the MCP server answered HTTP ${res.status}`));
      this.open.add(res.body);
      try {
        await this.forward(res.body, res.headers['content-type'] ?? '', answered);
      } finally {
        this.open.delete(res.body);
      }
    } catch (e) {
      if (isRequest && !answered.has(msg.id!)) {
        const status = (e as { status?: number }).status;
        if (status === 401 || status === 403) this.fail(msg.id!, RPC.AUTH, `the MCP server refused the OAuth 2.0 token (HTTP ${status})`);
        else if (status) this.fail(msg.id!, RPC.UPSTREAM, `the MCP server answered HTTP ${status}`);
        else if (e instanceof BadReply || e instanceof SyntaxError)
          this.fail(msg.id!, RPC.UPSTREAM, `the MCP server's reply cannot be relayed: ${e.message}`);
        else this.fail(msg.id!, RPC.TRANSPORT, `could not reach the MCP server: ${(e as Error).message}`);
        answered.add(msg.id!);
      }
    }
    if (isRequest && !answered.has(msg.id!)) this.fail(msg.id!, RPC.UPSTREAM, 'the MCP server gave no answer to this request');
  }

  private headers(): Record<string, string> {
    return {
      accept: 'application/json, text/event-stream',
      ...(this.session ? { 'mcp-session-id': this.session } : {}),
      ...(this.protocolVersion ? { 'mcp-protocol-version': this.protocolVersion } : {}),
    };
  }

  private capture(headers: Record<string, string>): void {
    const id = headers['mcp-session-id'];
    if (id === undefined) return;
    if (!SESSION_ID.test(id)) throw new BadReply('the MCP server sent a malformed session id');
    this.session = id;
  }

  /** A JSON body or an SSE stream: each message to stdout, noting the ids answered and the protocol version agreed. */
  private async forward(body: Readable, type: string, answered: Set<Id>): Promise<void> {
    const emit = (text: string) => {
      if (!text.trim()) return;
      const value = JSON.parse(text) as unknown;
      for (const m of Array.isArray(value) ? value : [value]) {
        const r = m as { id?: Id; method?: unknown; result?: { protocolVersion?: unknown } };
        // A reply (an id, no method) to a request this client never sent, or one answered already, is not passed on.
        if (r.id !== undefined && r.method === undefined) {
          if (!this.pending.delete(idKey(r.id))) continue;
          answered.add(r.id);
        }
        if (typeof r.result?.protocolVersion === 'string' && /^[\w.-]{1,32}$/.test(r.result.protocolVersion))
          this.protocolVersion = r.result.protocolVersion;
        this.write(m);
      }
    };
    if (/^text\/event-stream/i.test(type)) await this.events(body, emit);
    else emit(await this.whole(body));
  }

  private async whole(body: Readable): Promise<string> {
    const parts: Buffer[] = [];
    let n = 0;
    for await (const chunk of body) {
      n += (chunk as Buffer).length;
      if (n > this.o.maxMessageBytes) {
        body.destroy();
        throw new BadReply(`a reply over ${this.o.maxMessageBytes} bytes`);
      }
      parts.push(chunk as Buffer);
    }
    return Buffer.concat(parts).toString('utf8');
  }

  /** Server-sent events (https://html.spec.whatwg.org/multipage/server-sent-events.html): the data lines of each event. */
  private async events(body: Readable, emit: (data: string) => void): Promise<void> {
    let buf = '';
    let data: string[] = [];
    let size = 0;
    body.setEncoding('utf8');
    for await (const chunk of body) {
      buf += chunk as string;
      if (buf.length > this.o.maxMessageBytes) {
        body.destroy();
        throw new BadReply(`an event over ${this.o.maxMessageBytes} bytes`);
      }
      let nl = buf.search(/\r?\n|\r/);
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(buf[nl] === '\r' && buf[nl + 1] === '\n' ? nl + 2 : nl + 1);
        if (line === '') {
          if (data.length) emit(data.join('\n'));
          data = [];
          size = 0;
        } else if (line.startsWith('data:')) {
          const d = line.slice(line[5] === ' ' ? 6 : 5);
          size += d.length;
          if (size > this.o.maxMessageBytes) throw new BadReply(`an event over ${this.o.maxMessageBytes} bytes`);
          data.push(d);
        }
        nl = buf.search(/\r?\n|\r/);
      }
    }
    if (data.length) emit(data.join('\n'));
  }

  /** Ends the session at the server (DELETE with its id), as the transport asks a client that is done. */
  async close(): Promise<void> {
    if (!this.session) return;
    try {
      const res = await this.o.client.stream({
        method: 'DELETE',
        path: this.o.url,
        headers: this.headers(),
        auth: 'oauth2',
        noThrow: true,
      });
      res.body.resume();
    } catch {
      // The server may not support ending sessions (405): nothing to do.
    }
  }
}

/** Reads stdin line by line (each bounded), relays every message concurrently, ends when stdin does. */
export async function runBridge(o: BridgeOptions): Promise<void> {
  const bridge = new Bridge(o);
  const inflight = new Set<Promise<void>>();
  let buf = '';
  let skipping = false;
  const take = (line: string) => {
    if (!line.trim()) return;
    const p = bridge.relay(line).finally(() => inflight.delete(p));
    inflight.add(p);
  };
  o.stdin.setEncoding('utf8');
  for await (const chunk of o.stdin) {
    if (o.signal.aborted) break;
    buf += chunk as string;
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      if (!skipping) take(buf.slice(0, nl));
      skipping = false;
      buf = buf.slice(nl + 1);
      nl = buf.indexOf('\n');
    }
    if (buf.length > o.maxMessageBytes) {
      // Too long to be relayed: its id cannot be read without the whole message, so the error has none.
      if (!skipping) {
        const id = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})/.exec(buf.slice(0, 4096))?.[1];
        bridge.write({
          jsonrpc: '2.0',
          id: id === undefined ? null : JSON.parse(id),
          error: { code: RPC.TOO_LARGE, message: `postctl mcp bridge: a message over ${o.maxMessageBytes} bytes` },
        });
      }
      skipping = true;
      buf = '';
    }
  }
  if (buf.trim() && !skipping) take(buf);
  // stdin is closed: the client is gone. Replies still owed get a short while; then every reply still open is
  // cut (a server may hold a stream open for ever) and the session ended, so the bridge ends soon after stdin.
  const deadline = Date.now() + CLOSE_GRACE_MS;
  while (bridge.pending.size && inflight.size && Date.now() < deadline && !o.signal.aborted)
    await Promise.race([Promise.allSettled([...inflight]), wait(Math.min(50, deadline - Date.now()))]);
  bridge.cut();
  await Promise.race([Promise.allSettled([...inflight]), wait(250)]);
  await Promise.race([bridge.close(), wait(CLOSE_SESSION_MS)]);
}

/** How long replies still owed are awaited after stdin closes, and how long ending the session may take. */
const CLOSE_GRACE_MS = 1000;
const CLOSE_SESSION_MS = 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
