// Extracts the analytics endpoints of the ads reference into
// test/fixtures/contract/ads-analytics-reference.json (tests never read the
// reference itself). The analytics page lists parameters in tables
// (`| name <br />_required_ | … Possible values: `A`, `B` |`) rather than the
// ParamField blocks scripts/contract-extract.mjs reads, and documents the job
// endpoints only through their example requests.
//   node scripts/contract-extract-analytics.mjs <ads-reference-dir>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/contract-extract-analytics.mjs <ads-reference-dir>');
  process.exit(2);
}
const text = readFileSync(join(dir, 'analytics.mdx'), 'utf8').replace(/\\_/g, '_');
const ops = {};
for (const sec of text.split(/^#### /m).slice(1)) {
  const head = /^(GET|POST|PUT|DELETE) ([^\s]+)/.exec(sec);
  if (!head) continue;
  const params = {};
  for (const row of sec.matchAll(/^\| ([a-z_]+)\s*<br \/>_(required|optional)_ \|(.*)\|$/gm)) {
    if (row[1] === 'account_id') continue;
    const values = /Possible values: ([^|]*)/.exec(row[3]);
    params[row[1]] = {
      required: row[2] === 'required',
      ...(values ? { values: [...values[1].matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]) } : {}),
    };
  }
  ops[`${head[1]} /12/${head[2]}`] = { params };
}
// The job endpoints: the parameters of their example requests.
for (const m of text.matchAll(/twurl (?:-X (POST|DELETE) )?-H ads-api\.x\.com "\/12\/(stats\/jobs\/accounts\/)[^?"]+\?([^"]+)"/g)) {
  const key = `${m[1] ?? 'GET'} /12/${m[2]}:account_id`;
  const params = ops[key]?.params ?? {};
  for (const pair of m[3].split('&')) params[pair.split('=')[0]] = { required: false };
  ops[key] = { params };
}
// Segmentation is a job parameter named in prose: `segmentation_type`, and `country` for geographic types.
const jobs = ops['POST /12/stats/jobs/accounts/:account_id'];
if (jobs) Object.assign(jobs.params, { segmentation_type: { required: false }, country: { required: false } });
const segmentation = [...text.matchAll(/^\| `([A-Z_]+)\*?`\s*\|\s*(✔?)\s*\|$/gm)].map((m) => ({ type: m[1], country: m[2] === '✔' }));
writeFileSync(
  join(process.cwd(), 'test/fixtures/contract/ads-analytics-reference.json'),
  JSON.stringify({ source: 'ads reference, analytics.mdx (docs.x.com/x-ads-api/analytics)', operations: ops, segmentation }, null, 1) +
    '\n',
);
