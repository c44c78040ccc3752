// Consistency sweeps of the ads verbs through the built CLI against the
// emulator: every list verb that takes a plural parent id list
// (--campaign-ids, --line-item-ids, --funding-instrument-ids) takes the
// singular flag too and sends the same request; the columns people need stay
// at 80 columns.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_IDS, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { LINE_ITEM_IDS } from '../../src/emulator/routes/ads-core-line-items.js';
import { buildProgram } from '../../src/entry/program.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const PARENTS: Record<string, string> = {
  '--campaign': CAMPAIGN_IDS.SEEDED,
  '--line-item': LINE_ITEM_IDS.REACH,
  '--funding-instrument': FUNDING_IDS.CARD,
};

/** Every `ads … list` verb (stats are another family, with their own entity flags) and its long flags. */
async function listVerbs(): Promise<Array<{ words: string[]; flags: string[] }>> {
  const out: Array<{ words: string[]; flags: string[] }> = [];
  const walk = (c: Command, path: string[]) => {
    for (const s of c.commands) {
      const p = [...path, s.name()];
      if (s.name() === 'list' && p[0] === 'ads' && p[1] !== 'stats') out.push({ words: p, flags: s.options.map((o) => o.long ?? '') });
      walk(s, p);
    }
  };
  walk(await buildProgram(), []);
  return out;
}

describe('every ads list verb with a plural parent id list takes the singular flag', async () => {
  const verbs = (await listVerbs()).filter((v) => Object.keys(PARENTS).some((f) => v.flags.includes(`${f}-ids`)));
  it('the sweep covers the parents of campaigns, line items, promoted posts and targeting', () => {
    expect(verbs.map((v) => v.words.join(' '))).toEqual(
      expect.arrayContaining(['ads campaigns list', 'ads line-items list', 'ads promoted-posts list', 'ads targeting list']),
    );
  });
  const cases = verbs.flatMap((v) =>
    Object.keys(PARENTS)
      .filter((f) => v.flags.includes(`${f}-ids`))
      .map((f) => [v.words.join(' '), f] as const),
  );
  it.concurrent.each(cases)('%s %s', async (verb, flag) => {
    const words = verb.split(' ');
    const sent = async (args: string[]) => {
      const r = await emu.run([...words, ...args, '-o', 'json', '--verbose']);
      expect(r.code, r.stderr).toBe(0);
      return r.json();
    };
    expect((await listVerbs()).find((v) => v.words.join(' ') === verb)!.flags).toContain(flag);
    const one = await sent([flag, PARENTS[flag]!]);
    const many = await sent([`${flag}-ids`, PARENTS[flag]!]);
    expect(one).toEqual(many);
    const field = `${flag.slice(2).replace(/-/g, '_')}_ids`;
    const log = emu.state.log.filter((e) => e.query.some(([k, v]) => k === field && v === PARENTS[flag]));
    expect(log.length).toBeGreaterThanOrEqual(2);
  });
});

describe('every ads list verb whose rows have a parent takes the singular parent flag', async () => {
  const FIELDS: Record<string, string> = {
    campaign_id: '--campaign',
    line_item_id: '--line-item',
    funding_instrument_id: '--funding-instrument',
  };
  const verbs = await listVerbs();
  it.concurrent.each(verbs.map((v) => [v.words.join(' '), v.flags] as const))('%s', async (verb, flags) => {
    const r = await emu.run([...verb.split(' '), '-o', 'json']);
    if (r.code !== 0) return; // a list that needs more than an account (its own tests cover it)
    const rows = (r.json().data ?? []) as Array<Record<string, unknown>>;
    const parents = Object.keys(FIELDS).filter((f) => rows.some((row) => typeof row[f] === 'string'));
    for (const f of parents) expect(flags, `${verb}: rows carry ${f}`).toContain(FIELDS[f]);
  });

  it("line-item-categories list --line-item keeps that line item's links (the API has no such filter: filtered here)", async () => {
    const all = await emu.run(['ads', 'line-item-categories', 'list', '--with-deleted', '-o', 'json']);
    const one = await emu.run(['ads', 'line-item-categories', 'list', '--with-deleted', '--line-item', LINE_ITEM_IDS.REACH, '-o', 'json']);
    expect(one.code, one.stderr).toBe(0);
    const rows = one.json().data as Array<{ line_item_id: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.line_item_id === LINE_ITEM_IDS.REACH)).toBe(true);
    expect((all.json().data as unknown[]).length).toBeGreaterThan(rows.length);
    const bad = await emu.run(['ads', 'line-item-categories', 'list', '--line-item', '../x']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('line_item_id');
  });
});

describe('what stays at 80 columns', () => {
  it('campaigns list keeps the name; accounts list keeps the time zone', async () => {
    const c = await emu.run(['ads', 'campaigns', 'list', '-o', 'table'], { env: { COLUMNS: '80' } });
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout.split('\n')[0]).toMatch(/^id\s+name\s/);
    expect(c.stdout).toContain('Always on');
    for (const l of c.stdout.trimEnd().split('\n')) expect([...l].length).toBeLessThanOrEqual(80);
    const a = await emu.run(['ads', 'accounts', 'list', '-o', 'table'], { env: { COLUMNS: '80' } });
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout.split('\n')[0]).toContain('timezone');
    expect(a.stdout).toMatch(/America\/|Europe\/|Asia\/|UTC/);
  });
});

describe('values, names and times as sent', () => {
  const lineItem = (...extra: string[]) => [
    'ads',
    'line-items',
    'create',
    '--campaign',
    CAMPAIGN_IDS.SEEDED,
    '--objective',
    'ENGAGEMENTS',
    '--product-type',
    'PROMOTED_POSTS',
    '--placements',
    'ALL_ON_SERVICE',
    '--end-time',
    '2030-04-01T00:00:00Z',
    '--dry-run',
    '-o',
    'json',
    ...extra,
  ];

  it.concurrent('an enum error names the nearest value and lists every allowed one', async () => {
    const r = await emu.run([
      'ads',
      'targeting',
      'add',
      '--line-item',
      LINE_ITEM_IDS.REACH,
      '--type',
      'INTERESTS',
      '--value',
      '7003',
      '--no-fetch',
    ]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('"INTERESTS" is not a targeting type; did you mean INTEREST?');
    // The last of the allowed values is listed too (the list is not cut).
    expect(r.stderr).toMatch(/allowed: AGE,[^\n]*UNORDERED_KEYWORD/);
    const s = await emu.run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SEEDED, '--entity-status', 'PAUSE', '--no-fetch']);
    expect(s.code).toBe(6);
    expect(s.stderr).toContain('must be one of ACTIVE, PAUSED (got "PAUSE"); did you mean PAUSED?');
  });

  it.concurrent('the dry run echoes what is sent: PROMOTED_TWEETS and ALL_ON_TWITTER for the neutral spellings', async () => {
    const r = await emu.run(lineItem('--start-time', '2030-03-01T00:00:00Z'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().params).toMatchObject({ product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER', entity_status: 'PAUSED' });
  });

  it.concurrent('a start time without a zone is refused, naming both ways to give it', async () => {
    const r = await emu.run(lineItem('--start-time', '2030-03-01'));
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('start_time: has no time zone (got "2030-03-01")');
    expect(r.stderr).toContain('give 2030-03-01T00:00:00Z for UTC or an offset such as 2030-03-01T00:00:00-08:00');
  });

  it.concurrent('operator_type is always sent, EQ included', async () => {
    const r = await emu.run([
      'ads',
      'targeting',
      'add',
      '--line-item',
      LINE_ITEM_IDS.REACH,
      '--type',
      'LANGUAGE',
      '--value',
      'en',
      '--dry-run',
      '--no-fetch',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().params).toEqual({
      line_item_id: LINE_ITEM_IDS.REACH,
      targeting_type: 'LANGUAGE',
      targeting_value: 'en',
      operator_type: 'EQ',
    });
  });
});
