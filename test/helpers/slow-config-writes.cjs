// Preloaded (NODE_OPTIONS=--require) into a CLI child by the crash-safety tests: holds the config lock between
// the read and the write for SLOW_CONFIG_WRITE_MS, so a SIGKILL lands inside the critical section. A test
// hook outside the product: postctl itself has no variable for it.
'use strict';
const fs = require('node:fs');
const ms = Number(process.env.SLOW_CONFIG_WRITE_MS) || 0;
if (ms > 0) {
  const open = fs.openSync;
  fs.openSync = function openSync(path, ...rest) {
    // The store's temporary file beside config.json (bin/safe-file.js): created just before the write.
    if (typeof path === 'string' && /[/\\]\.config\.json\.[0-9a-f]+\.tmp$/.test(path))
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    return open.call(this, path, ...rest);
  };
  require('node:module').syncBuiltinESMExports();
}
