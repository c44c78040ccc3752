// `postctl webhooks validate | crc | verify-signature` through the built CLI
// against the emulator's seeded webhooks.
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { WEBHOOK_CRC_FAILS, WEBHOOK_OK } from '../../src/emulator/routes/platform-webhooks.js';
import { EMU_APP, EMU_USER } from '../../src/emulator/state.js';

const emu = fileEmulator({}, { keepFaults: true });

const puts = () => emu.state.requests('PUT', '/2/webhooks/');
// Computed here with the standard construction, not with postctl's module.
const hmac = (secret: string, msg: string | Buffer) => `sha256=${createHmac('sha256', secret).update(msg).digest('base64')}`;

describe('postctl webhooks validate', () => {
  it('a passing CRC check prints attempted and exits 0; user context by default', async () => {
    const r = await emu.run(['webhooks', 'validate', WEBHOOK_OK, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({ data: { attempted: true } });
    const sent = puts().at(-1)!;
    expect(sent.path).toBe(`/2/webhooks/${WEBHOOK_OK}`);
    expect(sent.auth).toBe('user');
    expect(sent.body).toBe('');
  });

  it('--auth app uses the bearer token; the table shows attempted', async () => {
    const r = await emu.run(['webhooks', 'validate', WEBHOOK_OK, '--auth', 'app', '-o', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/attempted\s+true/);
    expect(puts().at(-1)!.auth).toBe('app');
  });

  it('a failed CRC check prints attempted and the problem, and exits 7 with a hint', async () => {
    const r = await emu.run(['webhooks', 'validate', WEBHOOK_CRC_FAILS, '-o', 'json']);
    expect(r.code).toBe(7);
    const env = r.json();
    expect(env.data).toEqual({ attempted: true });
    expect(env.errors[0].detail).toContain('does not meet the requirements');
    expect(r.stderr).toContain(`CRC check of webhook ${WEBHOOK_CRC_FAILS} failed`);
    expect(r.stderr).toContain('postctl webhooks crc');
  });

  it('an unknown webhook exits 4 (resource-not-found)', async () => {
    const r = await emu.run(['webhooks', 'validate', '42', '-o', 'json']);
    expect(r.code).toBe(4);
    expect(r.errorJson().error.problem).toMatchObject({ type: 'https://api.x.com/2/problems/resource-not-found', resource_id: '42' });
  });

  it.each([['12ab'], ['12345678901234567890'], ['-1']])('a bad webhook id %s exits 6 before sending', async (id) => {
    const before = emu.state.log.length;
    const r = await emu.run(['webhooks', 'validate', '-o', 'json', '--', id]);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems[0]).toMatchObject({ field: 'webhook_id', message: expect.stringContaining('^[0-9]{1,19}$') });
    expect(emu.state.log.length).toBe(before);
  });

  it('a revoked access token exits 3', async () => {
    const token = `${EMU_USER.id}-revokedForWebhooks`;
    emu.state.accessTokens.set(token, {
      token,
      secret: 'revoked-secret-456',
      userId: EMU_USER.id,
      consumerKey: EMU_APP.consumerKey,
      revoked: true,
    });
    const r = await emu.run(['webhooks', 'validate', WEBHOOK_OK], {
      env: { POSTCTL_ACCESS_TOKEN: token, POSTCTL_ACCESS_TOKEN_SECRET: 'revoked-secret-456' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Invalid or expired token');
  });
});

describe('postctl webhooks crc', () => {
  it("prints the receiver's response from the profile's consumer secret", async () => {
    const r = await emu.run(['webhooks', 'crc', 'challenge-123']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ response_token: hmac(EMU_APP.consumerSecret, 'challenge-123') });
    expect(r.stdout + r.stderr).not.toContain(EMU_APP.consumerSecret);
    expect(emu.state.log.filter((e) => e.path.includes('crc'))).toEqual([]);
  });

  it('--consumer-secret-stdin takes the secret from stdin (trailing newline ignored)', async () => {
    const r = await emu.run(['webhooks', 'crc', 'tok', '--consumer-secret-stdin'], {
      input: 'piped-secret\n',
      env: { POSTCTL_CONSUMER_SECRET: undefined },
    });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.stringify({ response_token: hmac('piped-secret', 'tok') }));
  });

  it('without any consumer secret exits 3 naming the ways to give one', async () => {
    const r = await emu.run(['webhooks', 'crc', 'tok'], { env: { POSTCTL_CONSUMER_SECRET: undefined } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--consumer-secret-stdin');
  });
});

describe('postctl webhooks verify-signature', () => {
  const body = '{"for_user_id":"2244994945","post_create_events":[{"id":"1"}]}';
  let file: string;
  beforeAll(() => {
    file = join(emu.configDir, 'delivery.json');
    writeFileSync(file, body);
  });

  it('a matching signature exits 0', async () => {
    const r = await emu.run([
      'webhooks',
      'verify-signature',
      '--body',
      file,
      '--signature',
      hmac(EMU_APP.consumerSecret, body),
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ valid: true, body_bytes: body.length });
  });

  it('the body from stdin, byte for byte', async () => {
    // Trailing CRLF and spaces: a reader that trims or re-encodes changes the HMAC and the byte count.
    const raw = `${body} \r\n`;
    const r = await emu.run(
      ['webhooks', 'verify-signature', '--body', '-', '--signature', hmac(EMU_APP.consumerSecret, raw), '-o', 'json'],
      {
        input: raw,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ valid: true, body_bytes: Buffer.byteLength(raw) });
  });

  it('a signature of another body exits 6 and never shows the expected one', async () => {
    const r = await emu.run([
      'webhooks',
      'verify-signature',
      '--body',
      file,
      '--signature',
      hmac(EMU_APP.consumerSecret, body + '\n'),
      '-o',
      'json',
    ]);
    expect(r.code).toBe(6);
    expect(r.json()).toEqual({ valid: false, signature: hmac(EMU_APP.consumerSecret, body + '\n'), body_bytes: body.length });
    // Neither stream carries the signature of the body (in any encoding): it would sign a forged delivery.
    const right = hmac(EMU_APP.consumerSecret, body).slice('sha256='.length);
    for (const enc of [right, Buffer.from(right, 'base64').toString('hex')]) expect(r.stdout + r.stderr).not.toContain(enc);
    expect(r.stderr).toContain('the signature does not match the body');
  });

  it('a malformed header exits 6 naming --signature', async () => {
    const r = await emu.run(['webhooks', 'verify-signature', '--body', file, '--signature', 'md5=abc', '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems[0]).toMatchObject({ field: '--signature', message: expect.stringContaining('sha256=') });
  });

  it('missing --body is a usage error', async () => {
    const r = await emu.run(['webhooks', 'verify-signature', '--signature', 'sha256=x']);
    expect(r.code).toBe(2);
  });
});
