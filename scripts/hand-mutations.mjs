#!/usr/bin/env node
// Hand mutations (issue 29): realistic slips a maintainer could make outside the
// Stryker scope, each with the test that must catch it. For each one the tree is
// changed in a temporary copy, built, the listed test files are run, and the
// change is reverted before the next. A mutation the tests let pass is MISSED; one
// whose `find` text is no longer in its file exactly once is NOT APPLICABLE (the
// code moved: update the list). Either makes the exit code 1.
//
//   npm run mutate:hand                 all of them (a few minutes)
//   npm run mutate:hand -- --only <id>  one
//
// Not run by CI: it builds once per mutation and runs CLI tests, minutes on a
// shared 2-core machine. Before mutating, the listed tests are run once on the
// unchanged copy: a test that already fails cannot show that it catches anything.
// The list must match the table in docs/development.md ("The hand mutations of
// issue 29"), one row per id: the script refuses to run when they differ.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * id, what (one line), file, find (exact text, once in the file), replace, tests (files), grep (a -t pattern).
 * @type {Array<{id: string, what: string, file: string, find: string, replace: string, tests: string[], grep?: string}>}
 */
const MUTATIONS = [
  {
    id: 'media-delete-id-segment',
    what: '`ads media delete` builds its path by hand, without idSegment (`..` deletes against the account path)',
    file: 'src/creatives/account-media.ts',
    find: 'export const deleteAccountMedia = accountMedia.delete;',
    replace:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the TypeScript file, template literal included
      "export const deleteAccountMedia = (client, account, key) =>\n  client.request({ api: account.api, method: 'DELETE', path: `${accountMedia.listRequest(account, undefined).path}/${key}` });",
    tests: ['test/hardening/path-ids-sweep.test.ts'],
    grep: 'ads media delete',
  },
  {
    id: 'verbose-trace-raw',
    what: 'the --verbose trace writer (src/entry/context.ts) without neutralize',
    file: 'src/entry/context.ts',
    find: 'this.chalk.dim(neutralize(line, true))',
    replace: 'this.chalk.dim(line)',
    tests: ['test/hardening/hostile-messages.test.ts'],
    grep: 'verbose: ',
  },
  {
    id: 'stream-backoff-flat',
    what: 'stream reconnect backoff not growing (backoffDelay(1, …) in src/platform/events.ts)',
    file: 'src/platform/events.ts',
    find: 'backoffDelay(attempt, { baseMs: opts.baseDelayMs',
    replace: 'backoffDelay(1, { baseMs: opts.baseDelayMs',
    tests: ['test/hardening/stream-exact.test.ts'],
    grep: 'reconnect',
  },
  {
    id: 'stream-json-parse',
    what: 'stream lines parsed with JSON.parse instead of the lossless parser',
    file: 'src/platform/events.ts',
    find: 'msg = parseJson(line) as typeof msg;',
    replace: 'msg = JSON.parse(line) as typeof msg;',
    tests: ['test/hardening/stream-exact.test.ts'],
    grep: 'keeps every digit',
  },
  {
    id: 'audience-400-retried',
    what: 'a plain 400 audience batch (no per-user errors) resent up to three times',
    file: 'src/audiences/batch-sender.ts',
    find: '    if (repaired) return repaired;\n',
    replace: "    if (repaired) return repaired;\n    if (++f.mismatches < MISMATCH_ATTEMPTS) return 'again';\n",
    tests: ['test/cli/audiences-faults.test.ts'],
    grep: 'a plain 400',
  },
  {
    id: 'sign-once',
    what: 'a request signed once instead of on every attempt (one nonce for all retries)',
    file: 'src/http/client.ts',
    find: '    for (let attempt = 1; ; attempt++) {\n      if (this.opts.signal?.aborted) throw new Interrupted();\n      // Signed anew on every attempt: fresh nonce and timestamp.\n      const headers = { ...baseHeaders };\n      const auth = await this.authorizer.header(opts, method, url, [...query, ...(form ?? [])]);\n',
    replace:
      '    const auth = await this.authorizer.header(opts, method, url, [...query, ...(form ?? [])]);\n    for (let attempt = 1; ; attempt++) {\n      if (this.opts.signal?.aborted) throw new Interrupted();\n      const headers = { ...baseHeaders };\n',
    tests: ['test/cli/request.test.ts'],
    grep: 'freshly signed',
  },
  {
    id: 'lock-no-heartbeat',
    what: "the refresh lock's heartbeat disabled (a slow holder's lock ages out and is broken)",
    file: 'src/config/lock.ts',
    find: 'setInterval(() => renew(lockPath, mine),',
    replace: 'setInterval(() => undefined,',
    tests: ['test/hardening/hostile-oauth2.test.ts'],
    grep: 'two processes',
  },
  {
    id: 'money-float',
    what: 'a money flag converted with Math.round(Number(x) * 1e6) instead of toMicros (src/validate/wire-flags.ts)',
    file: 'src/validate/wire-flags.ts',
    find: 'params[wire] = toMicros(String(value)).toString();',
    replace: 'params[wire] = String(Math.round(Number(value) * 1e6));',
    tests: ['test/unit/ads-core-line-item.test.ts'],
  },
  {
    id: 'flags-no-conflict',
    what: 'the conflict check keyed by flag, not by parameter: --bid and --bid-amount-local-micro together, the last wins',
    file: 'src/validate/wire-flags.ts',
    find: '    if (setBy[wire]) throw new UsageError(',
    replace: '    if (setBy[flag]) throw new UsageError(',
    tests: ['test/unit/ads-core-line-item.test.ts'],
  },
  {
    id: 'rate-limit-reset-ignored',
    what: 'a 429 with x-rate-limit-reset (the platform API) backs off instead of waiting for the reset',
    file: 'src/http/rate-limit.ts',
    find: "for (const name of ['x-account-rate-limit-reset', 'x-rate-limit-reset'])",
    replace: "for (const name of ['x-account-rate-limit-reset'])",
    tests: ['test/hardening/hostile-server.test.ts'],
    grep: 'ordinary 429 wait',
  },
  {
    id: 'authorization-unredacted',
    what: 'the Authorization header shown in full in the --verbose trace',
    file: 'src/http/redact.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the TypeScript file, template literal included
    find: '      return `${scheme} ${REDACTED}`;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the TypeScript file, template literal included
    replace: '      return `${scheme} ${value.slice(scheme.length + 1)}`;',
    tests: ['test/hardening/secrets.test.ts'],
  },
  {
    id: 'foreign-origin-credentials',
    what: 'only the consumer secret kept from other origins: OAuth 1.0a and bearer credentials sent to any host',
    file: 'src/http/origin-policy.ts',
    find: "    if (credentials !== 'none') {",
    replace: "    if (credentials === 'basic') {",
    tests: ['test/hardening/credentials-origin.test.ts'],
    grep: 'to another origin',
  },
  {
    id: 'authorization-header-not-credentials',
    what: 'an Authorization header set with auth none (the OAuth 2.0 path, the token endpoints) not counted as credentials',
    file: 'src/http/origin-policy.ts',
    find: "  return Object.keys(headers ?? {}).some((k) => k.toLowerCase() === 'authorization') ? 'header' : 'none';",
    replace: "  return 'none';",
    tests: ['test/hardening/credentials-sweep.test.ts'],
    grep: 'Authorization header',
  },
  {
    id: 'csv-formula-partial',
    what: 'CSV formula guard reduced to = + - (cells starting with @, tab or CR go out raw)',
    file: 'src/output/cells.ts',
    find: 'const FORMULA_START = /^[=+\\-@\\t\\r]/;',
    replace: 'const FORMULA_START = /^[=+\\-]/;',
    tests: ['test/hardening/hostile-output.test.ts'],
    grep: 'CSV formula values',
  },
  {
    id: 'catalog-batch-26',
    what: 'catalog upsert batches cut at 26 products instead of 25',
    file: 'src/catalogs/upsert.ts',
    find: 'if (items.length === UPSERT_BATCH) {',
    replace: 'if (items.length > UPSERT_BATCH) {',
    tests: ['test/cli/catalogs-upsert.test.ts'],
    grep: 'dry-run validates',
  },
  {
    id: 'audience-batch-size-2501',
    what: '--batch-size of audiences upload accepting 2501 (the bound off by one)',
    file: 'src/commands/audiences/_upload.ts',
    find: '[integerBetween(1, USERS_LIMITS.maxUsers)]',
    replace: '[integerBetween(1, USERS_LIMITS.maxUsers + 1)]',
    tests: ['test/cli/audiences-upload.test.ts'],
    grep: 'checked before sending',
  },
  {
    id: 'state-file-in-place',
    what: 'the resume state file written in place (truncate and write) instead of temp file + rename',
    file: 'src/bulk/state.ts',
    find: '    const { tmp, fh } = await openExclusiveTemp(this.path);\n    try {\n      try {\n        await fh.writeFile(JSON.stringify(body, null, 1) + ',
    replace:
      "    const tmp = this.path;\n    const fh = await open(this.path, 'w');\n    try {\n      try {\n        await fh.writeFile(JSON.stringify(body, null, 1) + ",
    tests: ['test/hardening/inputs.test.ts'],
    grep: 'replaced whole',
  },
];

function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const count = (text, find) => text.split(find).length - 1;
const secondsSince = (t0) => ((Date.now() - t0) / 1000).toFixed(0);

/** The copy: the worktree without node_modules, dist and reports; node_modules is a link to the real one. */
function makeCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'postctl-hand-mutations-'));
  const skip = new Set(['node_modules', 'dist', 'reports', '.git', '.stryker-tmp']);
  cpSync(root, dir, { recursive: true, filter: (src) => !skip.has(src.slice(root.length).split('/')[0] ?? '') });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Throws when a child ended by Ctrl-C: its result says nothing about the mutation. */
function interrupted(r) {
  if (r.signal === 'SIGINT' || r.status === 130) throw new Error('interrupted');
}

function build(dir) {
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'build.mjs')], { cwd: dir, encoding: 'utf8' });
  interrupted(r);
  return r.status === 0 ? undefined : `${r.stdout}${r.stderr}`.trim().split('\n').slice(-3).join(' | ');
}

/** Runs vitest on `files` (with -t `grep`); passed, and the first failure's first line. */
function runTests(dir, files, grep) {
  const out = join(dir, 'vitest-report.json');
  rmSync(out, { force: true });
  const args = [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...files, '--reporter=json', `--outputFile=${out}`];
  // --testNamePattern=…: a pattern starting with `-` would otherwise be read as an option.
  if (grep) args.push(`--testNamePattern=${grep}`);
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  interrupted(r);
  if (!existsSync(out))
    return { passed: false, ran: 0, failure: `vitest wrote no report (exit ${r.status}): ${r.stderr.trim().split('\n')[0]}` };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  let failure;
  for (const file of report.testResults) {
    for (const t of file.assertionResults)
      if (t.status === 'failed' && failure === undefined) failure = `${t.title}: ${(t.failureMessages[0] ?? '').split('\n')[0]}`;
    if (failure === undefined && file.status === 'failed' && file.message) failure = file.message.split('\n')[0];
  }
  return { passed: r.status === 0 && report.success, ran: report.numPassedTests + report.numFailedTests, failure };
}

/** The ids in the docs table (first column, in backticks) must be exactly the list's: the table is its account. */
function docsMismatch() {
  const guide = readFileSync(join(root, 'docs', 'development.md'), 'utf8');
  const section = guide.split('### The hand mutations of issue 29')[1]?.split(/\n#{2,3} /)[0] ?? '';
  const inDocs = [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
  const ids = MUTATIONS.map((m) => m.id);
  const missing = ids.filter((id) => !inDocs.includes(id));
  const extra = inDocs.filter((id) => !ids.includes(id));
  if (!missing.length && !extra.length) return undefined;
  return `docs/development.md ("The hand mutations of issue 29") is out of step with this list: ${[
    missing.length ? `not in the table: ${missing.join(', ')}` : '',
    extra.length ? `not in the list: ${extra.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ')}`;
}

const mismatch = docsMismatch();
if (mismatch) {
  console.error(mismatch);
  process.exit(1);
}

const only = arg('only');
const list = only ? MUTATIONS.filter((m) => m.id === only) : MUTATIONS;
if (!list.length) {
  console.error(`no mutation with id ${JSON.stringify(only)}; ids: ${MUTATIONS.map((m) => m.id).join(', ')}`);
  process.exit(2);
}

const t0 = Date.now();
const dir = makeCopy();
// Ctrl-C reaches the build or vitest too (same process group): the child's end is seen as an interruption
// (interrupted() below), which ends the run through the `finally` that removes the copy. The handler only keeps
// Node from dying at once with the copy left behind.
process.on('SIGINT', () => {});
const rows = [];
let ok = true;
try {
  // The unchanged copy first: every listed test must pass (and match at least one test) before it can catch anything.
  const baseErr = build(dir);
  if (baseErr) throw new Error(`the unchanged copy does not build: ${baseErr}`);
  const groups = new Map();
  for (const m of list) groups.set(`${m.tests.join(' ')}\0${m.grep ?? ''}`, m);
  for (const m of groups.values()) {
    const tb = Date.now();
    const base = runTests(dir, m.tests, m.grep);
    console.error(
      `baseline ${m.tests.join(' ')}${m.grep ? ` -t ${JSON.stringify(m.grep)}` : ''}: ${base.passed ? 'pass' : 'FAIL'}, ${base.ran} tests, ${secondsSince(tb)} s`,
    );
    if (!base.passed || base.ran === 0)
      throw new Error(`the tests fail (or match none) without any mutation: ${base.failure ?? 'no test ran'}`);
  }
  for (const m of list) {
    const tm = Date.now();
    const path = join(dir, m.file);
    const original = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const n = count(original, m.find);
    let result;
    let line = '';
    if (n !== 1) {
      result = 'NOT APPLICABLE';
      line = `find text occurs ${n} times in ${m.file}`;
    } else {
      writeFileSync(
        path,
        original.replace(m.find, () => m.replace),
      );
      try {
        const err = build(dir);
        if (err) {
          result = 'BUILD FAILED';
          line = err;
        } else {
          const r = runTests(dir, m.tests, m.grep);
          result = r.passed ? 'MISSED' : 'caught';
          line = r.failure ?? '';
        }
      } finally {
        writeFileSync(path, original);
      }
    }
    if (result !== 'caught') ok = false;
    rows.push({ id: m.id, what: m.what, result, line, seconds: secondsSince(tm) });
    console.error(`${m.id}: ${result} (${rows.at(-1).seconds} s)`);
  }
} catch (e) {
  ok = false;
  console.error(e?.message ?? e);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (rows.length) {
  const cut = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  console.log('| id | what | result | first failing line | s |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.id} | ${r.what} | ${r.result} | ${cut(r.line.replace(/\|/g, '\\|'), 160)} | ${r.seconds} |`);
}
console.log(`${rows.filter((r) => r.result === 'caught').length} of ${list.length} caught in ${secondsSince(t0)} s`);
process.exit(ok ? 0 : 1);
