// Table columns of the posts verbs (CSV carries the raw fields instead): looked-up posts with includes joined
// into readable cells (author @username, media type and duration, likes/reposts; columns empty for every row
// left out), search results one line each, and count buckets. What a table shows is the verbs' concern, not
// the endpoint functions' (src/platform returns data).
import type { ApiClient } from '../../http/client.js';
import type { Column } from '../../output/printer.js';
import { cellValue } from '../../output/cells.js';
import type { ApiObject, LookupEnvelope } from '../../platform/posts.js';
import { readEither, wire, type NameStyle } from '../../wire/names.js';

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function mediaSummary(m: ApiObject): string {
  const type = String(m.type ?? 'media');
  return typeof m.duration_ms === 'number' ? `${type} ${duration(m.duration_ms)}` : type;
}

/** `obj?.[key]` on a field the API should have sent as an object (any other value reads as JS would). */
function fieldOf(obj: unknown, key: string): unknown {
  return obj === null || obj === undefined ? undefined : (obj as ApiObject)[key];
}

/** Whitespace runs as one space; the table cuts it to the screen's width. */
function oneLine(text: unknown): string {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function postColumns(env: LookupEnvelope, style: NameStyle): Column<ApiObject>[] {
  const reposts = wire('key.repost_count', style);
  const users = new Map<string, ApiObject>((env.includes?.users ?? []).map((u) => [String(u.id), u]));
  const media = new Map<string, ApiObject>((env.includes?.media ?? []).map((m) => [String(m.media_key), m]));
  const all: Array<Column<ApiObject> & { always?: boolean }> = [
    { header: 'id', key: 'id', always: true },
    {
      header: 'author',
      get: (p) => {
        if (p.author_id === undefined) return undefined;
        const u = users.get(String(p.author_id));
        return u?.username ? `@${u.username}` : p.author_id;
      },
    },
    { header: 'created_at', key: 'created_at' },
    {
      // referenced_tweets (v2.159) or referenced_posts (v2.167): whichever the server answered with.
      header: 'references',
      get: (p) => {
        const refs = readEither(p, 'field.referenced_posts');
        if (!Array.isArray(refs) || !refs.length) return undefined;
        return refs.map((r) => `${String(fieldOf(r, 'type') ?? '?')} ${String(fieldOf(r, 'id') ?? '?')}`).join(', ');
      },
    },
    { header: 'text', get: (p) => oneLine(p.text), always: true, flex: true },
    {
      header: 'likes/reposts',
      get: (p) =>
        p.public_metrics
          ? `${String(fieldOf(p.public_metrics, 'like_count') ?? 0)}/${String(fieldOf(p.public_metrics, reposts) ?? 0)}`
          : undefined,
    },
    {
      header: 'media',
      get: (p) => {
        const listed = fieldOf(p.attachments, 'media_keys');
        const keys: unknown[] = Array.isArray(listed) ? listed : [];
        if (!keys.length) return undefined;
        const found = keys.map((k) => media.get(String(k)));
        return found.every(Boolean) ? found.map((m) => mediaSummary(m!)).join(', ') : `${keys.length} media`;
      },
    },
  ];
  const rows = env.data ?? [];
  return all
    .filter(
      (c) =>
        c.always ||
        rows.some((r) => {
          const v = cellValue(r, c);
          return v !== undefined && v !== null && v !== '';
        }),
    )
    .map(({ always: _a, ...c }) => c);
}

export const SEARCH_COLUMNS: Column<ApiObject>[] = [
  { header: 'id', key: 'id' },
  { header: 'created_at', key: 'created_at' },
  { header: 'author_id', key: 'author_id' },
  { header: 'text', get: (p) => oneLine(p.text) },
];

export function countColumns(client: Pick<ApiClient, 'names'>): Column<ApiObject>[] {
  const count = wire('key.post_count', client.names);
  return [
    { header: 'start', key: 'start' },
    { header: 'end', key: 'end' },
    { header: 'posts', key: count },
  ];
}
