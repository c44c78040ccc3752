// The one path builder: ids checked by kind (exit 6 naming the field), literal
// segments as given, ids percent-encoded.
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/cli-error.js';
import { idSegment, joinPath } from '../../src/http/path.js';

const refused = (v: string, kind: Parameters<typeof idSegment>[1]) => {
  try {
    idSegment(v, kind, 'line_item_id');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).exitCode).toBe(6);
    expect((e as InputError).message).toContain('line_item_id');
    return true;
  }
  return false;
};

describe('idSegment', () => {
  it("accepts the reference pages' id shapes", () => {
    expect(
      joinPath('12', 'accounts', idSegment('18ce54d4x5t', 'ads', 'account_id'), 'line_items', idSegment('8u94t', 'ads', 'line_item_id')),
    ).toBe('/12/accounts/18ce54d4x5t/line_items/8u94t');
    expect(idSegment('1547080201384865792', 'numeric', 'catalog_id').id).toBe('1547080201384865792');
    expect(idSegment('13_958388276489895936', 'media_key', 'media_key').id).toBe('13_958388276489895936');
    expect(idSegment('3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'token', 'uuid').id).toHaveLength(36);
  });

  it('refuses ., .., empty, / and other shapes for every kind', () => {
    for (const kind of ['numeric', 'ads', 'media_key', 'token'] as const) {
      for (const bad of ['.', '..', '', 'a/b', '%2e%2e', ' 1', '1\n'])
        expect(refused(bad, kind), `${kind} ${JSON.stringify(bad)}`).toBe(true);
    }
    expect(refused('8U94T', 'ads')).toBe(true);
    expect(refused('12345678901234567890', 'numeric')).toBe(true);
    expect(refused('3_abc', 'media_key')).toBe(true);
  });
});
