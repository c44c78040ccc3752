// `ads targeting delete --file`: many targeting criteria through the batch endpoint's
// Delete operation, by the campaigns' one batch path (test/cli/ads-batch-changes.test.ts),
// through the built CLI against the emulator: every line checked first (errors name
// the line, nothing sent), --yes off a terminal, batches of the reference's 500,
// nothing half-sent when the API refuses an item, the reply held to the ids sent, and
// the request bodies against the reference's batch parameters.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core-line-items.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { type AdsOp, fixture, operations } from '../helpers/contract.js';
import { freshEmulator, runLogged } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';

const ADS = operations<AdsOp>('ads-reference.json');
const BATCH_KEY = 'POST /12/batch/accounts/:account_id/targeting_criteria';
const OPERATION_TYPES = fixture<{ operations: Record<string, string[]> }>('ads-batch-operation-types.json').operations[BATCH_KEY]!;
const DELETE_ONE = ADS['DELETE /12/accounts/:account_id/targeting_criteria/:targeting_criterion_id'] as AdsOp & { path: string[] };
const BATCH = `POST /12/batch/accounts/${EMU_ACCOUNT}/targeting_criteria`;
const emu = freshEmulator();

type Status = { line: number; status: string; id?: string; error?: string };

function lines(name: string, rows: Array<object | string>): string {
  const path = join(emu.configDir, name);
  writeFileSync(path, rows.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  return path;
}
const run = (args: string[]) => runLogged(emu, args);
/** `n` keyword criteria on one line item, made through `ads targeting add --file`; their ids in order. */
async function made(n: number): Promise<string[]> {
  const f = lines(
    'add.jsonl',
    Array.from({ length: n }, (_, i) => ({ line_item_id: LI.ENGAGEMENTS, targeting_type: 'BROAD_KEYWORD', targeting_value: `kw${i}` })),
  );
  const r = await emu.run(['ads', 'targeting', 'add', '--file', f, '--no-fetch', '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return (r.json().data as Status[]).map((x) => x.id!);
}
const ids = (rows: string[]) => rows.map((id) => ({ targeting_criterion_id: id }));
const criterion = async (id: string) => {
  const r = await emu.run(['ads', 'targeting', 'get', id, '-o', 'json']);
  return r.code === 0 ? (r.json().data as { deleted: boolean }) : r.code;
};

describe('ads targeting delete --file', () => {
  it('501 ids: Delete batches of 500 and 1, every line DELETED and gone; the items are the reference’s batch parameters', async () => {
    const all = await made(501);
    const r = await run(['ads', 'targeting', 'delete', '--file', lines('d.jsonl', ids(all)), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([BATCH, BATCH]);
    const bodies = r.sent.map((e) => JSON.parse(e.body) as Array<Record<string, unknown>>);
    expect(bodies.map((b) => b.length)).toEqual([500, 1]);
    const items = bodies.flat() as Array<{ operation_type: string; params: Record<string, unknown> }>;
    for (const item of items) {
      for (const k of Object.keys(item)) expect(ADS[BATCH_KEY]!.query, k).toContain(k);
      expect(OPERATION_TYPES).toContain(item.operation_type);
      // The params of a Delete are the single DELETE's (account_id is in the batch path).
      for (const k of Object.keys(item.params))
        expect(
          DELETE_ONE.path.filter((p) => p !== 'account_id'),
          k,
        ).toContain(k);
    }
    expect(items.map((i) => i.operation_type)).toEqual(all.map(() => 'Delete'));
    expect(items.map((i) => i.params.targeting_criterion_id)).toEqual(all);
    const data = r.json().data as Status[];
    expect(data.map((x) => x.status)).toEqual(all.map(() => 'DELETED'));
    expect(data.map((x) => x.id)).toEqual(all);
    expect(r.stderr).toContain('501 of 501 deleted');
    expect(await criterion(all[0]!)).toBe(4);
    expect(await criterion(all[500]!)).toBe(4);
    const left = await emu.run(['ads', 'targeting', 'list', '--line-item', LI.ENGAGEMENTS, '--all', '--count', '1000', '-o', 'json']);
    // Deleted criteria are listed only with --with-deleted: none of the 501 is left.
    expect((left.json().data as Array<{ id: string }>).filter((c) => all.includes(c.id))).toEqual([]);
  });

  it('every line checked first: a bad id, another key, no id, a repeated id, not JSON — exit 6 naming each line, 0 requests', async () => {
    const [a] = await made(1);
    const f = lines('bad.jsonl', [
      { targeting_criterion_id: a },
      { targeting_criterion_id: 'A/B' },
      { targeting_criterion_id: a, line_item_id: LI.ENGAGEMENTS },
      {},
      { targeting_criterion_id: a },
      'not json',
    ]);
    const r = await run(['ads', 'targeting', 'delete', '--file', f, '--yes']);
    expect(r.code).toBe(6);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('5 invalid lines (2, 3, 4, 5, 6); nothing was sent');
    expect(r.stderr).toContain('line 2, targeting_criterion_id: must be an ads id');
    expect(r.stderr).toContain('line 3, line_item_id: a delete takes only targeting_criterion_id');
    expect(r.stderr).toContain('line 4, targeting_criterion_id: is required');
    expect(r.stderr).toContain('line 5, targeting_criterion_id: repeats line 1');
    expect(r.stderr).toContain('line 6');
    expect(await criterion(a!)).toMatchObject({ deleted: false });
  });

  it('nothing half-sent: an id the API does not know fails its batch; the other lines are NOT_DELETED, still live, and in --failed', async () => {
    const [a, b] = await made(2);
    const failed = join(emu.configDir, 'retry.jsonl');
    const f = lines('api.jsonl', ids([a!, 'nosuch9', b!]));
    const r = await run(['ads', 'targeting', 'delete', '--file', f, '--yes', '--failed', failed]);
    expect(r.code).toBe(8);
    expect(r.lines).toEqual([BATCH]);
    const data = r.json().data as Status[];
    expect(data.map((x) => x.status)).toEqual(['NOT_DELETED', 'FAILED', 'NOT_DELETED']);
    expect(data[1]!.error).toContain('NOT_FOUND');
    expect(data[0]!.error).toContain('its batch failed because of line 2');
    expect(await criterion(a!)).toMatchObject({ deleted: false });
    expect(await criterion(b!)).toMatchObject({ deleted: false });
    expect(readFileSync(failed, 'utf8')).toBe(readFileSync(f, 'utf8') + '\n');
  });

  it('not a terminal and no --yes: refused (exit 2) with 0 requests; on a terminal one question, and "n" deletes nothing', async () => {
    const [a, b] = await made(2);
    const f = lines('ask.jsonl', ids([a!, b!]));
    const r = await run(['ads', 'targeting', 'delete', '--file', f]);
    expect(r.code).toBe(2);
    expect(r.sent).toEqual([]);
    expect(r.stderr).toContain('Delete 2 targeting criteria (irreversible): confirmation needed');
    const before = emu.state.log.length;
    const term = terminal(['ads', 'targeting', 'delete', '--file', f], emu.cliEnv() as Record<string, string>);
    await term.expect(/Delete 2 targeting criteria \(irreversible\)\?/);
    term.type('n\r');
    expect(await term.exit).toBe(0);
    expect(term.transcript()).toContain('nothing deleted');
    expect(emu.state.log.slice(before)).toEqual([]);
  });

  it('a reply that does not account for each id once is no silent gap: those lines FAILED, exit 8', async () => {
    const [a, b, c] = await made(3);
    const f = lines('reply.jsonl', ids([a!, b!, c!]));
    const body = JSON.stringify({
      data: [
        { id: a, deleted: true },
        { id: a, deleted: true },
        { id: c, deleted: false },
      ],
    });
    emu.state.faults.add({ kind: 'reply', status: 200, method: 'POST', path: '/batch/', body });
    const r = await run(['ads', 'targeting', 'delete', '--file', f, '--yes']);
    expect(r.code).toBe(8);
    expect((r.json().data as Status[]).map((x) => [x.status, x.error])).toEqual([
      ['FAILED', 'the reply named this targeting_criterion_id 2 times'],
      ['FAILED', 'the reply did not confirm this item'],
      ['FAILED', 'the reply says it is not deleted'],
    ]);
    emu.state.faults.add({ kind: 'reply', status: 200, method: 'POST', path: '/batch/', body: JSON.stringify({ data: [{ id: 'zz9' }] }) });
    const extra = await run(['ads', 'targeting', 'delete', '--file', lines('one.jsonl', ids([a!])), '--yes']);
    expect(extra.code).toBe(8);
    expect(extra.json().data[0].error).toBe('the reply named "zz9", not sent in this batch: this batch is not confirmed');
  });

  it('the argument still deletes one; the argument or --file, not both; --dry-run prints the Delete batch and sends nothing; - reads stdin', async () => {
    const [a, b] = await made(2);
    const one = await run(['ads', 'targeting', 'delete', a!, '--yes']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.lines).toEqual([`DELETE /12/accounts/${EMU_ACCOUNT}/targeting_criteria/${a}`]);
    const f = lines('dry.jsonl', ids([b!]));
    expect((await run(['ads', 'targeting', 'delete', b!, '--file', f, '--yes'])).code).toBe(2);
    expect((await run(['ads', 'targeting', 'delete', '--yes'])).code).toBe(2);
    expect((await run(['ads', 'targeting', 'delete', b!, '--failed', 'x.jsonl', '--yes'])).code).toBe(2);
    const dry = await run(['ads', 'targeting', 'delete', '--file', f, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.sent).toEqual([]);
    expect(dry.json().batches[0].body).toEqual([{ operation_type: 'Delete', params: { targeting_criterion_id: b } }]);
    const stdin = await emu.run(['ads', 'targeting', 'delete', '--file', '-', '--yes', '-o', 'json'], {
      input: `${JSON.stringify({ targeting_criterion_id: b })}\n`,
    });
    expect(stdin.code, stdin.stderr).toBe(0);
    expect(stdin.json().data).toEqual([expect.objectContaining({ line: 1, status: 'DELETED', id: b })]);
  });
});

describe('the emulator’s targeting batch Delete (its own checks, all-or-nothing)', () => {
  async function batch(items: object[]) {
    const body = lines('body.json', [items]);
    const r = await emu.run(['request', 'POST', `/12/batch/accounts/${EMU_ACCOUNT}/targeting_criteria`, '--api', 'ads', '--input', body]);
    return Object.assign(r, { reply: JSON.parse(r.stdout || r.stderr.slice(r.stderr.indexOf('{'))) });
  }
  const del = (id: string, extra: object = {}) => ({ operation_type: 'Delete', params: { targeting_criterion_id: id, ...extra } });

  it('refuses a repeated, a deleted or an unknown id, another parameter and Update, each in operation_errors; nothing changes', async () => {
    const [a, b] = await made(2);
    expect((await run(['ads', 'targeting', 'delete', b!, '--yes'])).code).toBe(0);
    const r = await batch([
      del(a!),
      del(a!),
      del(b!),
      del('nosuch9'),
      del(a!, { line_item_id: LI.ENGAGEMENTS }),
      { operation_type: 'Update', params: {} },
    ]);
    expect(r.code).toBe(6);
    const errs = (r.reply.operation_errors as Array<Array<{ code: string; message: string }>>).map((e) => e.map((x) => x.code).join());
    expect(errs).toEqual(['', 'INVALID_PARAMETER', 'NOT_FOUND', 'NOT_FOUND', 'INVALID_PARAMETER', 'INVALID_PARAMETER']);
    expect(await criterion(a!)).toMatchObject({ deleted: false });
  });

  it('a Create after a Delete of the same batch sees the line item without it (one AGE bucket)', async () => {
    const age = await emu.run([
      'ads',
      'targeting',
      'add',
      '--line-item',
      LI.ENGAGEMENTS,
      '--type',
      'AGE',
      '--value',
      'AGE_18_TO_24',
      '-o',
      'json',
    ]);
    expect(age.code, age.stderr).toBe(0);
    const id = age.json().data.id as string;
    const create = {
      operation_type: 'Create',
      params: { line_item_id: LI.ENGAGEMENTS, targeting_type: 'AGE', targeting_value: 'AGE_25_TO_34' },
    };
    const refused = await batch([create]);
    expect(refused.code).toBe(6);
    const r = await batch([del(id), create]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.reply.data.map((c: { id: string; deleted: boolean }) => c.deleted)).toEqual([true, false]);
    expect(r.reply.data[0].id).toBe(id);
  });
});
