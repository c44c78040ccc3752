// A headless Chromium (Debian's `chromium`) driven over the DevTools protocol
// on a pipe (--remote-debugging-pipe: JSON messages ending in NUL, commands on
// fd 3, replies and events on fd 4), so a test can load a page, read its DOM,
// take a screenshot and see every console message, with no WebSocket library.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { tempDir } from './cli.js';

/** The browser, or undefined when it is not installed (the test skips, saying so). */
export function chromiumPath(): string | undefined {
  for (const p of [process.env.POSTCTL_TEST_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && existsSync(p)) return p;
  return undefined;
}

export interface CdpEvent {
  method: string;
  params: Record<string, any>;
  sessionId?: string;
}

export class Browser {
  private next = 1;
  private pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  readonly events: CdpEvent[] = [];
  private waiters: Array<{ method: string; resolve: (e: CdpEvent) => void }> = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    output: Readable,
  ) {
    let buf = '';
    output.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      for (let i = buf.indexOf('\0'); i >= 0; i = buf.indexOf('\0')) {
        const msg = JSON.parse(buf.slice(0, i)) as { id?: number; result?: unknown; error?: { message: string } } & CdpEvent;
        buf = buf.slice(i + 1);
        if (msg.id !== undefined) {
          const p = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) p?.reject(new Error(msg.error.message));
          else p?.resolve(msg.result);
        } else {
          this.events.push(msg);
          for (const w of this.waiters.filter((x) => x.method === msg.method)) w.resolve(msg);
          this.waiters = this.waiters.filter((x) => x.method !== msg.method);
        }
      }
    });
  }

  static launch(path: string): Browser {
    const child = spawn(
      path,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${tempDir('postctl-chromium-')}`,
        '--remote-debugging-pipe',
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new Browser(child, child.stdio[3] as Writable, child.stdio[4] as Readable);
  }

  send<T = any>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.input.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  }

  waitFor(method: string): Promise<CdpEvent> {
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  /** A new tab, attached: its session id. */
  async page(): Promise<string> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    return sessionId;
  }

  /** Evaluates an expression in the tab and returns its value (awaited when a promise). */
  async evaluate<T = any>(session: string, expression: string): Promise<T> {
    const r = await this.send<{ result: { value: T }; exceptionDetails?: unknown }>(
      'Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise: true },
      session,
    );
    if (r.exceptionDetails) throw new Error(`evaluate failed: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  }

  async close(): Promise<void> {
    const gone = new Promise((r) => this.child.once('exit', r));
    await this.send('Browser.close').catch(() => undefined);
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(kill);
  }
}
