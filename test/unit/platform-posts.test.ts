// Pure parts of posts lookup: field selection rules, id collection with
// positions, chunking and envelope merging, and the joined table columns.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/cli-error.js';
import { cellValue } from '../../src/output/cells.js';
import { collectPostIds } from '../../src/platform/post-ids.js';
import { postColumns } from '../../src/commands/posts/_columns.js';
import { chunks, mergeEnvelopes } from '../../src/platform/posts.js';
import { FIELD_FAMILIES, fieldParams } from '../../src/validate/post-fields.js';
import { wire, type WireKey } from '../../src/wire/names.js';

const stdin = (text: string) => Readable.from([Buffer.from(text)]);

describe('fieldParams', () => {
  it('builds the query in a stable order and drops duplicates', () => {
    expect(
      fieldParams({
        style: 'neutral',
        fields: { post: ['created_at,public_metrics', 'created_at'], media: 'type' },
        expansions: 'attachments.media_keys',
      }),
    ).toEqual([
      ['expansions', 'attachments.media_keys'],
      ['post.fields', 'created_at,public_metrics'],
      ['media.fields', 'type'],
    ]);
  });

  it('--all-fields asks for every field the spec lists for posts, users and media, with the expansions that include them', () => {
    const params = Object.fromEntries(fieldParams({ style: 'neutral', fields: {}, allFields: true }));
    const names = (list: readonly unknown[]) => list.map((n) => (typeof n === 'string' ? n : wire((n as { key: WireKey }).key, 'neutral')));
    expect(params['post.fields']!.split(',')).toEqual(names([...FIELD_FAMILIES.post.spec, ...FIELD_FAMILIES.post.newer!]));
    expect(params['user.fields']!.split(',')).toEqual(names(FIELD_FAMILIES.user.spec));
    expect(params['media.fields']!.split(',')).toEqual(names(FIELD_FAMILIES.media.spec));
    expect(params.expansions).toBe('author_id,attachments.media_keys');
    expect(params['place.fields']).toBeUndefined();
  });

  it('rejects every unknown name at once, naming the flag and listing the valid names', () => {
    let err: InputError | undefined;
    try {
      fieldParams({ style: 'neutral', fields: { post: 'text,referenced_twets', user: 'usrname' }, expansions: 'author' });
    } catch (e) {
      err = e as InputError;
    }
    expect(err).toBeInstanceOf(InputError);
    expect(err!.exitCode).toBe(6);
    expect(err!.problems.map((p) => [p.field, p.id])).toEqual([
      ['--expansions', 'author'],
      ['--post-fields', 'referenced_twets'],
      ['--user-fields', 'usrname'],
    ]);
    expect(err!.problems[1]!.message).toContain('valid: id, text, author_id');
    expect(err!.problems[2]!.message).toContain('valid: id, name, username');
  });

  it('--allow-unknown-fields passes unknown names through', () => {
    expect(fieldParams({ style: 'neutral', fields: { post: 'brand_new_field' }, allowUnknown: true })).toEqual([
      ['post.fields', 'brand_new_field'],
    ]);
  });

  it('accepts field and expansion names in either spelling and sends the selected one', () => {
    const given = {
      fields: { post: 'referenced_posts,note_tweet', user: 'pinned_post_id' },
      expansions: 'referenced_tweets.id,edit_history_post_ids',
    };
    expect(fieldParams({ style: 'official', ...given })).toEqual([
      ['expansions', 'referenced_tweets.id,edit_history_tweet_ids'],
      ['tweet.fields', 'referenced_tweets,note_tweet'],
      ['user.fields', 'pinned_tweet_id'],
    ]);
    expect(fieldParams({ style: 'neutral', ...given })).toEqual([
      ['expansions', 'referenced_posts.id,edit_history_post_ids'],
      ['post.fields', 'referenced_posts,note_post'],
      ['user.fields', 'pinned_post_id'],
    ]);
  });

  it('--all-fields in official names leaves out paid_partnership (only openapi v2.167 declares it) but accepts it when asked', () => {
    const all = Object.fromEntries(fieldParams({ style: 'official', fields: {}, allFields: true }));
    expect(all['tweet.fields']).not.toContain('paid_partnership');
    expect(all['tweet.fields']).toContain('referenced_tweets');
    expect(fieldParams({ style: 'official', fields: { post: 'paid_partnership' } })).toEqual([['tweet.fields', 'paid_partnership']]);
  });
});

describe('collectPostIds', () => {
  it('takes arguments, comma lists, files and stdin; skips blanks, comments and repeats', async () => {
    const r = await collectPostIds({ args: ['1,2', '3', '-'], io: { stdin: stdin('# header\n4 5,6\n\n2\r\n7') } });
    expect(r.ids).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(r.duplicates).toBe(1);
    expect(r.problems).toEqual([]);
  });

  it('reports each bad id with its argument position or input line', async () => {
    const r = await collectPostIds({ args: ['12', '3,abc', '12345678901234567890'], file: '-', io: { stdin: stdin('10\n11 x1\n') } });
    expect(r.problems).toEqual([
      expect.objectContaining({ field: 'argument 2, item 2', id: 'abc' }),
      expect.objectContaining({ field: 'argument 3', id: '12345678901234567890' }),
      expect.objectContaining({ field: 'stdin', line: 2, id: 'x1' }),
    ]);
  });
});

describe('chunks and mergeEnvelopes', () => {
  it('splits 250 ids into 100 + 100 + 50', () => {
    expect(
      chunks(
        Array.from({ length: 250 }, (_, i) => i),
        100,
      ).map((c) => c.length),
    ).toEqual([100, 100, 50]);
  });

  it('keeps data in order, dedupes includes by id and media_key, keeps every error', () => {
    const merged = mergeEnvelopes([
      { data: [{ id: '1' }], includes: { users: [{ id: 'u1' }], media: [{ media_key: '3_1' }] }, errors: [{ type: 't', title: 'a' }] },
      { data: [{ id: '2' }], includes: { users: [{ id: 'u1' }, { id: 'u2' }], media: [{ media_key: '3_1' }] } },
      { errors: [{ type: 't', title: 'b' }] },
    ]);
    expect(merged).toEqual({
      data: [{ id: '1' }, { id: '2' }],
      includes: { users: [{ id: 'u1' }, { id: 'u2' }], media: [{ media_key: '3_1' }] },
      errors: [
        { type: 't', title: 'a' },
        { type: 't', title: 'b' },
      ],
    });
    expect(mergeEnvelopes([{}, {}])).toEqual({});
  });
});

describe('postColumns', () => {
  it('joins includes into author, media and metrics cells, and leaves out empty columns', () => {
    const env = {
      data: [
        {
          id: '1',
          text: 'hello\nworld',
          author_id: 'u1',
          public_metrics: { like_count: 12, repost_count: 3 },
          attachments: { media_keys: ['7_1', '3_1'] },
        },
        { id: '2', text: 'x'.repeat(100), author_id: 'u9' },
      ],
      includes: {
        users: [{ id: 'u1', username: 'emu_dev' }],
        media: [
          { media_key: '7_1', type: 'video', duration_ms: 42_500 },
          { media_key: '3_1', type: 'photo' },
        ],
      },
    };
    const cols = postColumns(env, 'neutral');
    expect(cols.map((c) => c.header)).toEqual(['id', 'author', 'text', 'likes/reposts', 'media']);
    const row = (i: number) => Object.fromEntries(cols.map((c) => [c.header, cellValue(env.data[i]!, c)]));
    expect(row(0)).toEqual({ id: '1', author: '@emu_dev', text: 'hello world', 'likes/reposts': '12/3', media: 'video 0:43, photo' });
    expect(row(1).author).toBe('u9');
    // The cell keeps the whole text: the table layout cuts it to the screen (src/output/table.ts).
    expect(String(row(1).text)).toHaveLength(100);
    expect(postColumns({ data: [{ id: '1', text: 't' }] }, 'neutral').map((c) => c.header)).toEqual(['id', 'text']);
  });
});
