// The emulator without sockets: an undici Dispatcher whose connections are in-memory stream pairs handed to the
// emulator's own HTTP servers (an http.Server takes any Duplex as a connection). The bytes, the HTTP parser on
// both sides, the routes, state and checks are those of a run over TCP; only the kernel's socket is left out, so
// a verb run in-process (test/helpers/world.ts) meets the same server model as the built CLI does.
import type { Server } from 'node:http';
import { Duplex } from 'node:stream';
import { Agent, Dispatcher } from 'undici';

/** One end of an in-memory connection: what it writes, its peer reads. */
class PipeEnd extends Duplex {
  peer!: PipeEnd;
  // What undici and node:http ask of a socket beyond a Duplex: no-ops here (no kernel socket to tune).
  remoteAddress = '127.0.0.1';
  remotePort = 0;
  localAddress = '127.0.0.1';
  encrypted = false;
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  setTimeout(_ms: number, cb?: () => void): this {
    if (cb) this.once('timeout', cb);
    return this;
  }
  override _read(): void {}
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void): void {
    if (!this.peer.destroyed) this.peer.push(chunk);
    cb();
  }
  override _final(cb: (e?: Error | null) => void): void {
    if (!this.peer.destroyed) this.peer.push(null);
    cb();
  }
  override _destroy(err: Error | null, cb: (e?: Error | null) => void): void {
    // A cut connection: the other side sees its end at once, as a reset socket's peer does.
    queueMicrotask(() => {
      if (!this.peer.destroyed) this.peer.destroy();
    });
    cb(err);
  }
}

function pipePair(): [PipeEnd, PipeEnd] {
  const a = new PipeEnd({ allowHalfOpen: true });
  const b = new PipeEnd({ allowHalfOpen: true });
  a.peer = b;
  b.peer = a;
  return [a, b];
}

/**
 * A dispatcher that reaches each origin of `servers` (`http://127.0.0.1:PORT` → its server) in memory. Another
 * origin (a test's foreign host on 127.0.0.2, a name that does not resolve) goes over the network as it would
 * from the built CLI, so what crosses origins is tested the same way.
 */
export function inProcessDispatcher(servers: ReadonlyMap<string, Server>): Dispatcher {
  const memory = memoryAgent(servers);
  const network = new Agent();
  return new (class extends Dispatcher {
    override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const origin = typeof opts.origin === 'string' ? opts.origin : opts.origin?.origin;
      return (origin && servers.has(origin) ? memory : network).dispatch(opts, handler);
    }
    override async close(): Promise<void> {
      await Promise.all([memory.close(), network.close()]);
    }
    override async destroy(): Promise<void> {
      await Promise.all([memory.destroy(), network.destroy()]);
    }
  })();
}

function memoryAgent(servers: ReadonlyMap<string, Server>): Agent {
  return new Agent({
    connect(opts, callback) {
      const origin = `${opts.protocol}//${opts.hostname}:${opts.port}`;
      const server = servers.get(origin);
      if (!server) {
        const e = Object.assign(new Error(`connect ECONNREFUSED ${opts.hostname}:${opts.port}`), { code: 'ECONNREFUSED' });
        queueMicrotask(() => callback(e, null));
        return;
      }
      const [client, end] = pipePair();
      server.emit('connection', end);
      queueMicrotask(() => callback(null, client as never));
    },
  });
}
