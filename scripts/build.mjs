// Bundles src/cli.ts into dist/ with code splitting: the entry chunk holds only
// commander and the command tree; each verb, undici and @inquirer/prompts
// live in chunks imported lazily when a verb runs.
//
// Chunks are content-hashed and written before the entry file, which is
// swapped in with a rename, so a CLI that is running while a rebuild happens
// keeps working. `--clean` (used by prepack) empties dist/ first.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { llhttpWasmFiles, undiciPlugins } from './undici-lean.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const outdir = join(root, 'dist');

if (process.argv.includes('--clean')) await rm(outdir, { recursive: true, force: true });

const STORE_DRIVERS = ['@duckdb/node-api', 'pg'];

// The verb manifests (src/commands/manifest/) are rewritten from the verb files first.
const manifest = spawnSync(process.execPath, [join(root, 'scripts', 'manifest.mjs')], { stdio: 'inherit' });
if (manifest.status !== 0) process.exit(manifest.status ?? 1);

const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  chunkNames: 'chunks/[name]-[hash]',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  metafile: true,
  write: false,
  define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies (cli-table3, oauth-1.0a) call require() for Node built-ins.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
  plugins: undiciPlugins,
  // The store drivers of `ads sync` and `ads sql`: DuckDB is a native addon and pg loads its optional
  // native half by name, so both stay packages in node_modules, imported only by those verbs.
  external: STORE_DRIVERS,
});

const entry = join(outdir, 'cli.js');
// Every file is written aside and renamed into place (a CLI loading a chunk
// during a rebuild never reads a half-written file); unchanged chunks are left alone.
const swap = async (path, contents) => {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, contents);
  await rename(tmp, path);
};
const same = async (path, contents) => {
  try {
    return Buffer.compare(await readFile(path), Buffer.from(contents)) === 0;
  } catch {
    return false;
  }
};
let entryText;
for (const file of result.outputFiles) {
  if (file.path === entry) {
    entryText = file.contents;
    continue;
  }
  await mkdir(dirname(file.path), { recursive: true });
  if (!(await same(file.path, file.contents))) await swap(file.path, file.contents);
}
await swap(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
for (const { path, bytes } of llhttpWasmFiles(result.metafile, root)) if (!(await same(path, bytes))) await swap(path, bytes);
// The fast API path again as ONE CommonJS script (src/api-script.ts), for the
// launcher's V8 code cache on Node 20 (bin/code-cache.js). Its first line names
// the hash of the rest, part of the cache's key. Beside the chunks, so undici's
// .wasm files resolve from it too.
// Left out of the script, to keep what every API call reads and compiles small:
// packages a verb imports lazily and rarely (prompts, colour,
// tables, charts), kept as import() of the package itself (see __import below);
// and the emulator, completion, mcp and auth import verbs (src/api-script.ts hands them to the
// ES-module CLI), whose modules are replaced by an empty one.
const LAZY_PACKAGES = /^(@inquirer\/prompts|chalk|cli-table3(\/.*)?|yaml|@duckdb\/node-api|pg)$/;
const scriptScope = {
  name: 'script-scope',
  setup(b) {
    b.onResolve({ filter: LAZY_PACKAGES }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
    b.onResolve({ filter: /^\.\.\/(emulator\/index|mcp\/index|mcp\/bridge|auth\/import|completion)\.js$/ }, (args) =>
      args.importer.includes(`${join('commands', 'manifest')}`) ? { path: args.path, namespace: 'left-out' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};
// Two scripts, one per API side, so a call compiles (and reads the cache of) only its side's verbs: the
// platform script has every word but the ads side's, the ads script only those (bin/postctl.js picks by
// the command word). A word a script leaves out gets an empty manifest: its fast path resolves nothing
// and the launcher hands argv to the ES-module CLI, so a wrong pick is slower, never wrong.
const ADS_SIDE = ['ads', 'catalogs', 'audiences'];
const scriptOutputs = {};
const sideScope = (keep) => ({
  name: 'side-scope',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z_-]+\.js$/ }, (args) => {
      if (!args.importer.endsWith(join('commands', 'manifest', 'index.ts'))) return undefined;
      return keep(args.path.slice(2, -3)) ? undefined : { path: args.path, namespace: 'other-side' };
    });
    b.onLoad({ filter: /.*/, namespace: 'other-side' }, () => ({
      contents: 'export const MANIFEST = { groups: [], verbs: [] };',
      loader: 'js',
    }));
  },
});
/** A minified CommonJS bundle of `entry` as dist/chunks/<name>, kept in memory (the launcher's scripts). */
function cjsScript(entry, name, extra = {}) {
  return build({
    absWorkingDir: root,
    entryPoints: [entry],
    write: false,
    outfile: join(outdir, 'chunks', name),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.18',
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    external: STORE_DRIVERS,
    ...extra,
  });
}
for (const [name, keep] of [
  ['api-script.js', (word) => !ADS_SIDE.includes(word)],
  ['api-ads.js', (word) => ADS_SIDE.includes(word)],
]) {
  const script = await cjsScript('src/api-script.ts', name, {
    // Short local names: the platform script 783 -> 593 KB, its code cache 558 -> 517 KB, a warm
    // lookup ~7M instructions fewer (reading, hashing and deserializing less). Nothing reads a
    // function's or class's name at run time (the error classes name themselves, src/errors/cli-error.ts).
    minifyIdentifiers: true,
    define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
    // undici's parser files are read beside the script (scripts/undici-lean.mjs), not bundled.
    logOverride: { 'require-resolve-not-external': 'silent' },
    plugins: [...undiciPlugins, scriptScope, sideScope(keep)],
  });
  // A vm.Script read from a code cache loses its import() callback on Node 20, so
  // the left-out packages are imported by the launcher's own import(), handed in
  // as __import (bin/code-cache.js).
  const scriptBody = script.outputFiles[0].text.replace(/\bimport\("([^"]+)"\)/g, (call, spec) => {
    if (!LAZY_PACKAGES.test(spec)) throw new Error(`unexpected import() in the API script: ${call}`);
    return `__import(${JSON.stringify(spec)})`;
  });
  Object.assign(scriptOutputs, script.metafile.outputs);
  const scriptHash = createHash('sha256').update(scriptBody).digest('hex').slice(0, 32);
  await swap(script.outputFiles[0].path, `//postctl-api ${scriptHash}\n${scriptBody}`);
}
// The help wrapper (src/help/wrap.ts), which fits the prebuilt help to the screen,
// as a small CommonJS script too: the launcher is CommonJS and runs it without
// starting Node's ES-module loader (bin/postctl.js).
const helpWrap = await cjsScript('src/help/wrap.ts', 'help-wrap.js');
await swap(helpWrap.outputFiles[0].path, helpWrap.outputFiles[0].contents);
await rm(join(outdir, 'help-wrap.js'), { force: true }); // the ES-module copy of earlier builds
// What the launcher's scripts hold, for test/cli/startup.test.ts.
await swap(join(outdir, 'api-meta.json'), JSON.stringify({ outputs: { ...scriptOutputs, ...helpWrap.metafile.outputs } }));
await swap(entry, entryText);
// Top-level help, rendered once by commander unwrapped (COLUMNS as wide as it gets; the
// launcher fits it to the screen) for the CLI's fast path; removed first so this run goes through commander.
const helpFile = join(outdir, 'help.txt');
await rm(helpFile, { force: true });
const help = spawnSync(process.execPath, [entry, '--help'], {
  encoding: 'utf8',
  env: { PATH: process.env.PATH, NO_COLOR: '1', COLUMNS: '100000' },
});
if (help.status !== 0 || !help.stdout.includes('Usage: postctl')) throw new Error(`rendering the top-level help failed: ${help.stderr}`);
await swap(helpFile, help.stdout);
// Help of every group and verb, for the launcher's help fast path (bin/postctl.js):
// rendered in one process by a throwaway bundle of src/help/render.ts.
const renderer = join(outdir, `.help-render.${process.pid}.mjs`);
await build({
  absWorkingDir: root,
  stdin: {
    contents: "import { renderAllHelp } from './src/help/render.ts'; process.stdout.write(JSON.stringify(await renderAllHelp()));",
    resolveDir: root,
    loader: 'ts',
  },
  outfile: renderer,
  bundle: true,
  external: STORE_DRIVERS,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
});
const rendered = spawnSync(process.execPath, [renderer], {
  encoding: 'utf8',
  maxBuffer: 64 << 20,
  env: { PATH: process.env.PATH, NO_COLOR: '1' },
});
await rm(renderer, { force: true });
if (rendered.status !== 0) throw new Error(`rendering group and verb help failed: ${rendered.stderr}`);
const helpDir = join(outdir, 'help');
await rm(helpDir, { recursive: true, force: true });
await mkdir(helpDir, { recursive: true });
for (const { words, text } of JSON.parse(rendered.stdout)) await writeFile(join(helpDir, `${words.join('_')}.txt`), text);
if (process.argv.includes('--verbose')) console.log(`built ${relative(root, entry)} and ${result.outputFiles.length - 1} chunks`);
