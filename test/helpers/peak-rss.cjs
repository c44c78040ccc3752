// Preloaded into a CLI child (NODE_OPTIONS=--require …) to record its own peak
// resident set size and CPU time: on exit it writes "maxRSS(KiB) user(µs)
// system(µs)" from process.resourceUsage() to the file named by POSTCTL_TEST_RSS_FILE.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  const file = process.env.POSTCTL_TEST_RSS_FILE;
  const u = process.resourceUsage();
  if (file) writeFileSync(file, `${u.maxRSS} ${u.userCPUTime} ${u.systemCPUTime}`);
});
