// Bundles src/cli.ts into dist/ with code splitting: the entry chunk holds only
// commander and the command tree; each verb, undici, conf and @inquirer/prompts
// live in chunks that are imported lazily when a verb runs.
import { build } from 'esbuild';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await (await import('node:fs/promises')).readFile(root + 'package.json', 'utf8'));

await rm(root + 'dist', { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  chunkNames: 'chunks/[name]-[hash]',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'linked',
  metafile: true,
  define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies (cli-table3, oauth-1.0a) call require() for Node built-ins.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
});
await writeFile(root + 'dist/meta.json', JSON.stringify(result.metafile));
