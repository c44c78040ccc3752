// The unit tests of the pure modules (no built CLI, no emulator process): used by `npm run mutate`
// (stryker.config.mjs), where every mutant reruns the tests that cover it.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
  test: {
    // Property tests run from a fixed seed (test/fast-check-seed.ts).
    setupFiles: ['test/fast-check-seed.ts'],
    // The unit tests that import the mutated modules (stryker.config.mjs `mutate`);
    // a new unit test of one of them belongs in this list.
    include: [
      'test/unit/oauth1.test.ts',
      'test/unit/oauth1-vectors.test.ts',
      'test/unit/properties.test.ts',
      'test/unit/http.test.ts',
      'test/unit/auth.test.ts',
      'test/unit/ads-core-money.test.ts',
      'test/unit/ads-core-line-item.test.ts',
      'test/unit/audiences-normalize.test.ts',
      'test/unit/audiences-batch.test.ts',
      'test/unit/creatives-rules.test.ts',
      'test/unit/catalogs-feed.test.ts',
      'test/unit/platform-posts.test.ts',
      'test/unit/errors.test.ts',
      'test/unit/pure-modules.test.ts',
      'test/unit/audiences-batch-edges.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
