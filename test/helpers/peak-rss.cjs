// Preloaded into a CLI child (NODE_OPTIONS=--require …) to record its own peak
// resident set size: on exit it writes process.resourceUsage().maxRSS (KiB) to
// the file named by POSTCTL_TEST_RSS_FILE.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  const file = process.env.POSTCTL_TEST_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
