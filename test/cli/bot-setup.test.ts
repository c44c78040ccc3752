// Setup a bot can run again: `stream rules add --if-missing` and `webhooks create --if-missing` report what is
// already there (exit 0, "existing": true); `stream rules delete --if-exists` and `webhooks delete --if-exists`
// count what is already gone as done; `stream rules delete --dry-run` lists the rules it would delete and sends
// no change.
import { describe, expect, it } from 'vitest';
import { filteredStream } from '../../src/emulator/routes/platform-stream.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const changes = () => emu.state.log.filter((e) => e.method !== 'GET').length;

describe('idempotent setup', () => {
  it('a second `stream rules add` of the same rule with --if-missing exits 0 and names the existing rule', async () => {
    const first = await emu.run(['stream', 'rules', 'add', 'coffee -is:retweet', '--if-missing', '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const id = filteredStream(emu.state).rules[0]!.id;
    const again = await emu.run(['stream', 'rules', 'add', 'coffee -is:retweet', '--if-missing', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).data).toEqual([{ id, value: 'coffee -is:retweet', existing: true }]);
    expect(again.stderr).toContain('1 rule already there');
    expect(filteredStream(emu.state).rules).toHaveLength(1);
    // Without the flag the duplicate is still an error (exit 6), and a mix with a new rule is all done with it.
    expect((await emu.run(['stream', 'rules', 'add', 'coffee -is:retweet'])).code).toBe(6);
    const mix = await emu.run(['stream', 'rules', 'add', 'coffee -is:retweet', 'tea', '--if-missing', '-o', 'json']);
    expect(mix.code, mix.stderr).toBe(0);
    expect(JSON.parse(mix.stdout).data.map((r: { value: string; existing?: boolean }) => [r.value, r.existing ?? false])).toEqual([
      ['tea', false],
      ['coffee -is:retweet', true],
    ]);
  });

  it('`stream rules delete --if-exists` of a rule already gone exits 0', async () => {
    await emu.run(['stream', 'rules', 'add', 'coffee']);
    const id = filteredStream(emu.state).rules[0]!.id;
    expect((await emu.run(['stream', 'rules', 'delete', id, '--yes'])).code).toBe(0);
    expect((await emu.run(['stream', 'rules', 'delete', id, '--yes'])).code).toBe(6);
    const r = await emu.run(['stream', 'rules', 'delete', id, '--yes', '--if-exists']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`rule ${id} is already gone`);
  });

  it('`stream rules delete --all --dry-run` lists every rule it would delete and changes nothing', async () => {
    await emu.run(['stream', 'rules', 'add', 'coffee', 'tea']);
    const before = changes();
    const r = await emu.run(['stream', 'rules', 'delete', '--all', '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data.map((x: { value: string }) => x.value)).toEqual(['coffee', 'tea']);
    expect(r.stderr).toContain('2 rules to delete (dry run, nothing sent)');
    expect(changes()).toBe(before);
    expect(filteredStream(emu.state).rules).toHaveLength(2);
  });

  it('`webhooks create --if-missing` of a registered URL reports it; `webhooks delete --if-exists` of a gone one exits 0', async () => {
    const url = 'https://hooks.example.com/postctl/activity';
    expect((await emu.run(['webhooks', 'create', url])).code).toBe(6); // seeded: the service refuses the duplicate
    const before = changes();
    const r = await emu.run(['webhooks', 'create', url, '--if-missing', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ url, existing: true });
    expect(changes()).toBe(before);
    const created = await emu.run(['webhooks', 'create', 'https://hooks.example.com/new', '--if-missing', '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).data.id as string;
    expect((await emu.run(['webhooks', 'delete', id, '--yes'])).code).toBe(0);
    expect((await emu.run(['webhooks', 'delete', id, '--yes'])).code).toBe(4);
    const gone = await emu.run(['webhooks', 'delete', id, '--yes', '--if-exists']);
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stderr).toContain(`webhook ${id} is already gone`);
  });
});
