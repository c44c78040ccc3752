// Compiled code kept between runs, in postctl's own cache directory
// ($POSTCTL_CACHE_DIR, else $XDG_CACHE_HOME/postctl, else ~/.cache/postctl, as
// src/wire/dialect-cache.ts), in a subdirectory that is this user's own and
// private (0700): code read from a cache is run, so a directory another user
// can write to is never used. POSTCTL_CODE_CACHE_DIR moves the compiled code
// alone (code/ and compile/ under it, with the same checks): test runs share one
// warm cache that way while each keeps its own POSTCTL_CACHE_DIR.
//
// An API call runs from the fast API path built as one CommonJS script
// (dist/chunks/api-script.js, src/api-script.ts) compiled through vm.Script with
// V8's code cache in <cache>/code/api-<key>.bin, on every Node version: Node 20
// caches no compiled code for ES modules, and on Node 22+ the script with its
// cache starts faster than the ES modules with Node's compile cache (which the
// launcher keeps in <cache>/compile for the ES-module CLI, commander's path).
// The key covers the Node and V8 versions, the architecture, the script's
// content hash (its first line, written by the build) and
// its size and modification time (an edit in place changes the key).
//
// A run without a usable cache (the first after an install or upgrade, or after
// a corrupt file) compiles the script afresh and, once its command has run,
// writes its cache with every function that ran. With one script per API side
// that first run is 8–15 ms faster, in wall and CPU time, than the ES modules
// the call would otherwise load (47 files; measured side by side on Node 20 and
// 24, docs/performance.md), so no run is sent there first. A file that fails its
// SHA-256, or data V8 rejects (script.cachedDataRejected), is not used. Files
// are read and written by the safe-file rule (bin/safe-file.js): a FIFO, device,
// link, foreign or oversized file is ignored, a temporary file with a random
// name is created with O_EXCL and renamed into place.
'use strict';
const { createHash } = require('node:crypto');
const { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync, statSync, unlinkSync } = require('node:fs');
const { ensureDir, readSafe, writeSafe } = require('./safe-file.js');
const { basename, dirname, join } = require('node:path');
// Module.createRequire from this module's own class: requiring node:module would load Node's ES-module
// loader on Node 20 (a test runner that loads this file as no CommonJS module gets node:module's).
const { createRequire } = typeof module.constructor.createRequire === 'function' ? module.constructor : require('node:module');

// node:os, node:vm and node:v8 are loaded only when needed: a first run (no cache) pays for nothing it does not use.
const homedir = (env) => env.HOME || process.getBuiltinModule('node:os').homedir();
const cacheRoot = (env) =>
  env.POSTCTL_CODE_CACHE_DIR || env.POSTCTL_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(env), '.cache'), 'postctl');

/**
 * <cache>/<name> (or $POSTCTL_CODE_CACHE_DIR/<name>), created 0700; undefined unless the safe-file rule
 * holds for it and the cache directory above (bin/safe-file.js: the user's, writable by no one else, not a
 * link) and no one else can even open it.
 */
function privateCacheDir(name, env = process.env) {
  const root = cacheRoot(env);
  const dir = join(root, name);
  try {
    ensureDir(dir, root);
    const st = statSync(dir);
    return (st.mode & 0o077) === 0 ? dir : undefined;
  } catch {
    return undefined; // no cache: the command runs all the same
  }
}

/** The largest code cache read: the API scripts' caches are about 0.5 MB. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

const sha256 = (data) => createHash('sha256').update(data).digest();

/** The verified V8 data in `file` ({ data }: a SHA-256 of the data, then the data), or undefined (missing, foreign, corrupt). */
function readCache(file) {
  try {
    // A FIFO, a device, a link, a file of another user's or one past the cap is never read (safe-file.js).
    const buf = readSafe(file, { max: MAX_CACHE_BYTES });
    if (!buf) return undefined;
    const data = buf.subarray(32);
    return data.length > 0 && sha256(data).equals(buf.subarray(0, 32)) ? { data } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `data` to `file` atomically (0600) and removes the caches of other builds or Node versions (and the marks older builds left). */
function writeCache(file, data) {
  try {
    writeSafe(file, Buffer.concat([sha256(data), data]));
    const dir = dirname(file);
    for (const f of readdirSync(dir))
      if (/^api-[0-9a-f]+\.bin(\.seen)?$/.test(f) && !f.startsWith(basename(file))) unlinkSync(join(dir, f));
  } catch {
    // A read-only or full disk only costs the compile again next time.
  }
}

/** `{ built, file }`: whether the script at `path` exists, and its cache file (undefined without a private cache directory). */
function cacheFile(path, env, runtime) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch {
    return { built: false };
  }
  try {
    const head = Buffer.alloc(64);
    const contentHash = /^\/\/postctl-api ([0-9a-f]+)\n/.exec(head.toString('latin1', 0, readSync(fd, head, 0, 64, 0)))?.[1] ?? '';
    const { size, mtimeMs } = fstatSync(fd);
    // V8 checks its own flags (a cache made under others is rejected, then rewritten).
    const id = [runtime.node, runtime.v8, process.arch, contentHash, size, mtimeMs].join('\0');
    const dir = privateCacheDir('code', env);
    return { built: true, file: dir && join(dir, `api-${sha256(id).toString('hex').slice(0, 32)}.bin`) };
  } finally {
    closeSync(fd);
  }
}

/** Compiles and runs the script (with `cachedData` if given); returns its exports and the vm.Script. */
function compile(path, cachedData) {
  const vm = process.getBuiltinModule('node:vm');
  const source = readFileSync(path, 'latin1'); // esbuild writes ASCII
  const wrapped = `(function (exports, require, module, __filename, __dirname, __import) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: path, cachedData });
  const mod = { exports: {} };
  // The packages the script leaves out (scripts/build.mjs) are imported from here, beside postctl's node_modules.
  const importPackage = (specifier) => import(specifier);
  script.runInThisContext()(mod.exports, createRequire(path), mod, path, dirname(path), importPackage);
  return { api: mod.exports, script };
}

const RUNTIME = { node: process.version, v8: process.versions.v8 };

/**
 * Loads the one-script API path: `api` (the script's exports), `cached` (V8
 * took the compiled code from the cache) and `save()`, to call once the command
 * has run (it writes the cache when there was none or V8 rejected it).
 * Undefined when the script is not built. Without a private cache directory
 * the script is compiled afresh every time and nothing is written. `runtime`
 * is for tests.
 */
function loadApiScript(path, env = process.env, runtime = RUNTIME) {
  const { built, file } = cacheFile(path, env, runtime);
  if (!built) return undefined;
  const cached = file && readCache(file);
  const { api, script } = compile(path, cached ? cached.data : undefined);
  const fresh = !cached || script.cachedDataRejected === true;
  return {
    api,
    cached: !fresh,
    save: () => {
      if (!fresh || !file) return;
      // undici turned --liftoff-only on for its parser (scripts/undici-lean.mjs); V8 stamps the cache with
      // a hash of its flags, so they are put back first, as the next run starts (on Node 20 that flag
      // also turned wasm tier-up and dynamic tiering off).
      process.getBuiltinModule('node:v8').setFlagsFromString('--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering');
      writeCache(file, script.createCachedData());
    },
  };
}

module.exports = { loadApiScript, privateCacheDir };
