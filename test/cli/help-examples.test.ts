// Every `--help` example of every verb — reading and writing — runs against a fresh emulator and exits 0
// (issue 27; the runner, its files and prior steps: test/helpers/examples.ts). The few that cannot end by
// themselves (a browser login, an endless stream, a foreground server) are listed there with the reason and
// checked here to still exist, so the list cannot hide a renamed example. Each runs twice: today, and with
// postctl's and the emulator's clocks moved a year ahead, so an example valid only within a window of the
// real calendar (a fixed date inside "the last 5 days") fails here before it fails on its own. The year-ahead
// half is test/cli/help-examples-ahead.test.ts (a file of its own: the two halves run on two workers).
import { describe, expect, it } from 'vitest';
import { helpExamples, NOT_RUN, runExampleInTurn } from '../helpers/examples.js';

const examples = await helpExamples();
const runnable = examples.filter((e) => !(e in NOT_RUN));

describe('--help examples run against the emulator', () => {
  it('there are many of them, reading and writing, and every one left out is still an example', () => {
    expect(runnable.length).toBeGreaterThan(300);
    expect(Object.keys(NOT_RUN).filter((e) => !examples.includes(e))).toEqual([]);
  });

  it.concurrent.each(runnable)('%s', (example) => runExampleInTurn(example));
});
