// Pure rules of issue 17: post length counting, the create/edit checks, the
// request bodies in both name styles, search/counts parameters and stream rules.
import { describe, expect, it } from 'vitest';
import { createBody, editBody } from '../../src/platform/posting.js';
import { SeenIds, filteredStreamSpec } from '../../src/platform/filtered-stream.js';
import { draftProblems, editProblem, postLength, type PostDraft } from '../../src/validate/posting.js';
import { ruleIdProblems, ruleProblems, searchParams } from '../../src/validate/search.js';
import { InputError } from '../../src/errors/cli-error.js';

const draft = (d: Partial<PostDraft>): PostDraft => ({ media: [], pollOptions: [], ...d });
const fields = (p: { list: Array<{ field?: string }> }) => p.list.map((x) => x.field);

describe('postLength: Unicode code points after NFC', () => {
  it.each([
    ['hello', 5],
    ['', 0],
    ['e\u0301', 1], // decomposed é composes to one
    ['é', 1],
    ['😀', 1], // one code point, two UTF-16 units
    ['👍🏽', 2], // emoji + skin-tone modifier
    ['日本語', 3],
    ['\u1100\u1161', 1], // Hangul jamo compose under NFC
  ])('%j counts %i', (text, n) => {
    expect(postLength(text)).toBe(n);
  });

  it('25,000 is fine, 25,001 is a problem on --text', () => {
    expect(draftProblems(draft({ text: 'a'.repeat(25_000) })).ok).toBe(true);
    expect(draftProblems(draft({ text: '😀'.repeat(25_000) })).ok).toBe(true);
    const p = draftProblems(draft({ text: 'a'.repeat(25_001) }));
    expect(fields(p)).toEqual(['--text']);
    expect(p.list[0]!.message).toContain('got 25001');
  });
});

describe('draftProblems', () => {
  it('accepts each valid shape', () => {
    expect(draftProblems(draft({ text: 'x', media: ['1', '2', '3', '4'] })).ok).toBe(true);
    expect(draftProblems(draft({ media: ['1'] })).ok).toBe(true);
    expect(draftProblems(draft({ text: 'x', pollOptions: ['a', 'b'], pollDuration: '5' })).ok).toBe(true);
    expect(draftProblems(draft({ text: 'x', pollOptions: ['a', 'b', 'c', 'd'], pollDuration: '10080' })).ok).toBe(true);
    expect(draftProblems(draft({ text: 'x', community: '1', shareWithFollowers: true })).ok).toBe(true);
  });

  it.each([
    [{}, '--text'],
    [{ text: 'x', media: ['1', '2', '3', '4', '5'] }, '--media'],
    [{ text: 'x', pollOptions: ['a'], pollDuration: '60' }, '--poll-option'],
    [{ text: 'x', pollOptions: ['', 'b'], pollDuration: '60' }, '--poll-option'],
    [{ text: 'x', pollOptions: ['a', 'b'], pollDuration: '1.5' }, '--poll-duration'],
    [{ text: 'x', pollOptions: ['a', 'b'], pollDuration: '60', media: ['1'] }, '--poll-option'],
    [{ text: 'x', quote: '1', media: ['1'] }, '--quote'],
    [{ text: 'x', replyTo: '1'.repeat(20) }, '--reply-to'],
    [{ text: 'x', replySettings: 'Following' }, '--reply-settings'],
    [{ text: 'x', shareWithFollowers: true }, '--share-with-followers'],
  ])('%j is a problem on %s', (d, field) => {
    expect(fields(draftProblems(draft(d)))).toContain(field);
  });
});

describe('editProblem', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('nothing known: no problem', () => {
    expect(editProblem({}, now)).toBeUndefined();
  });
  it('created 59 minutes ago is fine, 60 minutes is closed', () => {
    expect(editProblem({ created_at: '2026-11-23T11:01:00Z' }, now)).toBeUndefined();
    expect(editProblem({ created_at: '2026-11-23T11:00:00Z' }, now)).toContain('edit window closed');
  });
  it('edit_controls win over created_at', () => {
    expect(editProblem({ created_at: '2026-11-23T11:30:00Z', edit_controls: { edits_remaining: 0 } }, now)).toContain('no edits left');
    expect(editProblem({ created_at: '2026-11-23T11:30:00Z', edit_controls: { editable_until: '2026-11-23T11:59:59Z' } }, now)).toContain(
      'edit window closed',
    );
    expect(
      editProblem({ edit_controls: { edits_remaining: 3, is_edit_eligible: false, editable_until: '2026-11-23T12:30:00Z' } }, now),
    ).toContain('not eligible');
  });
});

describe('request bodies', () => {
  const d = draft({ text: 't', replyTo: '1', quote: '2', replySettings: 'verified', community: '3', paidPartnership: true });
  it('official names', () => {
    expect(createBody(d, { names: 'official' })).toEqual({
      text: 't',
      reply: { in_reply_to_tweet_id: '1' },
      quote_tweet_id: '2',
      reply_settings: 'verified',
      community_id: '3',
      paid_partnership: true,
    });
  });
  it('neutral names', () => {
    expect(createBody(d, { names: 'neutral' })).toEqual({
      text: 't',
      reply: { in_reply_to_post_id: '1' },
      quote_post_id: '2',
      reply_settings: 'verified',
      community_id: '3',
      paid_partnership: true,
    });
  });
  it('only the parts given; booleans only when set', () => {
    expect(createBody(draft({ text: 'x', paidPartnership: false }), { names: 'official' })).toEqual({ text: 'x' });
    expect(createBody(draft({ pollOptions: ['a', 'b'], pollDuration: '30', text: 'q' }), { names: 'official' })).toEqual({
      text: 'q',
      poll: { options: ['a', 'b'], duration_minutes: 30 },
    });
  });
  it('edit body', () => {
    expect(editBody('5', 'new', [])).toEqual({ text: 'new', edit_options: { previous_post_id: '5' } });
    expect(editBody('5', undefined, ['9'])).toEqual({ media: { media_ids: ['9'] }, edit_options: { previous_post_id: '5' } });
  });
});

describe('searchParams', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const problems = (fn: () => unknown) => {
    try {
      fn();
      return [];
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as InputError).problems.map((p) => p.field);
    }
  };

  it('builds the parameters in order, times as RFC 3339 seconds', () => {
    expect(
      searchParams(
        {
          query: 'a',
          scope: 'recent',
          start: '2026-11-20T08:00:00.123+01:00',
          end: '2026-11-21T00:00:00Z',
          sinceId: '1',
          untilId: '2',
          maxResults: '100',
        },
        now,
      ),
    ).toEqual([
      ['query', 'a'],
      ['start_time', '2026-11-20T07:00:00Z'],
      ['end_time', '2026-11-21T00:00:00Z'],
      ['since_id', '1'],
      ['until_id', '2'],
      ['max_results', '100'],
    ]);
  });

  it('query limits: 512 recent, 1,024 archive, up to 4,096 when raised', () => {
    expect(problems(() => searchParams({ query: 'x'.repeat(512), scope: 'recent' }, now))).toEqual([]);
    expect(problems(() => searchParams({ query: 'x'.repeat(513), scope: 'recent' }, now))).toEqual(['query']);
    expect(problems(() => searchParams({ query: 'x'.repeat(1024), scope: 'archive' }, now))).toEqual([]);
    expect(problems(() => searchParams({ query: 'x'.repeat(1025), scope: 'archive' }, now))).toEqual(['query']);
    expect(problems(() => searchParams({ query: 'x'.repeat(4096), scope: 'recent', maxQueryLength: '4096' }, now))).toEqual([]);
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', maxQueryLength: '4097' }, now))).toEqual(['--max-query-length']);
  });

  it('time window: recent 7 days, start before end, end 10 s in the past', () => {
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', start: '2026-11-16T12:00:01Z' }, now))).toEqual([]);
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', start: '2026-11-16T11:59:59Z' }, now))).toEqual(['--start']);
    expect(problems(() => searchParams({ query: 'x', scope: 'archive', start: '2010-01-01T00:00:00Z' }, now))).toEqual([]);
    expect(
      problems(() => searchParams({ query: 'x', scope: 'recent', start: '2026-11-22T00:00:00Z', end: '2026-11-22T00:00:00Z' }, now)),
    ).toEqual(['--start']);
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', end: '2026-11-23T11:59:55Z' }, now))).toEqual(['--end']);
  });

  it('max results per scope, granularity, ids', () => {
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', maxResults: '100' }, now))).toEqual([]);
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', maxResults: '101' }, now))).toEqual(['--max-results']);
    expect(problems(() => searchParams({ query: 'x', scope: 'archive', maxResults: '500' }, now))).toEqual([]);
    expect(problems(() => searchParams({ query: 'x', scope: 'archive', maxResults: '10.5' }, now))).toEqual(['--max-results']);
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', granularity: 'Hour' }, now))).toEqual(['--granularity']);
    expect(problems(() => searchParams({ query: 'x', scope: 'recent', sinceId: '1e5' }, now))).toEqual(['--since-id']);
  });
});

describe('stream rules', () => {
  it('2,048 characters are fine, 2,049 are not; duplicates and empty values are problems with their line', () => {
    expect(ruleProblems([{ value: 'x'.repeat(2048) }], 'rule').ok).toBe(true);
    const p = ruleProblems(
      [
        { value: 'a', line: 1 },
        { value: 'x'.repeat(2049), line: 2 },
        { value: ' ', line: 3 },
        { value: 'a', line: 4 },
      ],
      '--file',
    );
    expect(p.list.map((x) => x.line)).toEqual([2, 3, 4]);
    expect(ruleIdProblems(['1', 'x']).list).toHaveLength(1);
    expect(ruleIdProblems([]).list).toHaveLength(1);
  });

  it('SeenIds drops repeats and forgets the oldest beyond its size', () => {
    const s = new SeenIds(2);
    expect([s.accept('1'), s.accept('1'), s.accept('2'), s.accept('3'), s.accept('1'), s.accept(undefined)]).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('the filtered stream spec: official path, fields on every connection, backfill only on reconnects', () => {
    const spec = filteredStreamSpec({ names: 'official' }, { fields: [['tweet.fields', 'created_at']], backfillMinutes: 2 });
    expect(spec.path).toBe('/2/tweets/search/stream');
    expect(spec.initial).toEqual([['tweet.fields', 'created_at']]);
    expect(spec.reconnectQuery(0)).toEqual([
      ['tweet.fields', 'created_at'],
      ['backfill_minutes', '2'],
    ]);
    expect(filteredStreamSpec({ names: 'neutral' }, { fields: [] }).path).toBe('/2/posts/search/stream');
    expect(spec.accept({ data: { id: '7' } }, 0)).toBe(true);
    expect(spec.accept({ data: { id: '7' } }, 0)).toBe(false);
  });
});
