// Every `--help` example again with postctl's and the emulator's clocks moved a year ahead (the other half of
// test/cli/help-examples.test.ts, which says why): an example valid only within a window of the real calendar
// fails here before it fails on its own.
import { describe, it } from 'vitest';
import { movedClock } from '../helpers/clock.js';
import { helpExamples, NOT_RUN, runExampleInTurn } from '../helpers/examples.js';

const AHEAD = movedClock('+365d');
const runnable = (await helpExamples()).filter((e) => !(e in NOT_RUN));

describe('--help examples run a year from now', () => {
  it.concurrent.each(runnable)('%s', (example) => runExampleInTurn(example, undefined, AHEAD));
});
