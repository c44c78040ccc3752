import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// The sweeps over every verb, every help example, every docs line and the package: they check what the
// command tree, the docs and the tarball declare, which does not change with the Node version, and they are
// a third of the suite's time. CI runs them once, on Node 20 (the `npm test` run); the Node 24 and 26 runs set
// POSTCTL_TEST_SWEEPS=off (.ci/run, scripts/test-newer-node.mjs).
const SWEEPS = [
  'test/cli/help-examples.test.ts',
  'test/cli/help-examples-ahead.test.ts',
  'test/cli/docs-commands.test.ts',
  'test/cli/coverage.test.ts',
  'test/cli/package.test.ts',
  'test/hardening/secrets.test.ts',
  'test/hardening/mcp-secrets.test.ts',
  'test/hardening/path-ids-sweep.test.ts',
  'test/hardening/url-args-sweep.test.ts',
  'test/hardening/account-sweep.test.ts',
  'test/unit/verb-paths.test.ts',
];

export default defineConfig({
  // Same compile-time constant the bundle gets (scripts/build.mjs).
  define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.POSTCTL_TEST_SWEEPS === 'off' ? SWEEPS : [])],
    // One warm compiled-code cache shared by the CLI runs of the whole suite (see the file).
    globalSetup: ['test/global-setup.ts'],
    // Property tests run from a fixed seed (see the file).
    setupFiles: ['test/fast-check-seed.ts', 'test/faked-time.ts'],
    // The figures of fault runs and benchmarks-in-tests are printed, not asserted.
    silent: false,
    pool: 'forks',
    // vitest picks cpus - 1 workers, which is 1 on these 2-core machines; most CLI tests wait on a
    // child process or the emulator rather than the CPU, so two workers halve the suite's time
    // (measured: 158 s with 2 workers against about 400 s with 1 for the same 1,768 tests). Three are better
    // still on a quiet machine, where the two cores are otherwise idle while workers wait: the whole suite
    // (2,956 tests, shuffled) took 196 s with 2 and 167 s with 3, back to back (issue 29). On a machine
    // loaded by other work 3 lost (21 CLI files: 60 and 70 s with 2, 67 and 81 s with 3), so CI, which
    // runs alone, is what this is set for.
    maxWorkers: 3,
    // Each worker runs its files one after another in one process (no fresh process and module graph per
    // file): the tests share no mutable module state (each makes its own emulator, config and cache dirs).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
