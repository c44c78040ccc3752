#!/usr/bin/env node
// Tiny launcher: everything lives in the bundled CLI (see scripts/build.mjs).
// `--version` and top-level `--help` are answered here, from package.json and
// the help text the build rendered, without loading the CLI at all.
import { readFileSync } from 'node:fs';
import module from 'node:module';

const args = process.argv.slice(2);
const fast = args.length !== 1 ? undefined : ['--version', '-V'].includes(args[0]) ? 'version' : ['--help', '-h', 'help'].includes(args[0]) ? 'help' : undefined;
let text;
try {
  if (fast === 'version') text = `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`;
  else if (fast === 'help') text = readFileSync(new URL('../dist/help.txt', import.meta.url), 'utf8');
} catch {
  text = undefined; // not built yet: the CLI renders it
}
if (text !== undefined) {
  process.stdout.on('error', () => undefined); // piped into `head`: end quietly
  process.stdout.write(text);
} else {
  // Node 22.1+ can cache compiled code between runs; on Node 20 this is a no-op.
  module.enableCompileCache?.();
  await import('../dist/cli.js');
}
