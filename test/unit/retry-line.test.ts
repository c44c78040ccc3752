// The retry line counts attempts against the retry budget, and never shows an
// attempt past it: waits for a rate limit are bounded by --max-wait, not by the
// count, so the seventh attempt of a 429 series has no "of 6".
import { describe, expect, it } from 'vitest';
import { retryLine } from '../../src/http/retry-notice.js';

const URL_ = 'http://127.0.0.1:1/2/tweets?ids=20';

describe('retryLine', () => {
  it('the attempt about to be made, of the retries plus one', () => {
    expect(retryLine('GET', URL_, 'server error 503', 1, 5, 4000)).toBe(
      'retrying GET /2/tweets after server error 503 (attempt 2 of 6) in 4 s',
    );
    expect(retryLine('GET', URL_, 'server error 503', 5, 5, 250)).toContain('(attempt 6 of 6) in 250 ms');
  });

  it('past the count (rate-limit waits): the attempt without "of"', () => {
    for (const attempt of [6, 9]) {
      const line = retryLine('GET', URL_, 'rate limited (429)', attempt, 5, 1500);
      expect(line).toBe(`retrying GET /2/tweets after rate limited (429) (attempt ${attempt + 1}) in 1.5 s`);
      expect(line).not.toMatch(/of 6/);
    }
  });
});
