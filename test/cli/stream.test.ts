// `postctl stream rules list | add | delete` and `postctl stream connect`
// through the built CLI against the emulator's filtered stream: rule problems
// (duplicate-rules, invalid-rules, rule-cap), dry runs, and a stream that
// survives a dropped connection and a stall (the emulator's fault hooks).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/cli.js';
import { configureFilteredStream, filteredStream } from '../../src/emulator/routes/platform-stream.js';
import { connectionRegistry } from '../../src/emulator/routes/platform-connections.js';

const emu = fileEmulator();

const ruleRequests = () => emu.state.requests(undefined, '/search/stream/rules');
const connects = () => emu.state.requests('GET', /\/search\/stream$/);
const param = (e: { query: Array<[string, string]> }, name: string) => e.query.find(([k]) => k === name)?.[1];

beforeEach(() => {
  const fs = filteredStream(emu.state);
  fs.rules = [];
  fs.written = [];
  configureFilteredStream(emu.state, { ruleCap: 1000, intervalMs: 1000, keepAliveMs: 20_000 });
});

async function rejects(args: string[], field: string) {
  const before = ruleRequests().length + connects().length;
  const r = await emu.run(args);
  expect(r.code, r.stderr).toBe(6);
  expect(r.stderr).toContain(field);
  expect(ruleRequests().length + connects().length).toBe(before);
}

describe('postctl stream rules', () => {
  it('add, list, delete with the official path and body', async () => {
    const add = await emu.run(['stream', 'rules', 'add', 'coffee -is:retweet', 'tea', '--tag', 'drinks', '-o', 'json']);
    expect(add.code, add.stderr).toBe(0);
    const sent = emu.state.requests('POST', '/2/tweets/search/stream/rules').at(-1)!;
    expect(sent.query).toEqual([]);
    expect(JSON.parse(sent.body)).toEqual({
      add: [
        { value: 'coffee -is:retweet', tag: 'drinks' },
        { value: 'tea', tag: 'drinks' },
      ],
    });
    expect(add.json().meta.summary).toEqual({ created: 2, not_created: 0, valid: 2, invalid: 0 });

    const list = await emu.run(['stream', 'rules', 'list', '-o', 'csv']);
    expect(list.code).toBe(0);
    const rows = list.stdout.trim().split('\n');
    expect(rows[0]).toBe('id,value,tag');
    expect(rows.slice(1).map((l) => l.replace(/^\d+,/, ''))).toEqual(['coffee -is:retweet,drinks', 'tea,drinks']);

    const ids = filteredStream(emu.state).rules.map((r) => r.id);
    const del = await emu.run(['stream', 'rules', 'delete', ids[0]!, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    expect(JSON.parse(emu.state.requests('POST', '/2/tweets/search/stream/rules').at(-1)!.body)).toEqual({ delete: { ids: [ids[0]] } });
    expect(filteredStream(emu.state).rules.map((r) => r.value)).toEqual(['tea']);
  });

  it('--dry-run maps to dry_run=true and changes nothing', async () => {
    const r = await emu.run(['stream', 'rules', 'add', 'coffee', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.state.requests('POST', '/search/stream/rules').at(-1)!.query).toEqual([['dry_run', 'true']]);
    expect(r.stderr).toContain('1 rule valid (dry run, nothing added)');
    expect(filteredStream(emu.state).rules).toEqual([]);
  });

  it('rules from a file with tags and line numbers in errors', async () => {
    const file = join(tempDir(), 'rules.txt');
    writeFileSync(file, '# drinks\ncoffee\ttagged\n\ntea\n');
    const r = await emu.run(['stream', 'rules', 'add', '--file', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(emu.state.requests('POST', '/search/stream/rules').at(-1)!.body)).toEqual({
      add: [{ value: 'coffee', tag: 'tagged' }, { value: 'tea' }],
    });
    const bad = join(tempDir(), 'bad.txt');
    writeFileSync(bad, `ok\n${'x'.repeat(2049)}\n`);
    const before = ruleRequests().length;
    const b = await emu.run(['stream', 'rules', 'add', '--file', bad]);
    expect(b.code).toBe(6);
    expect(b.stderr).toContain('line 2');
    expect(b.stderr).toContain('2048');
    expect(ruleRequests().length).toBe(before);
  });

  it('a duplicate is a warning and exit 6 when nothing was added; a mix is exit 8', async () => {
    expect((await emu.run(['stream', 'rules', 'add', 'coffee'])).code).toBe(0);
    const dup = await emu.run(['stream', 'rules', 'add', 'coffee']);
    expect(dup.code).toBe(6);
    expect(dup.stderr).toContain('DuplicateRule');
    const mix = await emu.run(['stream', 'rules', 'add', 'coffee', 'tea']);
    expect(mix.code).toBe(8);
    expect(filteredStream(emu.state).rules.map((r) => r.value)).toEqual(['coffee', 'tea']);
  });

  it('invalid-rules from the API (unbalanced parentheses) and rule-cap are reported', async () => {
    const inv = await emu.run(['stream', 'rules', 'add', '(coffee OR tea']);
    expect(inv.code).toBe(6);
    expect(inv.stderr).toMatch(/invalid|Invalid/);
    configureFilteredStream(emu.state, { ruleCap: 1 });
    expect((await emu.run(['stream', 'rules', 'add', 'one'])).code).toBe(0);
    const cap = await emu.run(['stream', 'rules', 'add', 'two']);
    expect(cap.code).toBe(6);
    expect(cap.stderr).toContain('cap');
  });

  it('delete --all lists the rules first and deletes them by id; asks without --yes', async () => {
    await emu.run(['stream', 'rules', 'add', 'a', 'b', 'c']);
    const before = ruleRequests().length;
    const refused = await emu.run(['stream', 'rules', 'delete', '--all']);
    expect(refused.code).toBe(2);
    expect(ruleRequests().length - before).toBe(1); // the listing only
    const r = await emu.run(['stream', 'rules', 'delete', '--all', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(emu.state.requests('POST', '/search/stream/rules').at(-1)!.body).delete.ids).toHaveLength(3);
    expect(filteredStream(emu.state).rules).toEqual([]);
  });

  it.each([
    [['stream', 'rules', 'add'], 'rule'],
    [['stream', 'rules', 'add', ''], 'rule'],
    [['stream', 'rules', 'add', 'x'.repeat(2049)], '2048'],
    [['stream', 'rules', 'add', 'same', 'same'], 'twice'],
    [['stream', 'rules', 'delete', 'abc', '--yes'], 'rule ids'],
    [['stream', 'rules', 'delete', '--yes'], 'rule ids'],
    [['stream', 'rules', 'list', '12x'], 'rule ids'],
    [['stream', 'connect', '--limit', '0'], '--limit'],
    [['stream', 'connect', '--backfill-minutes', '6'], '--backfill-minutes'],
    [['stream', 'connect', '--stall-timeout', '0'], '--stall-timeout'],
    [['stream', 'connect', '--post-fields', 'nope'], '--post-fields'],
  ])('rejects %j before sending (exit 6, names %s)', async (args, field) => {
    await rejects(args, field);
  });
});

describe('postctl stream connect', () => {
  it('prints matching posts as JSON lines, skipping keep-alives', async () => {
    await emu.run(['stream', 'rules', 'add', 'coffee', '--tag', 'c']);
    configureFilteredStream(emu.state, { intervalMs: 40, keepAliveMs: 10 });
    const r = await emu.run(['stream', 'connect', '--limit', '3', '--post-fields', 'created_at']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(4);
    const msgs = lines.slice(0, 3).map((l) => JSON.parse(l));
    expect(msgs[0]).toMatchObject({
      data: { id: expect.any(String), text: expect.stringContaining('coffee'), created_at: expect.any(String) },
      matching_rules: [{ tag: 'c' }],
    });
    expect(param(connects().at(-1)!, 'tweet.fields')).toBe('created_at');
    expect(r.stderr).toContain('done: 3 posts, 0 reconnects');
  });

  it('survives a dropped connection: reconnects, no post lost or repeated (backfill replays, duplicates dropped)', async () => {
    await emu.run(['stream', 'rules', 'add', 'coffee']);
    configureFilteredStream(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    emu.state.faults.add({ kind: 'cut', path: '/search/stream', afterEvents: 3 });
    const before = connects().length;
    const r = await emu.run(['stream', 'connect', '--limit', '8', '--backfill-minutes', '1']);
    expect(r.code, r.stderr).toBe(0);
    // The emulator numbers its posts in the text ("Stream post 12 matching …"): eight in a row, none twice.
    const nums = r.stdout
      .trim()
      .split('\n')
      .map((l) => Number(/Stream post (\d+)/.exec(JSON.parse(l).data.text)![1]));
    expect(nums).toHaveLength(8);
    expect(nums.map((n) => n - nums[0]!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const sent = connects().slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.query).toEqual([]);
    expect(sent[1]!.query).toEqual([['backfill_minutes', '1']]);
    expect(r.stderr).toContain('stream disconnected (connection lost');
    expect(r.stderr).toContain('done: 8 posts, 1 reconnect, 3 replayed duplicates dropped');
  });

  it('survives an operational disconnect message', async () => {
    await emu.run(['stream', 'rules', 'add', 'tea']);
    configureFilteredStream(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    emu.state.faults.add({ kind: 'disconnect', path: '/search/stream', afterEvents: 2 });
    const r = await emu.run(['stream', 'connect', '--limit', '4']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stderr).toContain('OperationalDisconnect');
  });

  it('survives a stall: nothing, not even a keep-alive, for --stall-timeout seconds means reconnect', async () => {
    await emu.run(['stream', 'rules', 'add', 'weather']);
    configureFilteredStream(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    emu.state.faults.add({ kind: 'stall', path: '/search/stream', afterEvents: 2 });
    const before = connects().length;
    const r = await emu.run(['stream', 'connect', '--limit', '5', '--stall-timeout', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
    expect(r.stderr).toContain('no data or keep-alive for 1 s');
    expect(connects().length - before).toBe(2);
    await new Promise((res) => setTimeout(res, 100));
    expect(connectionRegistry(emu.state).all.filter((c) => !c.disconnected_at && c.endpoint_name === 'filtered_stream')).toEqual([]);
  });

  it('Ctrl-C stops cleanly with exit 130', async () => {
    await emu.run(['stream', 'rules', 'add', 'coffee']);
    configureFilteredStream(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    const r = await emu.run(['stream', 'connect'], {
      onSpawn: (child) => {
        let n = 0;
        child.stdout!.on('data', (d: string) => {
          n += d.split('\n').length - 1;
          if (n >= 2) child.kill('SIGINT');
        });
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/stopped: \d+ posts, 0 reconnects/);
  });
});
