// Mutation testing of the pure modules (`npm run mutate`; not run in CI: it
// takes minutes). Only the unit tests run (vitest.unit.config.ts), and with
// perTest coverage each mutant reruns only the tests that reach it.
// Scores and the account of every surviving mutant: docs/development.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.unit.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  // Reruns only mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  // Mutants in module-level tables run every test each (76% of the time for 7%
  // of the mutants): skipped on this shared 2-core machine; see docs/development.md.
  ignoreStatic: true,
  mutate: [
    'src/http/oauth1.ts', // OAuth 1.0a signing
    'src/http/encode.ts', // RFC 3986 percent-encoding, form parsing
    'src/validate/money.ts', // decimal money ↔ micros
    'src/audiences/normalize.ts', // audience identifier normalization
    'src/validate/rules.ts', // the shared validation checkers
    'src/errors/api-error.ts:47-91', // problem kind and HTTP status → exit code
    'src/errors/cli-error.ts', // error classes and their exit codes
    'src/audiences/encode.ts', // where audience upload batches are cut
  ],
  // The machine is shared: one test process at a time.
  concurrency: 1,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
