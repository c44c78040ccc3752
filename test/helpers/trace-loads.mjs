// Preloaded with `node --import`: records every module URL the process loads
// into $TRACE_LOADS_FILE, so tests can prove what --help does not load; at exit
// it adds Node's built-in modules (process.moduleLoadList) as `builtin:<name>`,
// which also covers built-ins that bundled CommonJS code require()s. Files under
// dist/ read with fs.readFileSync (the launcher's one-script API path on Node 20,
// undici's .wasm parser) are recorded as `file://` URLs too.
import fs, { appendFileSync } from 'node:fs';
import { register, syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
register('./trace-loads-hooks.mjs', import.meta.url, { data: { log: process.env.TRACE_LOADS_FILE } });
const readFileSync = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  const log = process.env.TRACE_LOADS_FILE;
  if (log && typeof path === 'string' && path.includes('/dist/')) appendFileSync(log, `${pathToFileURL(path).href}\n`);
  return readFileSync.call(this, path, ...rest);
};
syncBuiltinESMExports();
process.on('exit', () => {
  const log = process.env.TRACE_LOADS_FILE;
  const builtins = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => `builtin:${m.slice('NativeModule '.length)}\n`);
  if (log) appendFileSync(log, builtins.join(''));
});
