// Every property test (fast-check) runs from one fixed seed, so a run is the same run on every machine and
// every time: a failure reproduces. fast-check prints the seed and the failing path when a property fails;
// any other failure in a file that uses fast-check prints the seed too (below), so a failure seen under
// POSTCTL_FC_SEED (which explores another seed on purpose) can be replayed.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeEach } from 'vitest';

const asked = Number(process.env.POSTCTL_FC_SEED);
const seed = Number.isInteger(asked) ? asked : 20261128;
fc.configureGlobal({ seed });

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    const path = task.file.filepath;
    if (path && readFileSync(path, 'utf8').includes("from 'fast-check'"))
      console.error(`fast-check seed: ${seed} (replay with POSTCTL_FC_SEED=${seed})`);
  });
});
