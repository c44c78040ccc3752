// Every command shown in the README and docs/ — reading and writing — runs against a fresh emulator and
// exits 0 (issue 27), today and a year ahead, with the files, prior steps and made ids of the `--help` examples (test/helpers/
// examples.ts); a line that is word for word a `--help` example is run once, by help-examples.test.ts.
// Synopsis lines ([optional] parts, <placeholders>) are left out, as are walkthrough steps that need an
// earlier step's $VARIABLE (the walkthroughs run in order in their own tests).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { movedClock } from '../helpers/clock.js';
import { ENV, helpExamples, NOT_RUN, runExampleInTurn } from '../helpers/examples.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Docs lines that cannot end by themselves in a test, and why. */
const DOCS_NOT_RUN: Record<string, string> = {
  'postctl auth login': 'waits for a browser (test/cli/auth.test.ts)',
  'postctl auth login --access read --force-login --screen-name alice': 'waits for a browser (test/cli/auth.test.ts)',
  'postctl auth pin --pin 1234567': 'the PIN is shown on the authorize page (test/cli/auth-pin.test.ts)',
  'postctl request GET /2/tweets/search/stream': 'an endless stream',
  'postctl request GET /2/tweets/search/stream --reconnect --limit 100': 'the emulator stream sends fewer than 100 posts, then waits',
  'postctl events stream > events.jsonl': 'an endless stream',
  'postctl events stream --limit 100 --backfill-minutes 5 | jq -r .data.event_type': 'the emulator sends fewer than 100 events',
  'postctl stream connect --backfill-minutes 2 --stall-timeout 60 | jq -r .data.text': 'an endless stream',
  'postctl stream connect > posts.jsonl': 'an endless stream',
  'postctl stream connect --limit 100 --post-fields created_at,author_id --expansions author_id': 'fewer than 100 posts, then waits',
  'postctl media upload photo.png':
    'shown refused for a profile holding only an OAuth 2.0 login without media.write (test/cli/oauth2-user-context.test.ts)',
  'postctl emulator --stats-job-latency 4000 --stats-job-polls 1': 'a foreground server',
  "postctl webhooks listen --port 8080 --exec './handle-event.sh'": 'a foreground server (test/cli/webhooks-listen.test.ts)',
};

/** A comment after a command: two spaces or more, then # (a single space may precede a #hashtag in a quote). */
const COMMENT = /\s{2,}#.*$/;

/**
 * `postctl …` lines of the README and docs/, each with its file, and the error a console block shows right
 * after it (a command shown failing must still fail with that message).
 */
function docsCommands(): Array<[string, string, string | undefined]> {
  const files = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).map((f) => join(root, 'docs', f))].filter((f) =>
    f.endsWith('.md'),
  );
  const out: Array<[string, string, string | undefined]> = [];
  for (const file of files) {
    for (const [, block] of readFileSync(file, 'utf8').matchAll(/```(?:sh|console)\n([\s\S]*?)```/g)) {
      const lines = block!.replace(/\\\n\s*/g, ' ').split('\n');
      for (const [i, raw] of lines.entries()) {
        const line = raw.trim().replace(/^\$ /, '');
        const command = line.replace(COMMENT, '');
        // Synopsis lines ([optional] parts, <placeholders>, …) and walkthrough steps that need an
        // earlier step's $VARIABLE are not runnable as written (the walkthroughs run in their own tests).
        // $(postctl …) and the variables the runner sets ($SIG, $SECRET, $CLIENT_ID) are self-contained.
        const variables = command.replace(/\$\(|\$\{?([A-Z_]+)\}?/g, (v, name?: string) => (name === undefined || name in ENV ? '' : v));
        if (!line.startsWith('postctl ') || /[[<$…]/.test(variables) || command in DOCS_NOT_RUN || command in NOT_RUN) continue;
        const shown = /^error: (.*)$/.exec(lines[i + 1]?.trim() ?? '')?.[1];
        out.push([`${file.slice(root.length)}: ${line}`, command, shown]);
      }
    }
  }
  return out;
}

const commands = docsCommands();
// A docs line that is word for word a `--help` example runs, with this same runner, in help-examples.test.ts;
// run here are the others and every line shown failing.
const examples = new Set(await helpExamples());
const ownCommands = commands.filter(([, command, shown]) => shown !== undefined || !examples.has(command));

describe('commands of the docs run against the emulator', () => {
  it('there are many of them', () => {
    expect(commands.length).toBeGreaterThan(150);
  });

  it('every line left out is still in the docs', () => {
    const all = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).map((f) => join(root, 'docs', f))]
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(Object.keys(DOCS_NOT_RUN).filter((c) => !all.includes(c))).toEqual([]);
  });

  it.concurrent.each(ownCommands)('%s', (_name, command, shownError) => runExampleInTurn(command, shownError));
});

// The same lines with postctl's and the emulator's clocks a year ahead: no docs line may be valid only
// within a window of the real calendar.
const AHEAD = movedClock('+365d');
describe('commands of the docs run a year from now', () => {
  it.concurrent.each(ownCommands)('%s', (_name, command, shownError) => runExampleInTurn(command, shownError, AHEAD));
});
