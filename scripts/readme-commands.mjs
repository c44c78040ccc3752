// Writes the command index (one line per verb, from the command tree) into
// README.md between the commands:start and commands:end markers. Run after
// changing commands: `npm run readme:commands` (test/cli/readme.test.ts fails when it is stale).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = `${root}README.md`;
const index = execFileSync(process.execPath, [`${root}bin/postctl.js`, 'help', 'commands', '--markdown'], {
  encoding: 'utf8',
  env: { PATH: process.env.PATH, NO_COLOR: '1' },
});
const text = readFileSync(readme, 'utf8');
const start = text.search(/<!-- commands:start[^\n]*-->\n/);
const end = text.indexOf('<!-- commands:end -->');
if (start < 0 || end < start) throw new Error('README.md has no <!-- commands:start … --> / <!-- commands:end --> markers');
const head = text.slice(0, text.indexOf('\n', start) + 1);
writeFileSync(readme, head + index + text.slice(end));
console.log(`README.md: ${index.trim().split('\n').length} commands`);
