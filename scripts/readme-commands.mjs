// Writes the command index from the command tree: one line per verb into docs/commands.md, and one
// line per top-level word into README.md, each between the commands:start and commands:end markers.
// Run after changing commands: `npm run gen` runs it after the build (test/cli/readme.test.ts fails when either is stale).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const index = (...extra) =>
  execFileSync(process.execPath, [`${root}bin/postctl.js`, 'help', 'commands', '--markdown', ...extra], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });

function fill(file, list) {
  const text = readFileSync(file, 'utf8');
  const start = text.search(/<!-- commands:start[^\n]*-->\n/);
  const end = text.indexOf('<!-- commands:end -->');
  if (start < 0 || end < start) throw new Error(`${file} has no <!-- commands:start … --> / <!-- commands:end --> markers`);
  const head = text.slice(0, text.indexOf('\n', start) + 1);
  writeFileSync(file, head + list + text.slice(end));
  console.log(`${file.slice(root.length)}: ${list.trim().split('\n').length} lines`);
}

fill(`${root}docs/commands.md`, index());
fill(`${root}README.md`, index('--groups'));
