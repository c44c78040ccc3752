// The pure parts of campaigns as code: reading a file with lines and exact
// numbers, the schema walker, the file's tree, and the diff engine.
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/campaigns.schema.json' with { type: 'json' };
import type { CurrentCampaign } from '../../src/ads/plan/current.js';
import { desiredTree, type PathProblem } from '../../src/ads/plan/desired.js';
import { diffTrees } from '../../src/ads/plan/diff.js';
import { planText } from '../../src/ads/plan/render.js';
import { checkSchema } from '../../src/ads/plan/schema-check.js';
import { Num, readSource } from '../../src/ads/plan/source.js';

async function tree(text: string) {
  const { source, problems } = await readSource(text);
  expect(problems).toEqual([]);
  const found: PathProblem[] = [];
  const t = desiredTree(source!.value, 'official', found);
  return { tree: t, problems: found, source: source! };
}

describe('reading a file', () => {
  it('keeps numbers as written and knows the line of every path (YAML and JSON)', async () => {
    const { source } = await readSource('campaigns:\n  - name: a\n    daily_budget: 12345678901234.123456\n');
    const c = (source!.value as { campaigns: Array<Record<string, unknown>> }).campaigns[0]!;
    expect(c.daily_budget).toEqual(new Num('12345678901234.123456'));
    expect(source!.lineOf('campaigns[0].daily_budget')).toBe(3);
    expect(source!.lineOf('campaigns[0].nothing_here')).toBe(2);
    const json = await readSource('{\n "campaigns": [\n  {"name": "a",\n   "bid": 1e3}]}\n');
    expect(json.source!.lineOf('campaigns[0].bid')).toBe(4);
  });

  it('reports syntax errors and duplicate keys with lines, and refuses aliases', async () => {
    expect((await readSource('a: [1,\n')).problems[0]).toMatchObject({ field: 'file' });
    expect((await readSource('a: 1\na: 2\n')).problems[0]!.line).toBe(2);
    expect((await readSource('x: &a 1\ny: *a\n')).problems[0]).toMatchObject({ line: 2, field: 'y' });
  });
});

describe('the schema walker', () => {
  it('reports every problem with its path', async () => {
    const { source } = await readSource(
      'campaigns:\n  - name: ""\n    entity_status: ON\n    extra: 1\n    daily_budget: -5\n    line_items: [{}]\n',
    );
    expect(checkSchema(schema, source!.value).map((p) => p.path)).toEqual([
      'campaigns[0].name',
      'campaigns[0].entity_status',
      'campaigns[0].extra',
      'campaigns[0].daily_budget',
      'campaigns[0].line_items[0]',
    ]);
  });

  it('integers are numbers, strings are not numbers, and an unknown keyword is a bug', () => {
    const s = { type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' } } };
    expect(checkSchema(s, { n: new Num('7'), i: new Num('7') })).toEqual([]);
    expect(checkSchema(s, { n: '7', i: new Num('7.5') }).map((p) => p.path)).toEqual(['n', 'i']);
    expect(() => checkSchema({ type: 'object', oneOf: [] }, {})).toThrow(/oneOf/);
  });
});

describe('the file tree', () => {
  it('converts shorthands exactly, spells enums, and reports duplicates and bad posts', async () => {
    const { tree: t, problems } = await tree(`campaigns:
  - name: A
    daily_budget: 50.10
    bid: 1
    line_items:
      - name: L
        product_type: PROMOTED_POSTS
        placements: [ALL_ON_SERVICE]
        promoted_posts: [21, "https://x.com/u/status/21", nope]
      - name: L
  - name: A
`);
    expect(t.campaigns[0]!.params.daily_budget_amount_local_micro).toBe('50100000');
    expect(t.campaigns[0]!.lineItems[0]!.params).toMatchObject({ product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER' });
    expect(problems.map((p) => p.path)).toEqual([
      'campaigns[0].line_items[0].promoted_posts[1]',
      'campaigns[0].line_items[0].promoted_posts[2]',
      'campaigns[0].line_items[1].name',
      'campaigns[1].name',
    ]);
  });

  it('a shorthand and its micros field together is a problem; seven decimals too', async () => {
    const { problems } = await tree(
      'campaigns:\n  - name: A\n    daily_budget: 1.0000001\n    total_budget: 2\n    total_budget_amount_local_micro: 2000000\n',
    );
    expect(problems.map((p) => p.path)).toEqual(['campaigns[0].daily_budget', 'campaigns[0].total_budget']);
  });
});

const current = (over: Record<string, unknown> = {}): CurrentCampaign[] => [
  {
    entity: {
      id: 'c1',
      name: 'A',
      funding_instrument_id: 'f1',
      daily_budget_amount_local_micro: 50_000_000,
      entity_status: 'ACTIVE',
      ...over,
    },
    lineItems: [
      {
        entity: {
          id: 'l1',
          name: 'L',
          campaign_id: 'c1',
          objective: 'ENGAGEMENTS',
          placements: ['ALL_ON_TWITTER'],
          start_time: '2027-03-01T00:00:00Z',
        },
        targeting: [{ id: 't1', line_item_id: 'l1', targeting_type: 'LOCATION', targeting_value: 'x', operator_type: 'EQ' }],
        posts: [{ id: 'p1', line_item_id: 'l1', post_id: '21' }],
      },
      { entity: { id: 'l2', name: 'Old', campaign_id: 'c1' }, targeting: [], posts: [] },
    ],
  },
  { entity: { id: 'c2', name: 'Other' }, lineItems: [] },
];

describe('the diff', () => {
  const file = `campaigns:
  - name: A
    daily_budget: 60
    line_items:
      - name: L
        start_time: 2027-03-01T00:00:00.000Z
        targeting:
          - {targeting_type: LOCATION, targeting_value: x, operator_type: NE}
        promoted_posts: [21, 22]
`;

  it('updates only changed fields, replaces a criterion whose operator changed, adds missing posts', async () => {
    const { tree: t } = await tree(file);
    const plan = diffTrees('acct', t, current(), { prune: false, style: 'official' });
    expect(plan.problems).toEqual([]);
    // The criterion replaced is shown beside its successor; apply still deletes before it creates.
    expect(plan.operations.map((o) => `${o.action} ${o.kind} ${o.id ?? o.params?.post_id ?? ''}`)).toEqual([
      'update campaign c1',
      'delete targeting_criterion t1',
      'create targeting_criterion ',
      'create promoted_post 22',
    ]);
    expect(plan.operations[0]!.changes).toEqual([{ field: 'daily_budget_amount_local_micro', from: '50000000', to: '60000000' }]);
    expect(planText(plan)).toContain('daily_budget: 50 → 60');
  });

  it('--prune deletes the line items of the named campaigns the file leaves out; campaigns only when pruning the account', async () => {
    const { tree: t } = await tree(file);
    const deletes = (o: { prune: boolean; pruneAccount?: boolean }) =>
      diffTrees('acct', t, current(), { ...o, style: 'official' })
        .operations.filter((x) => x.action === 'delete')
        .map((x) => `${x.kind} ${x.id}`);
    expect(deletes({ prune: true })).toEqual(['line_item l2', 'targeting_criterion t1']);
    expect(deletes({ prune: true, pruneAccount: true })).toEqual(['line_item l2', 'campaign c2', 'targeting_criterion t1']);
    expect(deletes({ prune: false })).toEqual(['targeting_criterion t1']);
  });

  it("a line item's targeting list is whole: a changed value is one delete and one create side by side; no key leaves it alone", async () => {
    const base = (targeting: string) => `campaigns:
  - name: A
    line_items:
      - name: L
${targeting}`;
    const swap = await tree(base('        targeting:\n          - {targeting_type: LOCATION, targeting_value: y}\n'));
    const plan = diffTrees('acct', swap.tree, current(), { prune: false, style: 'official' });
    expect(plan.operations.map((o) => `${o.action} ${o.label}`)).toEqual([
      'delete "A" / "L" / LOCATION x EQ',
      'create "A" / "L" / LOCATION y EQ',
    ]);
    expect(planText(plan)).toContain('- delete targeting "A" / "L" / LOCATION x EQ (t1)\n+ create targeting "A" / "L" / LOCATION y EQ\n');
    const none = await tree(base(''));
    expect(diffTrees('acct', none.tree, current(), { prune: true, style: 'official' }).operations.map((o) => o.kind)).toEqual([
      'line_item',
    ]);
    const empty = await tree(base('        targeting: []\n        promoted_posts: []\n'));
    expect(
      diffTrees('acct', empty.tree, current(), { prune: false, style: 'official' }).operations.map((o) => `${o.action} ${o.id}`),
    ).toEqual(['delete t1', 'delete p1']);
  });

  it('deletes and pauses of campaigns and line items carry what they stop; total budgets are listed per funding instrument', async () => {
    const { tree: t } = await tree('campaigns:\n  - name: A\n    entity_status: PAUSED\n    total_budget: 100\n');
    const plan = diffTrees('acct', t, current({ currency: 'USD' }), { prune: true, style: 'official' });
    expect(plan.operations.map((o) => [o.action, o.kind, o.stops])).toEqual([
      ['delete', 'line_item', { entityStatus: null, currency: null }],
      ['delete', 'line_item', { entityStatus: null, currency: null }],
      ['update', 'campaign', { entityStatus: 'ACTIVE', currency: 'USD' }],
    ]);
    expect(plan.totals).toEqual([{ fundingInstrumentId: 'f1', micros: '100000000', path: 'campaigns[0].total_budget', changed: true }]);
  });

  it('creates are PAUSED by default with their parent keys; a changed create-only field and an ambiguous name are problems', async () => {
    const { tree: t } = await tree(
      'campaigns:\n  - name: New\n    funding_instrument_id: f1\n    line_items:\n      - name: N\n        objective: REACH\n',
    );
    const plan = diffTrees('acct', t, [], { prune: false, style: 'official' });
    expect(plan.operations[0]).toMatchObject({ action: 'create', kind: 'campaign', params: { entity_status: 'PAUSED' } });
    expect(plan.operations[1]).toMatchObject({ action: 'create', kind: 'line_item', parentKey: 'campaign:New' });
    expect(plan.problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/placements.*required|is required/)]),
    );
    const changed = await tree('campaigns:\n  - name: A\n    funding_instrument_id: f9\n');
    expect(diffTrees('acct', changed.tree, current(), { prune: false, style: 'official' }).problems[0]!.message).toMatch(/cannot change/);
    const twice = [...current(), { entity: { id: 'c3', name: 'A' }, lineItems: [] }];
    expect(diffTrees('acct', changed.tree, twice, { prune: false, style: 'official' }).problems[0]!.message).toMatch(/pin one with id/);
  });
});
