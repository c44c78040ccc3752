// The pure parts of exactly-once posting: what a transport failure says about a
// write, the default key, the service's duplicate refusal, the text comparison
// used to find an earlier attempt, and the ledger's bounds.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.js';
import { sentAfter } from '../../src/http/retry-policy.js';
import { contentKey, isDuplicateRefusal } from '../../src/platform/exactly-once.js';
import { comparable } from '../../src/platform/find-sent.js';
import { LEDGER_TTL_MS, MAX_ENTRIES, PostLedger, ledgerPath, prune } from '../../src/platform/post-ledger.js';

const post = { method: 'POST', attempt: 1, idempotent: false };

describe('sentAfter', () => {
  it('a refused connection or an unknown host sent nothing; anything else after connecting may have', () => {
    expect(sentAfter('ECONNREFUSED', post)).toBe(false);
    expect(sentAfter('ENOTFOUND', post)).toBe(false);
    expect(sentAfter('UND_ERR_CONNECT_TIMEOUT', post)).toBe(false);
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'DEADLINE', 'EPIPE', undefined]) expect(sentAfter(code, post)).toBe('unknown');
  });
  it('reads have no sent; a retried idempotent write refused at last may have gone out before', () => {
    expect(sentAfter('ECONNRESET', { ...post, method: 'GET' })).toBeUndefined();
    expect(sentAfter('ECONNREFUSED', { method: 'DELETE', attempt: 3, idempotent: true })).toBe('unknown');
  });
});

describe('errors of writes', () => {
  it('an error status on a write is sent false; on a read there is no sent', () => {
    const init = { url: 'https://api.x.com/2/tweets', body: { title: 'Service Unavailable', type: 'about:blank' } };
    expect(new ApiError({ ...init, status: 503, method: 'POST' }).toJSON()).toMatchObject({ sent: false });
    expect(new ApiError({ ...init, status: 503, method: 'GET' }).toJSON()).not.toHaveProperty('sent');
  });
});

describe('isDuplicateRefusal', () => {
  const refusal = (body: unknown, status = 403) => new ApiError({ status, method: 'POST', url: 'https://api.x.com/2/tweets', body });
  it('knows the v2 problem and the v1.1 code 187', () => {
    const v2 = {
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    };
    expect(isDuplicateRefusal(refusal(v2))).toBe(true);
    expect(isDuplicateRefusal(refusal({ errors: [{ code: 187, message: 'Status is a duplicate.' }] }))).toBe(true);
  });
  it('not another 403, nor another status', () => {
    expect(isDuplicateRefusal(refusal({ type: 'about:blank', title: 'Forbidden', detail: 'You are not permitted.' }))).toBe(false);
    expect(isDuplicateRefusal(refusal({ errors: [{ code: 187, message: 'x' }] }, 400))).toBe(false);
  });
});

describe('contentKey and comparable', () => {
  it('the same content gives the same key, another target another', () => {
    expect(contentKey(['post', { text: 'a' }])).toBe(contentKey(['post', { text: 'a' }]));
    expect(contentKey(['post', { text: 'a' }])).not.toBe(contentKey(['post', { text: 'a', reply: { in_reply_to_tweet_id: '1' } }]));
    expect(contentKey(['post', { text: 'a' }])).toMatch(/^auto-[0-9a-f]{32}$/);
  });
  it('entities decoded, links as one token, reply mentions dropped', () => {
    expect(comparable('@alice @bob fish &amp; chips &lt;3 https://t.co/abc')).toBe(comparable('fish & chips <3 https://example.com/x'));
    expect(comparable('e\u0301')).toBe(comparable('\u00e9'));
    expect(comparable('fish')).not.toBe(comparable('chips'));
  });
});

describe('the ledger', () => {
  it('keeps a default key a day and a given key a week, newest first, at most MAX_ENTRIES', () => {
    const now = 10 * LEDGER_TTL_MS.explicit;
    const e = (key: string, explicit: boolean, age: number) => ({ key, profile: 'p', explicit, state: 'sent' as const, at: now - age });
    const kept = prune(
      [e('auto-old', false, LEDGER_TTL_MS.auto), e('auto-new', false, 1000), e('mine', true, LEDGER_TTL_MS.auto + 1)],
      now,
    );
    expect(kept.map((x) => x.key)).toEqual(['auto-new', 'mine']);
    const many = Array.from({ length: MAX_ENTRIES + 20 }, (_, i) => e(`k${i}`, true, i));
    expect(prune(many, now)).toHaveLength(MAX_ENTRIES);
    expect(prune(many, now)[0]!.key).toBe('k0');
  });
  it('is a 0600 file in the config dir, an entry per profile and key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'postctl-ledger-'));
    const env = { POSTCTL_CONFIG_DIR: dir };
    const ledger = new PostLedger(env, () => 1_000_000);
    ledger.set('default', 'k', { explicit: true, state: 'unknown', at: 1_000_000 });
    ledger.set('bot', 'k', { explicit: true, state: 'sent', at: 1_000_000, result: { id: '1' } });
    expect(ledger.get('default', 'k')?.state).toBe('unknown');
    expect(ledger.get('bot', 'k')?.result).toEqual({ id: '1' });
    ledger.set('default', 'k', null);
    expect(ledger.get('default', 'k')).toBeUndefined();
    expect(statSync(ledgerPath(env)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(ledgerPath(env), 'utf8')).entries).toHaveLength(1);
  });
});
