// Lookup of posts by id (GET /2/<posts>, spelled per src/wire/names.ts): one request takes at most 100 ids, so
// longer lists are split and the envelopes merged into one — data in input
// order, includes deduplicated by id (media by media_key), errors kept.
import type { Problem } from '../errors/api-error.js';
import { runPool } from '../bulk/pool.js';
import type { Params } from '../http/encode.js';
import type { ApiClient, AuthMode } from '../http/client.js';
import { joinPath } from '../http/path.js';
import { wire } from '../wire/names.js';

const IDS_PER_REQUEST = 100;

/** An object of the API (a post, a user, a media object): its fields are read with checks. */
export type ApiObject = Record<string, unknown>;

export interface LookupEnvelope {
  data?: ApiObject[];
  includes?: Record<string, ApiObject[]>;
  errors?: Problem[];
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const includeKey = (o: ApiObject): string | undefined =>
  typeof o.media_key === 'string' ? `m:${o.media_key}` : o.id !== undefined ? `i:${String(o.id)}` : undefined;

/** Merges lookup envelopes in order; an object included by several chunks appears once. */
export function mergeEnvelopes(envelopes: readonly LookupEnvelope[]): LookupEnvelope {
  const data: ApiObject[] = [];
  const errors: Problem[] = [];
  const includes: Record<string, ApiObject[]> = {};
  const seen: Record<string, Set<string>> = {};
  for (const env of envelopes) {
    if (Array.isArray(env.data)) data.push(...env.data);
    else if (env.data && typeof env.data === 'object') data.push(env.data);
    if (Array.isArray(env.errors)) errors.push(...env.errors);
    for (const [kind, list] of Object.entries(env.includes ?? {})) {
      if (!Array.isArray(list)) continue;
      const bucket = (includes[kind] ??= []);
      const keys = (seen[kind] ??= new Set());
      for (const obj of list) {
        const key = includeKey(obj);
        if (key !== undefined && keys.has(key)) continue;
        if (key !== undefined) keys.add(key);
        bucket.push(obj);
      }
    }
  }
  return { ...(data.length ? { data } : {}), ...(Object.keys(includes).length ? { includes } : {}), ...(errors.length ? { errors } : {}) };
}

export interface LookupOptions {
  auth: AuthMode;
  /** Requests in flight at once (ordered merge regardless). */
  concurrency?: number;
  signal?: AbortSignal;
  onChunk?: (done: number, total: number) => void;
}

export async function lookupPosts(
  client: ApiClient,
  ids: readonly string[],
  fields: Params,
  opts: LookupOptions,
): Promise<{ envelope: LookupEnvelope; requests: number }> {
  const parts = chunks(ids, IDS_PER_REQUEST);
  const results: LookupEnvelope[] = new Array(parts.length);
  let done = 0;
  await runPool(
    parts,
    opts.concurrency ?? 3,
    async (part, i) => {
      const res = await client.request<LookupEnvelope>({
        method: 'GET',
        path: joinPath('2', wire('path.posts', client.names)),
        query: [['ids', part.join(',')], ...fields],
        auth: opts.auth,
      });
      results[i] = (res.body ?? {}) as LookupEnvelope;
      opts.onChunk?.(++done, parts.length);
    },
    opts.signal,
  );
  return { envelope: mergeEnvelopes(results.filter(Boolean)), requests: parts.length };
}

/** One line per partial error: "post 9123: Could not find post with ids: [9123]." */
export function describeProblem(p: Problem): string {
  const what = [p.resource_type, p.resource_id ?? p.value].filter((x) => x !== undefined && x !== '').join(' ');
  const text = p.detail ?? p.title;
  return what ? `${what}: ${text}` : text;
}
