// `postctl webhooks listen`: a real socket on 127.0.0.1, so the CLI runs as a
// child (spawnCli). It answers a CRC GET with the HMAC of the token, records a
// signed POST as a JSONL line, refuses a bad or missing signature with 401 and
// a stderr line (never showing the right signature), runs --exec per event,
// and stops cleanly (exit 0, a summary) on SIGTERM and SIGINT.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { baseEnv, spawnCli, tempDir, type CliResult } from '../helpers/cli.js';

const SECRET = 'listen-test-consumer-secret-0123';
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

/** Starts the listener; resolves with its URL (read from stderr), the child and the run's result. */
async function listen(extra: string[] = []): Promise<{ url: string; child: ChildProcess; done: Promise<CliResult> }> {
  let child: ChildProcess | undefined;
  const env = { ...baseEnv(tempDir()), POSTCTL_CONSUMER_SECRET: SECRET };
  const done = spawnCli(['webhooks', 'listen', '--port', '0', ...extra], { env, onSpawn: (c) => (child = c), timeoutMs: 30_000 });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child!.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(err);
      if (m) resolve(m[1]!);
    });
    void done.then((r) => reject(new Error(`the listener ended: ${r.code} ${r.stderr}`)));
  });
  return { url, child: child!, done };
}

const post = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('webhooks listen', () => {
  it('answers a CRC GET, records a signed POST, refuses a bad signature with 401, stops on SIGTERM', async () => {
    const { url, child, done } = await listen();
    const crc = await fetch(`${url}?crc_token=challenge-123&nonce=1`);
    expect(crc.status).toBe(200);
    expect(await crc.json()).toEqual({ response_token: sign('challenge-123') });

    const event = '{"for_user_id":"2244994945","tweet_create_events":[{"id":"1","text":"hi"}]}';
    const ok = await post(url, event, { 'x-twitter-webhooks-signature': sign(event) });
    expect(ok.status).toBe(200);

    const forged = '{"for_user_id":"2244994945","tweet_create_events":[{"id":"2","text":"forged"}]}';
    const bad = await post(url, forged, { 'x-twitter-webhooks-signature': sign(forged, 'another secret') });
    expect(bad.status).toBe(401);
    const missing = await post(url, forged, {});
    expect(missing.status).toBe(401);
    const noToken = await fetch(url);
    expect(noToken.status).toBe(400);

    child.kill('SIGTERM');
    const r = await done;
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([JSON.parse(event)]);
    expect(r.stderr).toMatch(/refused a request from 127\.0\.0\.1 \(401\): the signature does not match the body/);
    expect(r.stderr).toMatch(/\(401\): no x-twitter-webhooks-signature header/);
    expect(r.stderr).toContain('1 events accepted, 3 requests refused, 1 CRC checks answered');
    // The signature the forged body would need is never shown.
    expect(r.stdout + r.stderr).not.toContain(sign(forged).slice('sha256='.length));
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it('--exec runs the command per event with the event on stdin, in order; a failing command answers 500; SIGINT stops it', async () => {
    const out = join(tempDir(), 'events.log');
    const { url, child, done } = await listen(['--exec', `cat >> '${out}'; grep -q '"fail"' '${out}' && exit 3; exit 0`]);
    const a = '{"n":1}';
    const b = '{"n":2,"x":"fail"}';
    expect((await post(url, a, { 'x-twitter-webhooks-signature': sign(a) })).status).toBe(200);
    expect((await post(url, b, { 'x-service-webhooks-signature': sign(b) })).status).toBe(500);
    child.kill('SIGINT');
    const r = await done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe('{"n":1}\n{"n":2,"x":"fail"}\n');
    expect(r.stderr).toContain('--exec ended with exit code 3 for an event');
  });

  it('refuses a bad --port or --host before listening', async () => {
    const env = { ...baseEnv(tempDir()), POSTCTL_CONSUMER_SECRET: SECRET };
    expect((await spawnCli(['webhooks', 'listen'], { env })).code).toBe(2);
    expect((await spawnCli(['webhooks', 'listen', '--port', '70000'], { env })).code).toBe(6);
    expect((await spawnCli(['webhooks', 'listen', '--port', '0', '--host', 'not a host'], { env })).code).toBe(6);
  });
});
