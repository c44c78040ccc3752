// One user (by id or username), media by key, hiding a reply, the filtered
// stream's webhook links and the account activity subscription check, through
// the built CLI against the emulator: the request sent, the output, and bad
// input refused before sending.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_OK } from '../../src/emulator/routes/platform-webhooks.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator({ names: 'official' });
const sent = (from: number) =>
  emu.state.log
    .slice(from)
    .filter((e) => e.path.startsWith('/2/'))
    .map((e) => `${e.method} ${e.path}${e.query.length ? `?${e.query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`);

describe('single objects and switches', () => {
  it('users show: an id reads /2/users/{id}, a handle /2/users/by/username/{username}', async () => {
    const from = emu.state.log.length;
    const a = await emu.run(['users', 'show', '2244994945', '--user-fields', 'created_at', '-o', 'json']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.json().data.id).toBe('2244994945');
    const b = await emu.run(['users', 'show', 'https://x.com/alice', '-o', 'csv']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toContain('alice');
    expect(sent(from)).toEqual(['GET /2/users/2244994945?user.fields=created_at', 'GET /2/users/by/username/alice']);
  });

  it('media get: one key by path, several in one request; a key that is not one is exit 6, nothing sent', async () => {
    const from = emu.state.log.length;
    const one = await emu.run(['media', 'get', '3_1720000000000000004', '-o', 'json']);
    expect(one.json().data).toEqual({ media_key: '3_1720000000000000004', type: 'photo' });
    const two = await emu.run([
      'media',
      'get',
      '3_1720000000000000004',
      '13_1720000000000000001',
      '--media-fields',
      'duration_ms',
      '-o',
      'json',
    ]);
    expect(two.json().data.map((m: { type: string }) => m.type)).toEqual(['photo', 'video']);
    expect(sent(from)).toEqual([
      'GET /2/media/3_1720000000000000004',
      'GET /2/media?media_keys=3_1720000000000000004,13_1720000000000000001&media.fields=duration_ms',
    ]);
    const bad = await emu.run(['media', 'get', '../x']);
    expect(bad.code).toBe(6);
    expect((await emu.run(['media', 'get', '3_9000'])).code).toBe(4);
  });

  it('posts hide and unhide put {"hidden": …} on the reply', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['posts', 'hide', 'https://x.com/alice/status/1460323737035677698', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual({ data: { hidden: true } });
    expect((await emu.run(['posts', 'unhide', '1460323737035677698'])).code).toBe(0);
    const puts = emu.state.log.slice(from).map((e) => [e.method, e.path, e.body]);
    expect(puts).toEqual([
      ['PUT', '/2/tweets/1460323737035677698/hidden', '{"hidden":true}'],
      ['PUT', '/2/tweets/1460323737035677698/hidden', '{"hidden":false}'],
    ]);
    expect((await emu.run(['posts', 'hide', 'nope'])).code).toBe(6);
  });

  it('webhooks stream-links add, list, remove; an unknown webhook is exit 4', async () => {
    expect((await emu.run(['webhooks', 'stream-links', 'add', WEBHOOK_OK])).code).toBe(0);
    const list = await emu.run(['webhooks', 'stream-links', 'list', '-o', 'json']);
    expect(list.json().data.map((l: { webhook_id: string }) => l.webhook_id)).toEqual([WEBHOOK_OK]);
    expect((await emu.run(['webhooks', 'stream-links', 'remove', WEBHOOK_OK])).code).toBe(0);
    expect((await emu.run(['webhooks', 'stream-links', 'remove', WEBHOOK_OK])).code).toBe(4);
  });

  it('webhooks subscriptions check says whether the user is subscribed', async () => {
    const before = await emu.run(['webhooks', 'subscriptions', 'check', WEBHOOK_OK, '-o', 'json']);
    expect(before.code, before.stderr).toBe(0);
    expect(before.json().data).toEqual({ subscribed: false });
    expect((await emu.run(['webhooks', 'subscriptions', 'add', WEBHOOK_OK])).code).toBe(0);
    expect((await emu.run(['webhooks', 'subscriptions', 'check', WEBHOOK_OK, '-o', 'json'])).json().data).toEqual({ subscribed: true });
  });
});
