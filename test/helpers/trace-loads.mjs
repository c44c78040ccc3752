// Preloaded with `node --import`: records every module URL the process loads
// into $TRACE_LOADS_FILE, so tests can prove what --help does not load; at exit
// it adds Node's built-in modules (process.moduleLoadList) as `builtin:<name>`,
// which also covers built-ins that bundled CommonJS code require()s.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
register('./trace-loads-hooks.mjs', import.meta.url, { data: { log: process.env.TRACE_LOADS_FILE } });
process.on('exit', () => {
  const log = process.env.TRACE_LOADS_FILE;
  const builtins = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => `builtin:${m.slice('NativeModule '.length)}\n`);
  if (log) appendFileSync(log, builtins.join(''));
});
