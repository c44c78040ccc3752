// The wire-name table: both spellings per key, lookups by either spelling,
// and the user documentation lists every entry.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNameStyle, respell, spellings, wire, wireTable } from '../../src/wire/names.js';

describe('wire names', () => {
  it("official is the live service's spelling, neutral the spec's", () => {
    expect(wire('path.posts', 'official')).toBe('tweets');
    expect(wire('path.posts', 'neutral')).toBe('posts');
    expect(wire('param.access_type', 'official')).toBe('x_auth_access_type');
    expect(wire('key.service_id', 'neutral')).toBe('service_id');
  });

  it('respell reads either spelling under a prefix and leaves other names alone', () => {
    expect(respell('field.', 'referenced_posts', 'official')).toBe('referenced_tweets');
    expect(respell('field.', 'referenced_tweets', 'neutral')).toBe('referenced_posts');
    expect(respell('field.', 'created_at', 'official')).toBe('created_at');
    expect(respell('stream.', 'referenced_posts', 'official')).toBe('referenced_posts');
    expect(spellings('key.service_id')).toEqual(['twitter_id', 'service_id']);
  });

  it('keys are unique per spelling within each kind (a name maps back to one key)', () => {
    for (const kind of ['path.', 'param.', 'field.', 'expansion.', 'event.', 'stream.', 'enum.', 'key.']) {
      const rows = wireTable().filter(([k]) => k.startsWith(kind));
      for (const col of [1, 2] as const) {
        const names = rows.map((r) => r[col]).filter(Boolean);
        const dup = names.filter((n, i) => names.indexOf(n) !== i && !(kind === 'path.' || kind === 'key.'));
        expect(dup, `${kind} column ${col}`).toEqual([]);
      }
    }
  });

  it('parseNameStyle takes only the two styles', () => {
    expect(parseNameStyle('official')).toBe('official');
    expect(parseNameStyle('neutral')).toBe('neutral');
    expect(parseNameStyle('tweets')).toBeUndefined();
  });

  it('docs/wire-names.md lists every entry with both spellings', () => {
    const doc = readFileSync(new URL('../../docs/wire-names.md', import.meta.url), 'utf8');
    for (const [key, official, neutral] of wireTable()) {
      expect(doc).toContain(`| \`${key}\` | ${official ? `\`${official}\`` : '(no segment)'} | \`${neutral}\` |`);
    }
  });
});
