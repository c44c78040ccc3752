// `postctl webhooks listen --port N`: a local webhook receiver (CRC answers,
// signature checks, one JSONL line or one --exec run per accepted event) until
// Ctrl-C or SIGTERM; src/platform/webhook-listener.ts is the server.
import { isIP } from 'node:net';
import { UsageError, invalid } from '../../errors/cli-error.js';
import { startWebhookListener } from '../../platform/webhook-listener.js';
import { integerBetween } from '../../validate/rules.js';
import { consumerSecretStdinOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { serialExec } from './_exec.js';
import { consumerSecret } from './_secret.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export default defineVerb({
  name: 'listen',
  description:
    'receive webhook deliveries locally (behind your own tunnel or proxy): answer CRC checks with the consumer secret, refuse a bad signature (401), print each event as a JSONL line or run --exec per event; Ctrl-C or SIGTERM stops it',
  examples: [
    'postctl webhooks listen --port 8080 >> events.jsonl',
    'postctl webhooks listen --port 8080 --exec "jq -c .for_user_id >> users.log"',
    'postctl webhooks listen --port 8080 --host 0.0.0.0   # reachable from other machines',
  ],
  options: {
    port: { flags: '--port <n>', description: 'TCP port to listen on (0: any free port, printed on stderr)' },
    host: { flags: '--host <address>', description: 'address to bind (default 127.0.0.1: this machine only)', default: '127.0.0.1' },
    exec: { flags: '--exec <command>', description: 'run this shell command per event, the event as one JSON line on its stdin' },
    consumerSecretStdin: consumerSecretStdinOption,
  },
  async run(_args, opts, ctx) {
    if (opts.port === undefined) throw new UsageError('--port <n> is required', 'e.g. postctl webhooks listen --port 8080');
    const bad = integerBetween(0, 65535)(opts.port);
    if (bad) throw invalid('--port', bad);
    const host = opts.host ?? '127.0.0.1';
    if (isIP(host) === 0 && host !== 'localhost')
      throw invalid('--host', `must be an IP address or localhost (got ${JSON.stringify(host)})`);
    if (opts.exec !== undefined && !opts.exec.trim()) throw invalid('--exec', 'must not be empty');
    const secret = await consumerSecret(ctx, opts.consumerSecretStdin);
    const exec = opts.exec !== undefined ? serialExec(ctx, opts.exec) : undefined;
    const counts = { events: 0, refused: 0, crc: 0 };
    const listener = await startWebhookListener({
      host,
      port: Number(opts.port),
      secret,
      hooks: {
        async onEvent(event) {
          const line = JSON.stringify(event) + '\n';
          if (exec) {
            const ok = await exec.run(line);
            if (ok) counts.events++;
            return ok;
          }
          ctx.printer.write(line);
          counts.events++;
          return true;
        },
        onRefused(status, why, remote) {
          counts.refused++;
          ctx.log.warn(`refused a request from ${remote} (${status}): ${why}`);
        },
        onCrc(remote) {
          counts.crc++;
          ctx.log.info(`answered a CRC check from ${remote}`);
        },
      },
    }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') throw new UsageError(`port ${opts.port} on ${host} is in use`, 'pick another --port (0: any free one)');
      if (e.code === 'EADDRNOTAVAIL') throw invalid('--host', `${host} is not an address of this machine`);
      if (e.code === 'EACCES')
        throw new UsageError(`not allowed to listen on port ${opts.port}`, 'ports below 1024 need privileges; pick a higher --port');
      throw e;
    });
    if (!LOOPBACK.test(host)) ctx.log.warn(`listening on ${host}: other machines can reach this receiver (signatures are still checked)`);
    ctx.log.info(`listening on ${listener.url} (CRC checks and signed events; Ctrl-C to stop)`);
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await listener.close();
    await exec?.idle();
    ctx.log.info(`stopped: ${counts.events} events accepted, ${counts.refused} requests refused, ${counts.crc} CRC checks answered`);
    return 0;
  },
});
