// Preloaded into a CLI child (NODE_OPTIONS=--import …) to report its peak RSS:
// at exit, process.resourceUsage().maxRSS (KiB) is written to POSTCTL_TEST_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.POSTCTL_TEST_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
