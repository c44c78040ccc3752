// Filtered stream rules (GET/POST /2/tweets/search/stream/rules). Adding and
// deleting answer 200 with per-rule problems (duplicate-rules, invalid-rules,
// rule-cap) in `errors` next to meta.summary; the caller decides the exit code.
import type { Problem } from '../errors/api-error.js';
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
