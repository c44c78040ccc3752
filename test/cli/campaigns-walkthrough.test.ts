// The walkthrough of docs/campaigns.md, run line by line through the built CLI
// against the emulator: the lines are read from the page (between the
// walkthrough markers), `VAR=$(postctl … -o json | jq -r 'PATH')` captures
// what the page captures, and every request is checked against its flags
// (exact micros), from an empty campaign list to two promoted posts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const DOC = readFileSync(new URL('../../docs/campaigns.md', import.meta.url), 'utf8');
const BLOCK = /<!-- walkthrough:start -->\s*```sh\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(DOC)![1]!;

/** Shell words of a command line: double and single quotes, $VARS substituted. */
function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const w = m[1] ?? m[2] ?? m[3]!;
    out.push(m[2] !== undefined ? w : w.replace(/\$([A-Z_]+)/g, (_, v: string) => vars[v] ?? `$${v}`));
  }
  return out;
}

/** `.data.id`, `.data[0].targeting_value`: the jq paths the page uses. */
function jqPath(value: unknown, path: string): string {
  let v = value;
  for (const m of path.matchAll(/\.([a-z_]+)|\[(\d+)\]/g)) v = (v as Record<string, unknown>)[m[1] ?? Number(m[2])];
  return String(v);
}

describe('docs/campaigns.md walkthrough', () => {
  it('funding instrument → campaign → line item → 3 searched criteria → audience of 1,000 → targeted → 2 promoted posts', async () => {
    const emails = join(emu.configDir, 'emails.txt');
    writeFileSync(emails, Array.from({ length: 1000 }, (_, i) => `subscriber${i}@example.com`).join('\n'));
    const vars: Record<string, string> = {};
    const outputs: string[] = [];
    const lines = BLOCK.trim().split('\n');
    expect(lines).toHaveLength(14);
    const start = emu.state.log.length;
    for (const line of lines) {
      const capture = /^([A-Z_]+)=\$\(postctl (.*) -o json \| jq -r '([^']+)'\)$/.exec(line);
      const cmd = capture ? capture[2]! : line.replace(/^postctl /, '');
      const args = words(cmd, vars).map((w) => (w === 'emails.txt' ? emails : w));
      const r = await emu.run([...args, '-o', 'json']);
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
      outputs.push(r.stdout);
      if (capture) vars[capture[1]!] = jqPath(r.json(), capture[3]!);
    }
    const log = emu.state.log.slice(start).filter((e) => e.method !== 'GET' || e.path.includes('targeting_criteria/'));
    const q = (i: number) => Object.fromEntries(log[i]!.query);
    const acct = `/12/accounts/${EMU_ACCOUNT}`;
    expect(log.map((e) => `${e.method} ${e.path}`).slice(0, 9)).toEqual([
      `POST ${acct}/campaigns`,
      `POST ${acct}/line_items`,
      'GET /12/targeting_criteria/locations',
      'GET /12/targeting_criteria/interests',
      'GET /12/targeting_criteria/languages',
      `POST ${acct}/targeting_criteria`,
      `POST ${acct}/targeting_criteria`,
      `POST ${acct}/targeting_criteria`,
      `POST ${acct}/custom_audiences`,
    ]);
    expect(vars.FI).toBe('lygyi');
    expect(q(0)).toEqual({
      funding_instrument_id: 'lygyi',
      name: 'Spring launch',
      daily_budget_amount_local_micro: '50000000',
      total_budget_amount_local_micro: '200000000',
      entity_status: 'PAUSED',
    });
    expect(q(1)).toEqual({
      campaign_id: vars.CAMPAIGN,
      objective: 'ENGAGEMENTS',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER',
      start_time: '2027-03-01T00:00:00Z',
      end_time: '2027-04-01T00:00:00Z',
      bid_strategy: 'AUTO',
      daily_budget_amount_local_micro: '20000000',
      name: 'Spring - timeline',
      entity_status: 'PAUSED',
    });
    expect([q(2), q(3), q(4)]).toEqual([{ q: 'san francisco', location_type: 'CITIES' }, { q: 'coffee' }, { q: 'english' }]);
    // The values found by search are the ones added.
    expect([vars.LOCATION, vars.INTEREST, vars.LANGUAGE]).toEqual(['5a110d312052166f', '7003', 'en']);
    expect([q(5), q(6), q(7)]).toEqual([
      { line_item_id: vars.LINE_ITEM, targeting_type: 'LOCATION', targeting_value: '5a110d312052166f', operator_type: 'EQ' },
      { line_item_id: vars.LINE_ITEM, targeting_type: 'INTEREST', targeting_value: '7003', operator_type: 'EQ' },
      { line_item_id: vars.LINE_ITEM, targeting_type: 'LANGUAGE', targeting_value: 'en', operator_type: 'EQ' },
    ]);
    expect(q(8)).toEqual({ name: 'Newsletter subscribers 2027' });
    const uploads = log.filter((e) => e.path === `${acct}/custom_audiences/${vars.AUDIENCE}/users`);
    const users = uploads.flatMap((e) => JSON.parse(e.body) as Array<{ params: { users: unknown[] } }>).flatMap((op) => op.params.users);
    expect(users).toHaveLength(1000);
    const rest = log.slice(9 + uploads.length);
    expect(rest.map((e) => `${e.method} ${e.path}`)).toEqual([`POST ${acct}/targeting_criteria`, `POST ${acct}/promoted_tweets`]);
    expect(Object.fromEntries(rest[0]!.query)).toEqual({
      line_item_id: vars.LINE_ITEM,
      targeting_type: 'CUSTOM_AUDIENCE',
      targeting_value: vars.AUDIENCE,
      operator_type: 'EQ',
    });
    expect(Object.fromEntries(rest[1]!.query)).toEqual({
      line_item_id: vars.LINE_ITEM,
      tweet_ids: '1460323737035677698,1460323737035677699',
    });
    // `ads campaigns get` shows what was set.
    expect(JSON.parse(outputs.at(-1)!).data).toMatchObject({
      id: vars.CAMPAIGN,
      name: 'Spring launch',
      funding_instrument_id: 'lygyi',
      daily_budget_amount_local_micro: 50000000,
      total_budget_amount_local_micro: 200000000,
      entity_status: 'PAUSED',
      deleted: false,
    });
    const criteria = await emu.run(['ads', 'targeting', 'list', '--line-item', vars.LINE_ITEM!, '-o', 'json']);
    expect(criteria.json().data.map((c: { targeting_type: string; name: string }) => [c.targeting_type, c.name])).toEqual([
      ['LOCATION', 'San Francisco, San Francisco-Oakland-San Jose CA, CA, USA'],
      ['INTEREST', 'Food and drink/Coffee'],
      ['LANGUAGE', 'English'],
      ['CUSTOM_AUDIENCE', 'Newsletter subscribers 2027'],
    ]);
    const promoted = await emu.run(['ads', 'promoted-posts', 'list', '--line-item-ids', vars.LINE_ITEM!, '-o', 'json']);
    expect(promoted.json().data.map((p: { tweet_id: string }) => p.tweet_id)).toEqual(['1460323737035677698', '1460323737035677699']);
  });
});
