#!/usr/bin/env node
// Tiny launcher: everything lives in the bundled CLI (see scripts/build.mjs).
// Node 22.1+ can cache compiled code between runs; on Node 20 this is a no-op.
import module from 'node:module';

module.enableCompileCache?.();
await import('../dist/cli.js');
