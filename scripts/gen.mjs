// `npm run gen`: every generated file that is committed, from ONE build. After adding or changing a verb,
// run this and commit what it rewrites:
//   src/commands/manifest/*.ts      the verb manifests (scripts/manifest.mjs, run by the build)
//   completions/                    the bash, zsh and fish completion scripts (`postctl completion <shell>`)
//   docs/commands.md, README.md     the command lists (scripts/readme-commands.mjs)
//   docs/coverage.md                which verb calls each platform operation (scripts/coverage.mjs: every
//                                   platform verb runs against the emulator, about 30 s)
// `--no-coverage` skips the last, for a quick pass; the tests that keep each file equal
// (test/unit/verb-paths, test/cli/completion, test/cli/readme, test/cli/coverage) name this command.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { PATH: process.env.PATH, NO_COLOR: '1' };

function node(args, options = {}) {
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (r.status !== 0) {
    process.stderr.write(r.stderr ?? '');
    console.error(`npm run gen: \`node ${args.join(' ')}\` failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  return r;
}

const started = Date.now();
node([join(root, 'scripts', 'build.mjs')], { stdio: ['ignore', 'inherit', 'inherit'] });
console.log('built dist/ and wrote src/commands/manifest/');

const COMPLETIONS = { bash: 'postctl.bash', zsh: '_postctl', fish: 'postctl.fish' };
for (const [shell, file] of Object.entries(COMPLETIONS))
  writeFileSync(join(root, 'completions', file), node([join(root, 'bin', 'postctl.js'), 'completion', shell], { env }).stdout);
console.log(`completions/: ${Object.values(COMPLETIONS).join(', ')}`);

node([join(root, 'scripts', 'readme-commands.mjs')], { stdio: ['ignore', 'inherit', 'inherit'] });

if (!process.argv.includes('--no-coverage')) {
  // Its per-verb progress is left out; what is wrong (an operation with neither verb nor reason) is shown.
  const { stderr } = node([join(root, 'scripts', 'coverage.mjs')], { stdio: ['ignore', 'ignore', 'pipe'] });
  for (const line of stderr.split('\n')) if (line && !/: exit \S+, \d+ request\(s\)$/.test(line)) console.log(line);
}
console.log(`npm run gen: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
