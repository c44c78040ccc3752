// Every tool `postctl mcp` can expose is held to the rules of a tool a model can use: a description that says
// what it does, when to use it and what it costs; inputs named by meaning (no "argument <x>" text, arrays named
// in the plural, one name per concept); an enum for every input whose help lists its values; required inputs
// required; and a worked example that is valid input. The checker is run on a tool that breaks each rule too,
// so it is known to fail.
import { describe, expect, it } from 'vitest';
import type { VerbSpec } from '../../src/commands/define.js';
import { TOP_WORDS } from '../../src/commands/manifest/index.js';
import { loadTools, listed, type Tool } from '../../src/mcp/catalog.js';
import { isPlural } from '../../src/mcp/names.js';
import { LOCAL_TOOLS } from '../../src/mcp/notes.js';
import { argvOf, toolShape } from '../../src/mcp/tool-schema.js';

const manifests = await Promise.all(TOP_WORDS.map(async (t) => (await t.load()).MANIFEST));
const tools = loadTools(manifests);

/** Help texts that list values in words: two or more UPPER_CASE names in a comma or "or" list. */
const LISTS_VALUES = /\b[A-Z][A-Z0-9]*_?[A-Z0-9_]+\b(?:,| or)\s+(?:or\s+)?\b[A-Z][A-Z0-9_]*[A-Z]\b/;
/** Inputs whose values are a fixed set wherever they appear. */
const ENUM_INPUTS = new Set(['entity', 'granularity', 'placement', 'metric_groups', 'range', 'segment', 'entity_status', 'objective']);
/**
 * Help texts that name upper-case values without being a closed list: examples (`e.g.`, "(EN, FR, JA)"), the
 * objectives a number applies to, wildcards (`TAP_*`), lists cut short (`…`), or free-form filters.
 */
const OPEN = new Map([
  ['posts_analytics.analytics_fields', 'names checked against the API description, many'],
  ['media_subtitles_add.language', 'examples of language codes'],
  ['media_subtitles_delete.language', 'examples of language codes'],
  ['ads_line_items_create.frequency_cap', 'a number; the text names the objectives it applies to'],
  ['ads_line_items_update.frequency_cap', 'a number; the text names the objectives it applies to'],
  ['ads_cards_list.card_types', 'examples (e.g.)'],
  ['catalogs_sets_create.filters', 'free-form filters'],
  ['ads_stats.country', 'a targeting value'],
]);

function problems(t: Tool): string[] {
  const out: string[] = [];
  const l = listed(t, false);
  if (l.description.length < 120) out.push(`${t.name}: description of ${l.description.length} characters`);
  if (!LOCAL_TOOLS.has(t.name) && !/Cost: /.test(l.description)) out.push(`${t.name}: description does not say the cost`);
  if (!/Reads only|Changes data|GET and HEAD/.test(l.description)) out.push(`${t.name}: description does not say whether it writes`);
  for (const [key, s] of Object.entries(t.inputSchema.properties)) {
    const where = `${t.name}.${key}`;
    if (/argument </.test(s.description ?? '')) out.push(`${where}: described as "${s.description}"`);
    if (/^(ids|id)$/.test(key)) out.push(`${where}: ids of what?`);
    if (s.type === 'array' && !isPlural(key)) out.push(`${where}: an array with a singular name`);
    if (s.type !== 'array' && /_ids$/.test(key)) out.push(`${where}: a plural name for one value`);
    const values = s.enum ?? s.items?.enum;
    const param = t.params[key]!;
    if (param.kind === 'flag' && !values && !OPEN.has(where) && (ENUM_INPUTS.has(key) || LISTS_VALUES.test(s.description ?? '')))
      out.push(`${where}: lists its values but has no enum: ${s.description}`);
  }
  for (const r of t.inputSchema.required ?? []) if (!t.inputSchema.properties[r]) out.push(`${t.name}: requires unknown ${r}`);
  for (const ex of t.inputSchema.examples ?? []) {
    try {
      argvOf(t, ex as Record<string, unknown>);
    } catch (e) {
      out.push(`${t.name}: example ${JSON.stringify(ex)} is not valid input: ${(e as Error).message}`);
    }
  }
  return out;
}

describe('tool texts for a model', () => {
  it('every tool keeps every rule', () => {
    expect(tools.length).toBeGreaterThan(200);
    expect(tools.flatMap(problems)).toEqual([]);
  });

  it('one name per concept: an input name means one kind of value across tools', () => {
    const kinds = new Map<string, Set<string>>();
    for (const t of tools)
      for (const [k, s] of Object.entries(t.inputSchema.properties)) {
        const kind = s.type === 'array' ? 'array' : 'scalar';
        kinds.set(k, (kinds.get(k) ?? new Set()).add(kind));
      }
    expect([...kinds].filter(([, v]) => v.size > 1).map(([k]) => k)).toEqual([]);
    // Names by meaning, where the verbs' own names were not.
    const by = new Map(tools.map((t) => [t.name, t]));
    const props = (n: string) => Object.keys(by.get(n)!.inputSchema.properties);
    expect(props('posts_lookup')).toContain('post_ids');
    expect(props('ads_campaigns_pause')).toContain('campaign_ids');
    expect(props('ads_stats')).toContain('entity_ids');
    expect(props('ads_stats')).not.toContain('ids');
    expect(props('posts_like')).toContain('post_ids');
    expect(props('ads_campaigns_list')).toEqual(expect.arrayContaining(['query', 'campaign_id', 'funding_instrument_id']));
    expect(by.get('ads_stats')!.inputSchema.properties.range!.enum).toContain('last-7-days');
    expect(by.get('ads_stats')!.inputSchema.properties.metric_groups!.items!.enum).toContain('BILLING');
  });

  it('the new names map back to the verb’s own command line', () => {
    const by = new Map(tools.map((t) => [t.name, t]));
    expect(argvOf(by.get('posts_lookup')!, { post_ids: ['1', '2'] })).toEqual(['posts', 'lookup', '1', '2']);
    expect(argvOf(by.get('ads_campaigns_pause')!, { campaign_ids: ['a', 'b'], dry_run: true })).toEqual([
      'ads',
      'campaigns',
      'pause',
      'a',
      'b',
      '--dry-run',
    ]);
    expect(argvOf(by.get('ads_campaigns_list')!, { query: 'Spring', campaign_id: 'c1', columns: ['id'], cursor: 'x' })).toEqual([
      'ads',
      'campaigns',
      'list',
      '--campaign=c1',
      '--q=Spring',
      '--cursor=x',
    ]);
    expect(argvOf(by.get('ads_stats')!, { entity_ids: ['c1'], entity: 'CAMPAIGN', metric_groups: ['BILLING', 'ENGAGEMENT'] })).toEqual([
      'ads',
      'stats',
      'c1',
      '--entity=CAMPAIGN',
      '--metric-groups=BILLING,ENGAGEMENT',
    ]);
    expect(by.get('ads_stats')!.merged).toEqual({ '--ids': 'entity_ids' });
  });

  it('the checker fails a tool that breaks the rules', () => {
    const bad: VerbSpec = {
      name: 'pause <campaign_id...>',
      description: 'pause',
      examples: ['postctl demo things pause --nope 1'],
      options: [
        { flags: '--entity <type>', description: 'CAMPAIGN, LINE_ITEM or PROMOTED_TWEET' },
        { flags: '--level <l>', description: 'one of ALPHA_ONE, BETA_TWO' },
      ],
      load: async () => ({ run: async () => 0 }),
    };
    const shape = toolShape(['demo', 'things', 'pause'], bad);
    // A tool as it was before names by meaning: an array named in the singular, "argument <x>" text, no cost.
    const raw: Tool = {
      ...shape,
      description: 'pause',
      access: 'read',
      toolset: 'demo',
      inputSchema: {
        ...shape.inputSchema,
        properties: {
          ...shape.inputSchema.properties,
          campaign_id: { type: 'array', items: { type: 'string' }, description: 'argument <campaign_id>' },
        },
        examples: [{ nope: 1 }],
      },
      params: { ...shape.params, campaign_id: { kind: 'arg', variadic: true } },
    };
    const found = problems(raw).join('\n');
    expect(found).toMatch(/description of \d+ characters/);
    expect(found).toMatch(/campaign_id: described as "argument <campaign_id>"/);
    expect(found).toMatch(/campaign_id: an array with a singular name/);
    expect(found).toMatch(/entity: lists its values but has no enum/);
    expect(found).toMatch(/level: lists its values but has no enum/);
    expect(found).toMatch(/example .* is not valid input/);
  });
});
