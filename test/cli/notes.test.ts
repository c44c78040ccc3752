// Community Notes through the built CLI against the emulator: test mode by
// default (--live for real), the note's rules checked before sending, user
// context (OAuth 1.0a by default; OAuth 2.0 needs tweet.write to write; an app
// token is refused before sending), paged listings, delete asks first.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const NOTE = ['--classification', 'not_misleading', '--text', 'Taken in 2019: https://example.org/source'];

describe('notes', () => {
  it('create in test mode, list it with written; --live keeps live notes apart; delete with --yes', async () => {
    const c = await emu.run(['notes', 'create', '1460323737035677698', ...NOTE, '-o', 'json']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).toContain('test mode');
    const id = c.json().data.id as string;
    const post = emu.state.log.find((e) => e.method === 'POST' && e.path === '/2/notes')!;
    expect(JSON.parse(post.body)).toEqual({
      test_mode: true,
      post_id: '1460323737035677698',
      info: {
        text: 'Taken in 2019: https://example.org/source',
        classification: 'not_misleading',
        misleading_tags: [],
        trustworthy_sources: false,
      },
    });
    expect(post.authScheme).toBe('OAuth');
    const w = await emu.run(['notes', 'written', '--all', '-o', 'json']);
    expect(w.code, w.stderr).toBe(0);
    expect(
      w
        .json()
        .data.map((n: { id: string }) => n.id)
        .sort(),
    ).toEqual(['1146654567674912769', id].sort());
    const live = await emu.run(['notes', 'written', '--live', '-o', 'json']);
    expect(live.json().data).toEqual([]);
    expect(emu.state.log.at(-1)!.query).toContainEqual(['test_mode', 'false']);
    const d = await emu.run(['notes', 'delete', id, '--yes', '-o', 'json']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.json().data).toEqual({ deleted: true });
    const again = await emu.run(['notes', 'delete', id, '--yes']);
    expect(again.code).toBe(4);
    const ask = await emu.run(['notes', 'delete', '1146654567674912769']);
    expect(ask.code).toBe(2);
  });

  it('evaluate prints the score; eligible posts page with the post fields', async () => {
    const e = await emu.run([
      'notes',
      'evaluate',
      '1460323737035677698',
      '--text',
      'See https://a.example and https://b.example',
      '-o',
      'json',
    ]);
    expect(e.code, e.stderr).toBe(0);
    expect(e.json().data).toEqual({ claim_opinion_score: 0.75 });
    const l = await emu.run([
      'notes',
      'eligible',
      '--max-results',
      '2',
      '--all',
      '--post-fields',
      'created_at',
      '--post-selection',
      'feed_size: small, feed_lang: en',
      '-o',
      'jsonl',
    ]);
    expect(l.code, l.stderr).toBe(0);
    expect(l.stdout.trim().split('\n')).toHaveLength(3);
    expect(JSON.parse(l.stdout.split('\n')[0]!).created_at).toBeDefined();
  });

  it('rules before sending: no link, a bad classification or tag, a misleading note without tags, a bad post id, app auth — nothing sent', async () => {
    const cases: Array<[string[], number, string]> = [
      [['notes', 'create', '1460323737035677698', '--classification', 'not_misleading', '--text', 'no link here'], 6, 'http(s) link'],
      [['notes', 'create', '1460323737035677698', '--classification', 'wrong', '--text', 'https://x.example'], 6, '--classification'],
      [
        [
          'notes',
          'create',
          '1460323737035677698',
          '--classification',
          'misinformed_or_potentially_misleading',
          '--text',
          'https://x.example',
        ],
        6,
        'needs at least one tag',
      ],
      [['notes', 'create', '1460323737035677698', ...NOTE, '--misleading-tags', 'lies'], 6, '--misleading-tags'],
      [['notes', 'create', 'abc', ...NOTE], 6, 'post_id'],
      [['notes', 'evaluate', '1460323737035677698'], 6, '--text'],
      [['notes', 'create', '1460323737035677698', ...NOTE, '--auth', 'app'], 2, 'is not accepted by POST /2/notes'],
      [['notes', 'delete', '../1', '--yes'], 6, 'note_id'],
      [['notes', 'written', '--max-results', '101'], 6, '--max-results'],
    ];
    for (const [args, code, text] of cases) {
      const r = await emu.run(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toContain(text);
    }
    expect(emu.state.log.filter((e) => e.path.includes('note'))).toEqual([]);
  });
});
