#!/usr/bin/env node
// Tiny launcher: everything lives in the bundled CLI (see scripts/build.mjs).
// `--version` and help (`--help`, `<words> --help`, `help <words>`) are answered
// here, from package.json and the help texts the build rendered with commander
// (dist/help.txt, dist/help/<words>.txt), without loading the CLI at all.
//
// CommonJS (bin/package.json), unlike the rest of the package: an API call then
// runs without Node's ES-module loader, which an ES-module entry file starts
// first (10–15 % of an empty Node 20 run); only help and the ES-module CLI
// import() what they need.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
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
  if (fast === 'version') text = `${JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version}\n`;
  else if (fast === 'help') text = readFileSync(join(dist, 'help.txt'), 'utf8');
  else if (fast === 'words') text = readFileSync(join(dist, 'help', `${helpWords.join('_')}.txt`), 'utf8');
} catch {
  text = undefined; // not built yet, or not a command (a help topic, a typo): the CLI answers
}

/**
 * The API script of argv's command word (scripts/build.mjs builds one per API side): the ads side's for
 * ads, creatives, catalogs and audiences, else the platform's. Global flags before the word are skipped
 * (VALUE_FLAGS take a value; test/cli/startup.test.ts keeps the list equal to the global options). A wrong
 * pick only costs speed: that script resolves nothing and the ES-module CLI runs argv.
 */
const ADS_SIDE = new Set(['ads', 'creatives', 'catalogs', 'audiences']);
const VALUE_FLAGS = new Set(['--profile', '-o', '--output', '--columns', '--query', '--timeout', '--max-wait', '--max-pages']);
function apiScript(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_FLAGS.has(argv[i])) i++;
    else if (!argv[i].startsWith('-')) return ADS_SIDE.has(argv[i]) ? 'api-ads.js' : 'api-script.js';
  }
  return 'api-script.js';
}

/** The exports of a CommonJS script the build wrote under dist/ (where .js files are ES modules to Node). */
function runScript(path) {
  const mod = { exports: {} };
  const source = readFileSync(path, 'utf8');
  require('node:vm').runInThisContext(`(function (exports, module) {${source}\n})`, { filename: path })(mod.exports, mod);
  return mod.exports;
}

async function main() {
  if (text !== undefined) {
    // The texts are unwrapped: fitted here to the terminal (COLUMNS when piped, else 80), words whole.
    if (fast !== 'version') {
      const { helpWidth, wrapHelp } = runScript(join(dist, 'chunks', 'help-wrap.js'));
      text = wrapHelp(text, helpWidth(process.stdout, process.env));
    }
    process.stdout.on('error', () => undefined); // piped into `head`: end quietly
    process.stdout.write(text);
    return;
  }
  // An API call runs from one script with a V8 code cache (bin/code-cache.js), on
  // every Node version: on Node 22+ too it starts faster than the ES modules with
  // Node's compile cache. Help, topics and version flags never resolve to a verb
  // and skip it, as does what the fast path does not resolve (or the script leaves
  // out): those go to the ES-module CLI, with Node's compile cache (22.1+) kept in
  // postctl's cache directory.
  // POSTCTL_NOW moves the run's clock (bin/clock.js): before any bundle is loaded, so every module sees it.
  if (process.env.POSTCTL_NOW) require('./clock.js').installRunClock(process.env);
  const { loadApiScript, privateCacheDir } = require('./code-cache.js');
  const notApi = process.env.POSTCTL_NO_CODE_CACHE || args[0] === 'help' || args.some((a) => /^(-h|--help|-V|--version)$/.test(a));
  const loaded = notApi ? undefined : loadApiScript(join(dist, 'chunks', apiScript(args)));
  if (loaded) {
    loaded.api.quietOnEpipe();
    const ran = await loaded.api.runApi(process.argv);
    loaded.save();
    // Flush stdout, then leave without waiting for idle keep-alive sockets (as dist/cli.js does).
    if (ran) {
      process.stdout.write('', () => process.exit(process.exitCode ?? 0));
      return;
    }
    globalThis.__postctlFastTried = true;
  }
  const module = require('node:module');
  const dir = module.enableCompileCache && privateCacheDir('compile');
  if (dir) module.enableCompileCache(dir);
  await import('../dist/cli.js');
}

main();
