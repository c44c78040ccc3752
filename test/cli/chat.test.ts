// Chat through the built CLI against the emulator: the inbox and a
// conversation's encrypted events (paged, fields and expansions checked),
// sending a caller-encrypted message, mark read, typing, public keys; ids and
// payload shapes checked before sending; user context only.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator({ bearerMaxRequests: 10_000 });
const DIRECT = '1000000001-2244994945';

describe('chat', () => {
  it('conversations list with participants expanded; get pages the events newest first', async () => {
    const l = await emu.run([
      'chat',
      'conversations',
      'list',
      '--expansions',
      'participant_ids',
      '--user-fields',
      'username',
      '-o',
      'json',
    ]);
    expect(l.code, l.stderr).toBe(0);
    expect(l.json().data.map((c: { id: string }) => c.id)).toEqual([DIRECT, 'g1800000000000000042']);
    expect(l.json().includes.users.map((u: { id: string }) => u.id)).toContain('2244994945');
    expect(emu.state.log.at(-1)!.authScheme).toBe('OAuth');
    const g = await emu.run(['chat', 'conversations', 'get', DIRECT, '--max-results', '2', '--all', '-o', 'jsonl']);
    expect(g.code, g.stderr).toBe(0);
    expect(
      g.stdout
        .trim()
        .split('\n')
        .map((x) => JSON.parse(x).sender_id),
    ).toEqual(['1000000001', '2244994945', '1000000001']);
  });

  it('send a caller-encrypted message (a resend with the same id is one message), mark read, typing, keys', async () => {
    const s = await emu.run([
      'chat',
      'send',
      'g1800000000000000042',
      '--message-id',
      'm-1',
      '--encoded-event',
      'AAEC',
      '--signature',
      'AQID',
      '-o',
      'json',
    ]);
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(emu.state.log.at(-1)!.body)).toEqual({
      message_id: 'm-1',
      encoded_message_create_event: 'AAEC',
      encoded_message_event_signature: 'AQID',
    });
    const again = await emu.run(['chat', 'send', 'g1800000000000000042', '--message-id', 'm-1', '--encoded-event', 'AAEC', '-o', 'json']);
    expect(again.json().data.id).toBe(s.json().data.id);
    const r = await emu.run(['chat', 'read', DIRECT, '--until', '1930000000000000003', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toEqual({ success: true });
    const t = await emu.run(['chat', 'typing', DIRECT, '-o', 'json']);
    expect(t.json().data).toEqual({ success: true });
    const k = await emu.run([
      'chat',
      'keys',
      'get',
      '2244994945',
      '--public-key-fields',
      'public_key,signing_public_key,version',
      '-o',
      'csv',
    ]);
    expect(k.code, k.stderr).toBe(0);
    expect(k.stdout.split('\n')[0]).toBe('version,public_key,signing_public_key');
  });

  it('rules before sending: a bad conversation id, a non-base64 event, a missing --until, an unknown field, app auth — nothing sent', async () => {
    const before = emu.state.log.filter((e) => e.path.includes('/chat/') || e.path.includes('public_keys')).length;
    const cases: Array<[string[], number, string]> = [
      [['chat', 'conversations', 'get', 'abc'], 6, 'conversation_id'],
      [['chat', 'send', DIRECT, '--message-id', 'm', '--encoded-event', 'not base64!'], 6, '--encoded-event'],
      [['chat', 'send', DIRECT, '--encoded-event', 'AAEC'], 6, '--message-id'],
      [['chat', 'read', DIRECT], 6, '--until'],
      [['chat', 'conversations', 'list', '--chat-conversation-fields', 'name'], 6, 'unknown chat_conversation field "name"'],
      [['chat', 'conversations', 'list', '--auth', 'app'], 2, 'not accepted'],
      [['chat', 'keys', 'get', '@alice'], 6, 'user_id'],
    ];
    for (const [args, code, text] of cases) {
      const r = await emu.run(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toContain(text);
    }
    expect(emu.state.log.filter((e) => e.path.includes('/chat/') || e.path.includes('public_keys')).length).toBe(before);
  });
});
