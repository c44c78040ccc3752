// Rules for search, counts and filtered-stream rules, checked before sending.
// From the official API description (openapi v2.159): query 1-4,096
// characters, max_results 10-100 (recent) / 10-500 (full archive),
// granularity minute|hour|day, since/until ids 1-19 digits. The spec states a
// 2,048-character rule limit. Not in the spec, from the real service's
// published limits: self-serve query lengths are 512 (recent) and 1,024 (full
// archive) — the default here, raised with --max-query-length up to 4,096 for
// enterprise access; recent search covers the last 7 days; end_time must be at
// least 10 seconds before the request.
import { Problems, charLength, integerBetween, oneOf, parseIso8601 } from './rules.js';

export type SearchScope = 'recent' | 'archive';

const QUERY_MAX: Record<SearchScope, number> = { recent: 512, archive: 1024 };
const QUERY_HARD_MAX = 4096;
const MAX_RESULTS: Record<SearchScope, readonly [number, number]> = { recent: [10, 100], archive: [10, 500] };
const GRANULARITIES = ['minute', 'hour', 'day'] as const;
const RECENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const END_LAG_MS = 10_000;
const RULE_MAX = 2048;

const NUMERIC_ID = /^[0-9]{1,19}$/;

export interface SearchInput {
  query: string;
  scope: SearchScope;
  start?: string;
  end?: string;
  sinceId?: string;
  untilId?: string;
  maxResults?: string;
  granularity?: string;
  maxQueryLength?: string;
}

/** RFC 3339 in whole seconds, as the API takes it. */
const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function checkTimes(p: Problems, input: SearchInput, now: number): { start?: number; end?: number } {
  const out: { start?: number; end?: number } = {};
  for (const [flag, v, key] of [
    ['--start', input.start, 'start'],
    ['--end', input.end, 'end'],
  ] as const) {
    if (v === undefined) continue;
    const t = parseIso8601(v);
    if (t === undefined) p.add(flag, `must be an ISO 8601 date-time such as 2026-11-20T08:00:00Z (got ${JSON.stringify(v)})`);
    else out[key] = t;
  }
  if (out.start !== undefined && out.end !== undefined && out.start >= out.end)
    p.add('--start', `must be before --end (${rfc3339(out.start)} is not before ${rfc3339(out.end)})`);
  if (out.end !== undefined && out.end > now - END_LAG_MS)
    p.add('--end', `must be at least 10 seconds in the past (got ${rfc3339(out.end)})`);
  if (input.scope === 'recent' && out.start !== undefined && out.start < now - RECENT_WINDOW_MS) {
    p.add('--start', `recent search covers the last 7 days (from ${rfc3339(now - RECENT_WINDOW_MS)}); use --archive for older posts`);
  }
  return out;
}

/** Checks a search or counts request; returns the query parameters (other than fields). */
export function searchParams(input: SearchInput, now: number): Array<[string, string]> {
  const p = new Problems();
  p.check('--max-query-length', input.maxQueryLength, [integerBetween(1, QUERY_HARD_MAX)]);
  const qmax = input.maxQueryLength !== undefined && p.ok ? Number(input.maxQueryLength) : QUERY_MAX[input.scope];
  const qlen = charLength(input.query);
  if (qlen === 0 || !input.query.trim()) p.add('query', 'is empty');
  else if (qlen > qmax)
    p.add(
      'query',
      `must be at most ${qmax} characters for ${input.scope === 'recent' ? 'recent' : 'full-archive'} search (got ${qlen}); --max-query-length raises the limit for enterprise access`,
    );
  const times = checkTimes(p, input, now);
  for (const [flag, v] of [
    ['--since-id', input.sinceId],
    ['--until-id', input.untilId],
  ] as const) {
    if (v !== undefined && !NUMERIC_ID.test(v)) p.add(flag, `must be a post id, 1 to 19 digits (got ${JSON.stringify(v)})`);
  }
  if (
    input.sinceId &&
    input.untilId &&
    NUMERIC_ID.test(input.sinceId) &&
    NUMERIC_ID.test(input.untilId) &&
    BigInt(input.sinceId) >= BigInt(input.untilId)
  ) {
    p.add('--since-id', 'must be smaller than --until-id');
  }
  const [lo, hi] = MAX_RESULTS[input.scope];
  p.check('--max-results', input.maxResults, [integerBetween(lo, hi)]);
  p.check('--granularity', input.granularity, [oneOf(GRANULARITIES)]);
  p.throwIfAny('invalid search');
  const params: Array<[string, string]> = [['query', input.query]];
  if (times.start !== undefined) params.push(['start_time', rfc3339(times.start)]);
  if (times.end !== undefined) params.push(['end_time', rfc3339(times.end)]);
  if (input.sinceId) params.push(['since_id', input.sinceId]);
  if (input.untilId) params.push(['until_id', input.untilId]);
  if (input.maxResults) params.push(['max_results', String(Number(input.maxResults))]);
  if (input.granularity) params.push(['granularity', input.granularity]);
  return params;
}

export interface RuleInput {
  value: string;
  tag?: string;
  /** Where the rule came from, for messages: a line of a file. */
  line?: number;
}

/** Rules to add: non-empty values of at most 2,048 characters, no value twice. */
export function ruleProblems(rules: readonly RuleInput[], field: string): Problems {
  const p = new Problems();
  if (rules.length === 0) p.add(field, 'no rules given');
  const seen = new Set<string>();
  for (const r of rules) {
    const at = r.line !== undefined ? { line: r.line } : {};
    const len = charLength(r.value);
    if (!r.value.trim()) p.add(field, 'a rule value is empty', at);
    else if (len > RULE_MAX) p.add(field, `a rule must be at most ${RULE_MAX} characters (got ${len})`, at);
    if (seen.has(r.value)) p.add(field, `the rule ${JSON.stringify(r.value.slice(0, 60))} is given twice`, at);
    seen.add(r.value);
  }
  return p;
}

export function ruleIdProblems(ids: readonly string[]): Problems {
  const p = new Problems();
  if (ids.length === 0) p.add('rule ids', 'no rule ids given');
  for (const id of ids) if (!NUMERIC_ID.test(id)) p.add('rule ids', `must be 1 to 19 digits (got ${JSON.stringify(id)})`, { id });
  return p;
}
