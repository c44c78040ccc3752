// How the build loads undici at its smallest (shared by scripts/build.mjs and
// the start-up benchmark's floor script, test/bench/floor/).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// undici embeds its HTTP parser twice as base64 JavaScript strings (llhttp with
// and without SIMD, 145 KB of source every API call parses). They become two
// .wasm files beside the chunk that uses them, read only when undici compiles
// the parser (first connection), and only the one it picks.
const LLHTTP = { 'llhttp_simd-wasm.js': 'llhttp_simd.wasm', 'llhttp-wasm.js': 'llhttp.wasm' };
// undici's client requires its HTTP/2 module at load, which loads node:http2
// and node:tls (~5 ms) for every request; postctl never enables HTTP/2
// (allowH2 stays off), so that module is required on first use instead.
const H2_REQUIRE = "const connectH2 = require('./client-h2.js')";
const lazyH2 = {
  name: 'lazy-h2',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(H2_REQUIRE))
        throw new Error(`undici changed: ${args.path} no longer has "${H2_REQUIRE}" (update scripts/undici-lean.mjs)`);
      return {
        contents: source.replace(H2_REQUIRE, "let h2; const connectH2 = (...a) => (h2 ??= require('./client-h2.js'))(...a)"),
        loader: 'js',
      };
    });
  },
};
const llhttpFiles = {
  name: 'llhttp-files',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]llhttp[\\/]llhttp(_simd)?-wasm\.js$/ }, (args) => ({
      // \`require\` is the chunk's own (createRequire in the banner), so the path resolves beside the chunk.
      contents: `module.exports = require('node:fs').readFileSync(require.resolve(${JSON.stringify('./' + LLHTTP[basename(args.path)])}));`,
      loader: 'js',
    }));
  },
};

// undici compiles llhttp on its first connection; V8 then optimizes it again on
// background threads, and Node waits for that work before the process may exit
// (about 120 ms added to every short command, for a parser that reads a few
// kilobytes). So --liftoff-only is turned on right before that compile, not
// when undici loads: V8 stamps every code cache with a hash of its flags and
// rejects one made under others, so each Node built-in module loaded after the
// flag changed is compiled afresh (Node's embedded code cache no longer
// matches). It stays on (the parser's functions are compiled lazily, as they
// first run, and would tier up); bin/code-cache.js puts the flags back before
// it writes postctl's own code cache.
const LLHTTP_COMPILE = 'llhttpInstance = lazyllhttp()';
const liftoffOnlyCompile = {
  name: 'liftoff-only-compile',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(LLHTTP_COMPILE))
        throw new Error(`undici changed: ${args.path} no longer has "${LLHTTP_COMPILE}" (update scripts/undici-lean.mjs)`);
      const compile = "llhttpInstance = (require('node:v8').setFlagsFromString('--liftoff-only'), lazyllhttp())";
      return { contents: source.replace(LLHTTP_COMPILE, compile), loader: 'js' };
    });
  },
};

// A graceful close() ends in destroy(), which makes a ClientDestroyedError that no
// request sees (none is left) and hands it to socket.destroy(); Node's stream code
// reads its `stack`, and V8 then formats the stack trace, which for frames in
// postctl's one API script means scanning all 1.2 MB of it for line ends (~15M
// instructions, 4 % of a signed lookup under callgrind). That error is made
// without frames; an error any request can see keeps its stack.
const CLOSE_DESTROY = '.then(() => this.destroy())';
const framelessCloseError = {
  name: 'frameless-close-error',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]dispatcher-base\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (source.split(CLOSE_DESTROY).length !== 2 || !source.includes('  ClientDestroyedError,'))
        throw new Error(`undici changed: ${args.path} no longer has one "${CLOSE_DESTROY}" (update scripts/undici-lean.mjs)`);
      const destroy =
        '.then(() => { const limit = Error.stackTraceLimit; Error.stackTraceLimit = 0; const err = new ClientDestroyedError(); ' +
        'Error.stackTraceLimit = limit; return this.destroy(err) })';
      return { contents: source.replace(CLOSE_DESTROY, destroy), loader: 'js' };
    });
  },
};

export const undiciPlugins = [llhttpFiles, lazyH2, liftoffOnlyCompile, framelessCloseError];

/** The .wasm files to write beside the output chunks that load llhttp (from an esbuild metafile). */
export function llhttpWasmFiles(metafile, root) {
  const files = [];
  for (const [out, info] of Object.entries(metafile.outputs)) {
    for (const [source, wasm] of Object.entries(LLHTTP)) {
      if (!Object.keys(info.inputs).some((i) => i.endsWith(`llhttp/${source}`))) continue;
      files.push({ path: join(root, dirname(out), wasm), bytes: require(`undici/lib/llhttp/${source}`) });
    }
  }
  return files;
}
