// Ids that would climb out of their path segment: `.` and `..` survive
// percent-encoding and the URL parser collapses them (`…/line_items/..` is the
// account itself), `/` splits a segment, an empty id hits the list endpoint.
// Every id is checked by kind before anything is sent: exit 6 naming the
// field, zero requests in the emulator's log.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();

const CASES: Array<[string, string[], string]> = [
  ['ads line-items update .. --name X', ['ads', 'line-items', 'update', '..', '--name', 'X'], 'line_item_id'],
  ['ads line-items delete .. --sandbox --yes', ['ads', 'line-items', 'delete', '..', '--sandbox', '--yes'], 'line_item_id'],
  ['catalogs delete .. --yes', ['catalogs', 'delete', '..', '--yes'], 'catalog_id'],
  ['ads line-items get .', ['ads', 'line-items', 'get', '.'], 'line_item_id'],
  ['ads line-items get "" (empty)', ['ads', 'line-items', 'get', ''], 'line_item_id'],
  ['ads line-items get a/b', ['ads', 'line-items', 'get', '8u94t/../x'], 'line_item_id'],
  ['ads accounts get ..', ['ads', 'accounts', 'get', '..'], 'account_id'],
  ['ads media-library get ..', ['ads', 'media-library', 'get', '..'], 'media_key'],
  ['ads cards delete .. --yes', ['ads', 'cards', 'delete', '..', '--yes'], 'card_id'],
  ['audiences permissions list ..', ['audiences', 'permissions', 'list', '..'], 'custom_audience_id'],
  ['catalogs sets get 1456789 ..', ['catalogs', 'sets', 'get', '1456789', '..'], 'product_set_id'],
  ['--account ..', ['ads', 'line-items', 'get', '8u94t', '--account', '..'], 'account_id'],
];

describe('ids in path segments are checked before sending', () => {
  it.each(CASES)('%s → exit 6 naming the field, nothing sent', async (_name, args, field) => {
    const before = emu.state.log.length;
    const r = await emu.run(args);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain(field);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(emu.state.log.slice(before)).toEqual([]);
  });

  it('a well-formed id still goes through (the check is not a blanket refusal)', async () => {
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.state.requests('GET', '/line_items/8u94t')).toHaveLength(1);
  });
});
