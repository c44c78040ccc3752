// The held-out email corpus (test/fixtures/audiences/email-corpus.json) against
// both rules: the client's normalizer (src/audiences/normalize.ts) and the
// emulator's own check (src/emulator/audience-email.ts), written apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalize, Reject } from '../../src/audiences/normalize.js';
import { emailAcceptable } from '../../src/emulator/audience-email.js';

const CORPUS = JSON.parse(readFileSync(new URL('../fixtures/audiences/email-corpus.json', import.meta.url), 'utf8')) as {
  valid: string[];
  invalid: string[];
};

describe('audience email rule, held-out corpus', () => {
  it('holds at least 50 valid and 30 invalid addresses', () => {
    expect(CORPUS.valid.length).toBeGreaterThanOrEqual(50);
    expect(CORPUS.invalid.length).toBeGreaterThanOrEqual(30);
  });

  it('the client accepts every valid address, trimmed and lowercased, and nothing else changed', () => {
    const out = CORPUS.valid.map((e) => normalize('email', e));
    expect(out.filter((v) => v instanceof Reject)).toEqual([]);
    expect(out).toEqual(CORPUS.valid.map((e) => e.trim().toLowerCase()));
  });

  it('the client rejects every invalid address with the reason', () => {
    const accepted = CORPUS.invalid.filter((e) => !(normalize('email', e) instanceof Reject));
    expect(accepted).toEqual([]);
    expect((normalize('email', 'user@example') as Reject).reason).toBe(
      'not a valid address after trimming and lowercasing: it needs one @, a name before it and a domain with a dot after it',
    );
  });

  it("the emulator's own check agrees on every address", () => {
    expect(CORPUS.valid.filter((e) => !emailAcceptable(e))).toEqual([]);
    expect(CORPUS.invalid.filter((e) => emailAcceptable(e))).toEqual([]);
  });

  it('the cases the issue names', () => {
    for (const e of ['bob@my-company.com', 'x@t-online.de', 'a@b.com', 'user@xn--bcher-kva.de', 'a+tag@sub.example.co.uk'])
      expect(normalize('email', ` ${e.toUpperCase()} `)).toBe(e);
  });
});
