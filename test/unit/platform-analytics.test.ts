// The pure parts of `posts analytics` and `media analytics`: the query built
// from the flags (window, granularity default, ids from URLs, duplicates
// dropped), every refusal before sending, and the reply's series as rows
// (a hostile reply neither loses an id nor turns odd keys into columns).
import { describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../../src/errors/cli-error.js';
import { analyticsRows, idGaps } from '../../src/platform/analytics.js';
import { analyticsParams } from '../../src/validate/analytics.js';

const NOW = Date.UTC(2026, 10, 28, 7, 0, 0);

describe('analyticsParams', () => {
  it('posts: ids (a URL gives its id; repeats once), the window resolved, total by default', () => {
    expect(analyticsParams('posts', ['20', 'https://x.com/a/status/21', '20'], { since: '1d' }, NOW)).toEqual([
      ['ids', '20,21'],
      ['start_time', '2026-11-27T07:00:00Z'],
      ['end_time', '2026-11-28T07:00:00Z'],
      ['granularity', 'total'],
    ]);
  });

  it('media: keys, daily by default, ISO times as typed, field names sent', () => {
    const q = analyticsParams(
      'media',
      ['13_1'],
      { since: '2026-11-01T00:00:00Z', until: '2026-11-02T00:00:00Z', fields: ['video_views', 'playback25'] },
      NOW,
    );
    expect(q).toEqual([
      ['media_keys', '13_1'],
      ['start_time', '2026-11-01T00:00:00Z'],
      ['end_time', '2026-11-02T00:00:00Z'],
      ['granularity', 'daily'],
      ['media_analytics.fields', 'video_views,playback25'],
    ]);
  });

  it('refuses, naming the flag or parameter: bad ids, too many, a granularity of the other kind, unknown fields', () => {
    const problems = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).problems.map((p) => p.field);
      }
      throw new Error('not refused');
    };
    expect(problems(() => analyticsParams('posts', ['x', '1'], { since: '1d', granularity: 'monthly' }, NOW))).toEqual([
      'ids',
      '--granularity',
    ]);
    expect(problems(() => analyticsParams('media', ['1'], { since: '1d', granularity: 'weekly' }, NOW))).toEqual([
      'media_keys',
      '--granularity',
    ]);
    expect(
      problems(() =>
        analyticsParams(
          'posts',
          Array.from({ length: 101 }, (_, i) => String(i + 1)),
          { since: '1d' },
          NOW,
        ),
      ),
    ).toEqual(['ids']);
    expect(problems(() => analyticsParams('posts', ['1'], { since: '1d', fields: 'impression' }, NOW))).toEqual(['--analytics-fields']);
    expect(analyticsParams('posts', ['1'], { since: '1d', fields: 'impression', allowUnknownFields: true }, NOW).at(-1)).toEqual([
      'analytics.fields',
      'impression',
    ]);
  });

  it('needs --since, and a start before the end', () => {
    expect(() => analyticsParams('posts', ['1'], {}, NOW)).toThrow(UsageError);
    expect(() => analyticsParams('posts', ['1'], { since: '1h', until: '2h' }, NOW)).toThrow(/must be before --until/);
    expect(() => analyticsParams('posts', ['1'], { since: '1h', until: '1h' }, NOW)).toThrow(/must be before --until/);
    expect(() => analyticsParams('posts', ['1'], { since: 'yesterday' }, NOW)).toThrow(/--since/);
  });
});

describe('analyticsRows', () => {
  it('one row per id and timestamp, metric columns in the order they come', () => {
    const data = [
      {
        id: '20',
        timestamped_metrics: [
          { timestamp: 't1', metrics: { impressions: 5, likes: 1 } },
          { timestamp: 't2', metrics: { impressions: 7 } },
        ],
      },
      { id: '21', timestamped_metrics: [] },
    ];
    expect(analyticsRows(data, 'id')).toEqual({
      rows: [{ id: '20', timestamp: 't1', impressions: 5, likes: 1 }, { id: '20', timestamp: 't2', impressions: 7 }, { id: '21' }],
      metrics: ['impressions', 'likes'],
    });
  });

  it('a hostile reply: no data array, odd items, odd metric names, keys that would overwrite the id', () => {
    expect(analyticsRows({ nope: 1 }, 'id')).toEqual({ rows: [], metrics: [] });
    const { rows, metrics } = analyticsRows(
      [
        null,
        'x',
        {
          media_key: '13_1',
          timestamped_metrics: [
            7,
            {
              timestamp: 't',
              metrics: JSON.parse('{"__proto__": {"polluted": 1}, "media_key": "9_9", "bad\\u001bname": 1, "video_views": 3}'),
            },
          ],
        },
      ],
      'media_key',
    );
    expect(rows).toEqual([{ media_key: '13_1', timestamp: 't', video_views: 3 }]);
    expect(metrics).toEqual(['video_views']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('idGaps: every id asked is answered once, in data or in errors', () => {
  it('a missing, a repeated and an unasked id are each named; an id the errors name is answered', () => {
    const data = [{ id: '1' }, { id: '1' }, { id: '9' }];
    const errors = [{ value: '3', title: 'Not Found Error' }];
    expect(idGaps(['1', '2', '3'], data, errors, 'id')).toEqual({ missing: ['2'], repeated: ['1'], extra: ['9'] });
    expect(idGaps(['1', '3'], [{ id: '1' }], errors, 'id')).toEqual({ missing: [], repeated: [], extra: [] });
    expect(idGaps(['3_1'], undefined, undefined, 'media_key')).toEqual({ missing: ['3_1'], repeated: [], extra: [] });
  });
});
