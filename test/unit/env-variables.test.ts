// The POSTCTL_* variables postctl reads are the user-facing ones docs/configuration.md documents: no variable
// only tests use (waits and clocks come from the test world, test/helpers/world.ts), none undocumented. The
// list is read from the source (bin/ and src/, the emulator's own command included).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|js)$/.test(n) ? [p] : [];
  });
}

/** Every POSTCTL_ name in the given texts (a whole word: not the build's __POSTCTL_VERSION__ constant). */
function variables(texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/(?<![A-Za-z0-9_])POSTCTL_[A-Z0-9_]*[A-Z0-9](?![A-Za-z0-9_])/g)) found.add(m[0]);
  return found;
}

const read = (p: string) => readFileSync(p, 'utf8');

describe('environment variables', () => {
  const used = variables([...files(join(ROOT, 'src')), ...files(join(ROOT, 'bin'))].map(read));
  const documented = variables([read(join(ROOT, 'docs/configuration.md'))]);

  it('every POSTCTL_* variable the code reads is documented in docs/configuration.md', () => {
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((v) => !documented.has(v)).sort()).toEqual([]);
  });

  it('none of the removed test-only variables is read any more', () => {
    const testOnly = [
      'POSTCTL_TEST_WRITE_PAUSE_MS',
      'POSTCTL_STATS_POLL_MS',
      'POSTCTL_STATS_MAX_POLL_MS',
      'POSTCTL_MEDIA_POLL_MS',
      'POSTCTL_ENGAGE_WINDOW_MS',
    ];
    expect(testOnly.filter((v) => used.has(v))).toEqual([]);
  });

  it('the scan finds an undocumented name (a planted one)', () => {
    const planted = variables(["envNumber(env, 'POSTCTL_PLANTED_MS')", '__POSTCTL_VERSION__']);
    expect([...planted]).toEqual(['POSTCTL_PLANTED_MS']);
    expect(documented.has('POSTCTL_PLANTED_MS')).toBe(false);
  });
});
