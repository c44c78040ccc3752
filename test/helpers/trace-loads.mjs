// Preloaded with `node --import`: records every module URL the process loads
// into $TRACE_LOADS_FILE, so tests can prove what --help does not load.
import { register } from 'node:module';
register('./trace-loads-hooks.mjs', import.meta.url, { data: { log: process.env.TRACE_LOADS_FILE } });
