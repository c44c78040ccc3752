// Post and media analytics through the built CLI against the emulator: the
// request sent (ids, window, granularity, fields), one row per id and period
// in tables and CSV, the reply whole in JSON, user context only, and bad input
// refused (exit 2 or 6) with nothing sent.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const emu = fileEmulator({ names: 'official' });
const sentTo = (path: string) => emu.state.log.filter((e) => e.path === path);
const POST = '1460323737035677698';
const MEDIA = '13_1720000000000000001';
const WINDOW = ['--since', '2026-11-01T00:00:00Z', '--until', '2026-11-04T00:00:00Z'];

describe.concurrent('posts analytics and media analytics', () => {
  it('posts analytics: ids, the window, the granularity and the fields are sent; a row per post and day', async () => {
    const r = await emu.run([
      'posts',
      'analytics',
      POST,
      '1460323737035677699',
      ...WINDOW,
      '--granularity',
      'daily',
      '--analytics-fields',
      'impressions,likes',
      '-o',
      'csv',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('id,timestamp,impressions,likes');
    expect(lines).toHaveLength(1 + 2 * 3);
    expect(lines[1]).toMatch(/^1460323737035677698,2026-11-01T00:00:00Z,\d+,\d+$/);
    const e = sentTo('/2/tweets/analytics').find((x) => x.query.some(([k, v]) => k === 'ids' && v.includes('1460323737035677699')))!;
    expect(e.query).toEqual([
      ['ids', `${POST},1460323737035677699`],
      ['start_time', '2026-11-01T00:00:00Z'],
      ['end_time', '2026-11-04T00:00:00Z'],
      ['granularity', 'daily'],
      ['analytics.fields', 'impressions,likes'],
    ]);
  });

  it('posts analytics: --since 7d resolves to a time, granularity total by default, JSON keeps the reply', async () => {
    const r = await emu.run(['posts', 'analytics', POST, '--since', '7d', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const body = r.json();
    expect(body.data[0].id).toBe(POST);
    expect(body.data[0].timestamped_metrics).toHaveLength(1);
    expect(Object.keys(body.data[0].timestamped_metrics[0].metrics).sort()).toEqual(['engagements', 'impressions']);
  });

  it('media analytics: media keys, granularity daily by default, a table row per key and day', async () => {
    const r = await emu.run([
      'media',
      'analytics',
      MEDIA,
      ...WINDOW,
      '--media-analytics-fields',
      'video_views,watch_time_ms',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/media_key\s+timestamp\s+video_views\s+watch_time_ms/);
    expect(r.stdout.match(new RegExp(MEDIA, 'g'))).toHaveLength(3);
    const e = sentTo('/2/media/analytics').find((x) =>
      x.query.some(([k, v]) => k === 'media_analytics.fields' && v === 'video_views,watch_time_ms'),
    )!;
    expect(e.query.find(([k]) => k === 'granularity')).toEqual(['granularity', 'daily']);
  });

  it('a post URL names its post', async () => {
    const r = await emu.run(['posts', 'analytics', `https://x.com/emu_dev/status/${POST}`, '--since', '3d', '--until', '1d', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.map((d: { id: string }) => d.id)).toEqual([POST]);
  });

  it('an OAuth 2.0 login is used when the profile holds one', async () => {
    const o2 = await oauth2Only(emu, 'tweet.read,users.read');
    const r = await o2.run(['media', 'analytics', MEDIA, '--since', '24h', '--granularity', 'total', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data[0].media_key).toBe(MEDIA);
  });

  it('bad input is refused before sending: each id, the granularity, the field names, the window', async () => {
    // Every refused run names BAD (the other tests run at the same time): no request may carry it.
    const BAD = '1460323737035677000';
    const bad = await emu.run(['posts', 'analytics', 'abc', BAD, '--since', '7d', '--granularity', 'monthly']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('not a post id or post URL');
    expect(bad.stderr).toContain('--granularity');
    const media = await emu.run(['media', 'analytics', '1720000000000000001', `1_${BAD}`, '--since', '7d', '--granularity', 'weekly']);
    expect(media.code).toBe(6);
    expect(media.stderr).toContain('not a media key');
    const fields = await emu.run(['posts', 'analytics', BAD, '--since', '7d', '--analytics-fields', 'impression']);
    expect(fields.code).toBe(6);
    expect(fields.stderr).toContain('--analytics-fields');
    const noSince = await emu.run(['posts', 'analytics', BAD]);
    expect(noSince.code).toBe(2);
    expect(noSince.stderr).toContain('--since is required');
    const backwards = await emu.run(['media', 'analytics', `1_${BAD}`, '--since', '1d', '--until', '2d']);
    expect(backwards.code).toBe(2);
    const many = await emu.run(['posts', 'analytics', ...BAD, ...Array.from({ length: 100 }, (_, i) => String(1000 + i)), '--since', '7d']);
    expect(many.code).toBe(6);
    expect(many.stderr).toContain('at most 100');
    expect(emu.state.log.filter((e) => e.query.some(([, v]) => v.includes(BAD)))).toEqual([]);
  });
});
