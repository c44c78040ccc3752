#!/usr/bin/env node
// Tiny launcher: everything lives in the bundled CLI (see scripts/build.mjs).
import '../dist/cli.js';
