// Filtered stream rules (GET/POST /2/tweets/search/stream/rules). Adding and
// deleting answer 200 with per-rule problems (duplicate-rules, invalid-rules,
// rule-cap) in `errors` next to meta.summary; the caller decides the exit code.
import { problemKind, type Problem } from '../errors/api-error.js';
import type { ApiClient } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { pages, v2Cursor } from '../http/paginate.js';
import { joinPath } from '../http/path.js';
import type { RuleInput } from '../validate/search.js';
import { wire } from '../wire/names.js';

export interface Rule {
  id: string;
  value: string;
  tag?: string;
  /** Set by --if-missing / --if-exists: the rule was already there (or already gone). */
  existing?: boolean;
}

export interface RulesEnvelope {
  data?: Rule[];
  errors?: Problem[];
  meta?: { sent?: string; result_count?: number; summary?: Record<string, number> };
}

const rulesPath = (client: Pick<ApiClient, 'names'>) => joinPath('2', wire('path.posts', client.names), 'search', 'stream', 'rules');

/** Every rule (or those ids), following pagination. */
export async function listRules(client: ApiClient, ids: readonly string[]): Promise<RulesEnvelope> {
  const query: Params = ids.length ? [['ids', ids.join(',')]] : [];
  const data: Rule[] = [];
  let meta: RulesEnvelope['meta'];
  for await (const page of pages<Rule>(client, { method: 'GET', path: rulesPath(client), query, auth: 'app' }, v2Cursor)) {
    data.push(...page.items);
    meta = page.envelope.meta as RulesEnvelope['meta'];
  }
  return { data, meta: { ...meta, result_count: data.length } };
}

async function post(client: ApiClient, body: unknown, dryRun: boolean): Promise<RulesEnvelope> {
  const res = await client.request<RulesEnvelope>({
    method: 'POST',
    path: rulesPath(client),
    query: dryRun ? [['dry_run', 'true']] : [],
    json: body,
    auth: 'app',
    // Adding a rule twice is answered with duplicate-rules, deleting twice changes nothing: safe to retry.
    idempotent: true,
  });
  return res.body ?? {};
}

export function addRules(client: ApiClient, rules: readonly RuleInput[], dryRun: boolean): Promise<RulesEnvelope> {
  return post(client, { add: rules.map((r) => ({ value: r.value, ...(r.tag !== undefined ? { tag: r.tag } : {}) })) }, dryRun);
}

export function deleteRules(client: ApiClient, ids: readonly string[], dryRun: boolean): Promise<RulesEnvelope> {
  return post(client, { delete: { ids } }, dryRun);
}

const isProblem = (p: Problem, kind: string) => typeof p.type === 'string' && problemKind(p.type) === kind;

function withErrors(env: RulesEnvelope, errors: Problem[]): RulesEnvelope {
  const { errors: _old, ...rest } = env;
  return errors.length ? { ...rest, errors } : rest;
}

/**
 * A rule that is already there (the duplicate-rules problem, which names the rule's id) moved from `errors` to
 * `data` as `{id, value, existing: true}`: re-running a setup reports it rather than failing.
 */
export function splitExisting(env: RulesEnvelope): { env: RulesEnvelope; existing: number } {
  const dups = (env.errors ?? []).filter((p) => isProblem(p, 'duplicate-rules'));
  if (!dups.length) return { env, existing: 0 };
  const rows: Rule[] = dups.map((p) => ({ id: String(p.id ?? ''), value: String(p.value ?? ''), existing: true }));
  const errors = (env.errors ?? []).filter((p) => !dups.includes(p));
  return {
    env: { ...withErrors(env, errors), data: [...(env.data ?? []), ...rows] },
    existing: dups.length,
  };
}

/** Rule ids the service says do not exist (resource-not-found), dropped from `errors` for --if-exists. */
export function splitGone(env: RulesEnvelope): { env: RulesEnvelope; gone: string[] } {
  const missing = (env.errors ?? []).filter((p) => isProblem(p, 'resource-not-found'));
  const errors = (env.errors ?? []).filter((p) => !missing.includes(p));
  const gone = missing.map((p) => String(p.resource_id ?? p.value ?? ''));
  return { env: withErrors(env, errors), gone };
}
