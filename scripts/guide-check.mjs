// `npm run guide:check`: docs/development.md's "How to add a verb", followed to the letter in a temporary
// copy of the repository (its tracked and new files, as they are in this work tree; node_modules linked):
// the section's four ```ts blocks are the four hand-written files (a block whose first line says
// "added at the end of `f(…)`" goes at the end of that function of an existing file, any other is a new
// file), then `npm run gen`. It fails unless
//   - git status shows those four files and generated ones only (manifests, completions, command lists,
//     docs/coverage.md), with the manifest, the three completion scripts and docs/commands.md among them;
//   - the copy typechecks, the four files pass biome, and help, the completion scripts and the sweep rows
//     (test/helpers/verb-rows.ts: a row derived from the verb's first example) see the new verb;
//   - the guide's own test file passes, with the tests that keep the generated files equal.
// Two to three minutes on the shared 2-core machine (a build, the coverage run, a typecheck, six
// test files), so it runs in .ci/run rather than in the suite; test/unit/dev-guide.test.ts checks the
// guide's shape and its flag walk in a second.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const GUIDE = 'docs/development.md';
/** What `npm run gen` may rewrite. */
const GENERATED = /^(src\/commands\/manifest\/[^/]+\.ts|completions\/[^/]+|docs\/commands\.md|README\.md|docs\/coverage\.md)$/;
const MUST_CHANGE = ['completions/_postctl', 'completions/postctl.bash', 'completions/postctl.fish', 'docs/commands.md'];

const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  return ok;
};

function sh(cmd, args, cwd, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env, maxBuffer: 64 << 20 });
  return { code: r.status ?? 1, out: r.stdout ?? '', err: r.stderr ?? '' };
}

/** The section's ```ts blocks: [path, where, text], `where` the function a block goes at the end of, or null for a new file. */
function blocks(md) {
  const start = md.indexOf('## How to add a verb');
  const end = md.indexOf('\n## ', start + 1);
  if (start < 0) throw new Error(`${GUIDE} has no "## How to add a verb" section`);
  const section = md.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^( *)```ts\n([\s\S]*?)^ *```$/gm)].map((m) => {
    const text = m[2].replace(new RegExp(`^${m[1]}`, 'gm'), '');
    const head = /^\/\/ ((?:src|test)\/\S+\.ts)(?:: added at the end of `(\w+)\()?/.exec(text);
    if (!head) throw new Error(`a ts block of the guide does not start with its path:\n${text}`);
    return [head[1], head[2] ?? null, head[2] ? text.slice(text.indexOf('\n') + 1) : text];
  });
}

/** `text` placed at the end of the body of `export function name(`… (its closing brace is the first `}` at column 0 after it). */
function appendToFunction(file, name, text) {
  const src = readFileSync(file, 'utf8');
  const at = src.search(new RegExp(`^export (async )?function ${name}\\(`, 'm'));
  if (at < 0) throw new Error(`${file} has no exported function ${name}: the guide's block cannot go there`);
  const close = src.indexOf('\n}\n', at);
  writeFileSync(file, `${src.slice(0, close + 1)}${text}${src.slice(close + 1)}`);
}

const copy = mkdtempSync(join(tmpdir(), 'postctl-guide-check-'));
const started = Date.now();
try {
  const files = sh('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], root).out.split('\0').filter(Boolean);
  for (const f of files) {
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    try {
      cpSync(join(root, f), join(copy, f));
    } catch {
      // A file deleted in the work tree but still in the index.
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const git = (...args) => sh('git', ['-c', 'user.name=guide', '-c', 'user.email=guide@example.invalid', ...args], copy);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'before the guide');
  console.log(`copied ${files.length} files to ${copy}`);

  const steps = blocks(readFileSync(join(root, GUIDE), 'utf8'));
  check(steps.length === 4, `the guide's "How to add a verb" has ${steps.length} ts blocks, not the 4 hand-written files`);
  for (const [path, where, text] of steps) {
    if (where) appendToFunction(join(copy, path), where, text);
    else {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text);
    }
  }
  const hand = steps.map(([p]) => p);
  const verbFile = hand.find((p) => p.startsWith('src/commands/'));
  const testFile = hand.find((p) => p.startsWith('test/'));
  if (!verbFile || !testFile) throw new Error('the guide writes no verb file under src/commands/ or no test under test/');
  const verb = verbFile
    .replace(/^src\/commands\//, '')
    .replace(/(\/index)?\.ts$/, '')
    .split('/');
  const firstExample = /examples: \[\s*'([^']+)'/.exec(readFileSync(join(copy, verbFile), 'utf8'))?.[1];
  console.log(`wrote ${hand.join(', ')}: postctl ${verb.join(' ')}`);

  const gen = sh(process.execPath, ['scripts/gen.mjs'], copy);
  if (!check(gen.code === 0, `npm run gen failed:\n${gen.out}${gen.err}`)) throw new Error('stopped');
  console.log(gen.out.trim().split('\n').at(-1));

  const changed = git('status', '--porcelain', '--untracked-files=all')
    .out.split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  const other = changed.filter((f) => !hand.includes(f) && !GENERATED.test(f));
  check(other.length === 0, `files changed beyond the four and the generated ones: ${other.join(', ')}`);
  for (const f of [...hand, ...MUST_CHANGE]) check(changed.includes(f), `${f} did not change`);
  check(
    changed.some((f) => f.startsWith('src/commands/manifest/')),
    'no manifest changed',
  );
  console.log(
    `git status: ${changed.length} files (${hand.length} hand-written, ${changed.length - hand.length} generated): ${changed.join(', ')}`,
  );

  const tsc = sh(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], copy);
  check(tsc.code === 0, `the copy does not typecheck:\n${tsc.out}`);
  const biome = sh(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '--error-on-warnings', '--colors=off', ...hand], copy);
  check(biome.code === 0, `the guide's files fail biome:\n${biome.out}${biome.err}`);

  const cli = (...args) =>
    sh(process.execPath, ['bin/postctl.js', ...args], copy, { PATH: process.env.PATH, NO_COLOR: '1', COLUMNS: '200' });
  const parent = cli(...verb.slice(0, -1), '--help').out;
  check(
    new RegExp(`^ {2}${verb.at(-1)}\\b`, 'm').test(parent),
    `\`postctl ${verb.slice(0, -1).join(' ')} --help\` does not list ${verb.at(-1)}`,
  );
  check(cli(...verb, '--help').code === 0, `\`postctl ${verb.join(' ')} --help\` fails`);
  const bash = readFileSync(join(copy, 'completions/postctl.bash'), 'utf8');
  check(bash.includes(verb.at(-1)), `completions/postctl.bash does not offer ${verb.at(-1)}`);

  // The sweep row, as the sweeps build it: a throwaway bundle of test/helpers/verb-rows.ts prints the new verb's.
  const probe = join(copy, `.guide-rows.${process.pid}.mjs`);
  await build({
    absWorkingDir: copy,
    stdin: {
      contents:
        "import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';\n" +
        "import { verbRows } from './verb-rows.ts';\n" +
        "const rows = await verbRows(mkdtempSync(join(tmpdir(), 'guide-rows-')), 'guide-key');\n" +
        'console.log(JSON.stringify(rows[process.argv[2]] ?? null));\n',
      resolveDir: join(copy, 'test', 'helpers'),
      loader: 'ts',
    },
    outfile: probe,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    define: { __POSTCTL_VERSION__: '"0"' },
    logLevel: 'warning',
  });
  const row = JSON.parse(sh(process.execPath, [probe, verb.join(' ')], copy).out || 'null');
  rmSync(probe);
  check(
    row?.example === firstExample && row.args.join(' ') === firstExample?.replace(/^postctl /, ''),
    `the sweeps' row of ${verb.join(' ')} is not its first example (${firstExample}): ${JSON.stringify(row)}`,
  );
  console.log(`sweep row: ${row?.args.join(' ')}`);

  const tests = [
    testFile,
    'test/unit/verb-rows.test.ts',
    'test/unit/verb-paths.test.ts',
    'test/unit/help.test.ts',
    'test/cli/completion.test.ts',
    'test/cli/readme.test.ts',
  ];
  const vitest = sh(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...tests], copy);
  check(vitest.code === 0, `tests failed in the copy (${tests.join(' ')}):\n${vitest.out.slice(-4000)}${vitest.err.slice(-2000)}`);
  const passed = /Tests\s+.*?(\d+) passed/.exec(vitest.out.replace(/\x1b\[[0-9;]*m/g, ''))?.[1];
  console.log(`tests in the copy: ${passed ?? '?'} passed`);
} catch (e) {
  if (e.message !== 'stopped') failures.push(e.message);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
console.log(`guide:check ${failures.length ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const f of failures) console.error(`- ${f}`);
process.exit(failures.length ? 1 : 0);
