#!/usr/bin/env node
// Tiny launcher: everything lives in the bundled CLI (see scripts/build.mjs).
// `--version` and help (`--help`, `<words> --help`, `help <words>`) are answered
// here, from package.json and the help texts the build rendered with commander
// (dist/help.txt, dist/help/<words>.txt), without loading the CLI at all.
import { readFileSync } from 'node:fs';
import module from 'node:module';

const args = process.argv.slice(2);
const isWord = (w) => /^[a-z][a-z0-9-]*$/.test(w);
const last = args[args.length - 1];
const helpWords =
  args.length > 1 && (last === '--help' || last === '-h') && args.slice(0, -1).every(isWord)
    ? args.slice(0, -1)
    : args.length > 1 && args[0] === 'help' && args.slice(1).every(isWord)
      ? args.slice(1)
      : undefined;
const fast =
  args.length === 1 && ['--version', '-V'].includes(args[0])
    ? 'version'
    : args.length === 1 && ['--help', '-h', 'help'].includes(args[0])
      ? 'help'
      : helpWords
        ? 'words'
        : undefined;
let text;
try {
  if (fast === 'version') text = `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`;
  else if (fast === 'help') text = readFileSync(new URL('../dist/help.txt', import.meta.url), 'utf8');
  else if (fast === 'words') text = readFileSync(new URL(`../dist/help/${helpWords.join('_')}.txt`, import.meta.url), 'utf8');
} catch {
  text = undefined; // not built yet, or not a command (a help topic, a typo): the CLI answers
}
if (text !== undefined) {
  // The texts are unwrapped: fitted here to the terminal (COLUMNS when piped, else 80), words whole.
  const { helpWidth, wrapHelp } = fast === 'version' ? {} : await import('../dist/help-wrap.js');
  if (wrapHelp) text = wrapHelp(text, helpWidth(process.stdout, process.env));
  process.stdout.on('error', () => undefined); // piped into `head`: end quietly
  process.stdout.write(text);
} else {
  // Node 22.1+ can cache compiled code between runs; on Node 20 this is a no-op.
  module.enableCompileCache?.();
  await import('../dist/cli.js');
}
