#!/usr/bin/env node
// docs/coverage.md: one row per operation of the official platform description
// (openapi v2.159, then the operations only v2.167 has), with the verb that
// calls it — found by running every platform verb's sweep row
// (test/helpers/verb-rows.ts, which must hold a row for every verb of the tree)
// and the extra rows of test/helpers/coverage-rows.ts against the emulator and
// matching what its request log captured (method + path template). A verb added
// anywhere in the tree is picked up with no edit here.
//
//   npm run gen                                            # builds, then rewrites docs/coverage.md (and the other generated files)
//   node scripts/coverage.mjs                              # rewrite docs/coverage.md from the current build
//   node scripts/coverage.mjs --check                      # exit 1 when docs/coverage.md is stale
//   node scripts/coverage.mjs --extract <v2.159> <v2.167>  # rewrite test/fixtures/coverage/operations.json
//
// The capture and the rendering are test/helpers/coverage.ts (test/cli/coverage.test.ts
// runs the same code and compares); this script bundles it with esbuild, as
// scripts/manifest.mjs bundles the verb files.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DOC = join(root, 'docs', 'coverage.md');
const FIXTURE = join(root, 'test', 'fixtures', 'coverage', 'operations.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const SCHEMES = { BearerToken: 'app', UserToken: 'user', OAuth2UserToken: 'oauth2' };

/** Every operation of a description: method, path, operationId, first tag, security (postctl's scheme words), deprecated. */
function operationList(file) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const out = {};
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const security = {};
      for (const alt of op.security ?? doc.security ?? [])
        for (const [name, scopes] of Object.entries(alt)) security[SCHEMES[name] ?? name] = [...scopes].sort();
      out[`${method.toUpperCase()} ${path}`] = {
        operationId: op.operationId ?? '',
        tag: op.tags?.[0] ?? '',
        security,
        ...(op.deprecated ? { deprecated: true } : {}),
      };
    }
  return out;
}

function extract(v159, v167) {
  mkdirSync(join(FIXTURE, '..'), { recursive: true });
  const body = {
    source: 'operations of openapi-v2.159.json (official SDK, July 2026) and openapi-v2.167.json (docs repository, August 2026)',
    'v2.159': operationList(v159),
    'v2.167': operationList(v167),
  };
  writeFileSync(FIXTURE, `${JSON.stringify(body, null, 1)}\n`);
  console.error(`wrote ${Object.keys(body['v2.159']).length} + ${Object.keys(body['v2.167']).length} operations to ${FIXTURE}`);
}

async function generate() {
  // Beside the module it bundles, so its import.meta.url paths (fixtures, bin/postctl.js) resolve as in the tests.
  const out = join(root, 'test', 'helpers', `.coverage-gen.${process.pid}.mjs`);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'test', 'helpers', 'coverage.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
    logLevel: 'warning',
    // As in the CLI's own bundle: code that loads a Node module with require (node:crypto) runs in ESM.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  try {
    const { coverageDoc } = await import(pathToFileURL(out).href);
    return await coverageDoc({ log: (m) => console.error(m) });
  } finally {
    rmSync(out, { force: true });
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--extract') {
  if (rest.length !== 2) {
    console.error('usage: node scripts/coverage.mjs --extract <openapi-v2.159.json> <openapi-v2.167.json>');
    process.exit(2);
  }
  extract(rest[0], rest[1]);
} else {
  const text = await generate();
  if (mode === '--check') {
    const same = readFileSync(DOC, 'utf8') === text;
    console.error(same ? 'docs/coverage.md is up to date' : 'docs/coverage.md is stale: run npm run gen');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(DOC, text);
  console.error(`wrote ${DOC}`);
}
