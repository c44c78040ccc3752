// Compiled code kept between runs, in postctl's own cache directory
// ($POSTCTL_CACHE_DIR, else $XDG_CACHE_HOME/postctl, else ~/.cache/postctl, as
// src/wire/dialect-cache.ts), in a subdirectory that is this user's own and
// private (0700): code read from a cache is run, so a directory another user
// can write to is never used.
//
// An API call runs from the fast API path built as one CommonJS script
// (dist/chunks/api-script.js, src/api-script.ts) compiled through vm.Script with
// V8's code cache in <cache>/code/api-<key>.bin, on every Node version: Node 20
// caches no compiled code for ES modules, and on Node 22+ the script with its
// cache starts faster than the ES modules with Node's compile cache (which the
// launcher keeps in <cache>/compile for the ES-module CLI, commander's path).
// The key covers the Node and V8 versions, the architecture, Node's and V8's
// flags, the script's content hash (its first line, written by the build) and
// its size and modification time (an edit in place changes the key). The file
// is a SHA-256 digest of the data and the data; a file that fails the digest,
// or data V8 rejects (script.cachedDataRejected), is ignored and rewritten once
// the command has run (then the cache holds the functions it compiled), to a
// temporary file renamed into place.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

const cacheRoot = (env) => env.POSTCTL_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'postctl');

/** <cache>/<name>, created 0700; undefined unless it is a directory owned by this user that no one else can open. */
export function privateCacheDir(name, env = process.env) {
  const dir = join(cacheRoot(env), name);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    if (!st.isDirectory() || (st.mode & 0o077) !== 0 || (process.getuid && st.uid !== process.getuid())) return undefined;
    return dir;
  } catch {
    return undefined; // no cache: the command runs all the same
  }
}

const sha256 = (data) => createHash('sha256').update(data).digest();

/** The verified cache data in `file`, or undefined (missing, foreign, corrupt). */
function readCache(file) {
  try {
    const buf = readFileSync(file);
    if (process.getuid && statSync(file).uid !== process.getuid()) return undefined;
    const data = buf.subarray(32);
    return data.length > 0 && sha256(data).equals(buf.subarray(0, 32)) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `data` to `file` atomically (0600) and removes the caches of other builds or Node versions. */
function writeCache(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([sha256(data), data]), { mode: 0o600 });
    renameSync(tmp, file);
    const dir = dirname(file);
    for (const f of readdirSync(dir)) if (/^api-[0-9a-f]+\.bin$/.test(f) && join(dir, f) !== file) unlinkSync(join(dir, f));
  } catch {
    // A read-only or full disk only costs the compile again next time.
  }
}

/**
 * Loads the one-script API path with a code cache. Returns its exports,
 * `cached` (whether V8 took the compiled code from the cache) and `save()`,
 * which writes the cache when there was none usable (call it once the command
 * has run); undefined when the script is not built. `runtime` is for tests.
 */
export function loadApiScript(path, env = process.env, runtime = { node: process.version, v8: process.versions.v8 }) {
  let source;
  try {
    source = readFileSync(path, 'latin1'); // esbuild writes ASCII
  } catch {
    return undefined;
  }
  const { size, mtimeMs } = statSync(path);
  const contentHash = /^\/\/postctl-api ([0-9a-f]+)\n/.exec(source)?.[1] ?? '';
  const flags = [...process.execArgv, env.NODE_OPTIONS ?? ''].join(' ');
  const id = [runtime.node, runtime.v8, process.arch, flags, contentHash, size, mtimeMs].join('\0');
  const dir = privateCacheDir('code', env);
  const file = dir && join(dir, `api-${sha256(id).toString('hex').slice(0, 32)}.bin`);
  const cachedData = file ? readCache(file) : undefined;
  // V8 rejects a cache made under other flags, and the script turns on
  // --liftoff-only when undici loads (src/http/undici-lite.ts): turned on
  // first, the flags are the same when the cache is made and when it is read.
  setFlagsFromString('--liftoff-only');
  const wrapped = `(function (exports, require, module, __filename, __dirname, __import) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: path, cachedData });
  const mod = { exports: {} };
  // The packages the script leaves out (scripts/build.mjs) are imported from here, beside postctl's node_modules.
  const importPackage = (specifier) => import(specifier);
  script.runInThisContext()(mod.exports, createRequire(path), mod, path, dirname(path), importPackage);
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  return { api: mod.exports, cached: !fresh, save: () => fresh && file && writeCache(file, script.createCachedData()) };
}
