// `npm run bench`: every benchmark, each printing ratios against baselines
// measured in the same run. No timing assertions live in the test suite.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benches = ['startup.mjs', 'catalogs.mjs', 'audiences.mjs', 'stats.mjs', 'accounts.mjs', 'mcp.mjs'];
const only = process.argv.slice(2);
for (const file of benches) {
  if (only.length && !only.some((o) => file.startsWith(o))) continue;
  const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
  if (!existsSync(path)) continue;
  const mod = await import(path);
  await mod.main();
}
