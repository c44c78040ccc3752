// Comments in src/ say why the code is as it is, not when or in which issue it came to be: an issue number
// or a story of earlier builds means nothing to a reader of the code as it stands (that history is in git
// and docs/performance.md). This scans every comment in src/ (generated manifests included: their generator
// writes no history either) for issue references and build history.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(new URL('../../src', import.meta.url).pathname);

/** What marks a comment as history: an issue, ticket or round number, or a build's past behaviour. */
const HISTORY: RegExp[] = [
  // "issue 19", "issues 17 and 28", "bug #4", "round 3"; an upstream reference (nodejs/node#55351) is a why.
  /\b(issues?|bugs?|tickets?|rounds?|PR) ?#?\d+/i,
  /(^|[\s(,])#\d+\b/,
  /\bround (one|two|three|four|five|six|seven|eight|nine|ten)\b/i,
  /\b(earlier|previous|older|old|first) (builds?|releases?|rounds?)\b/i,
  /\bused to (be|do|send|print|read|write|have|take|make|call|show|return|retry|fail|load|import)\b/i,
  /\bonce (did|did not|made|turned|hung|lost|broke|crashed|failed|sent|printed|let|cost|took)\b/i,
  /\bbefore the (fix|split|rewrite|refactor|move|change)\b/i,
  /\bformerly\b/i,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every comment of a source text with its line, as "line: the matching words". */
function historyIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)) {
    const hit = HISTORY.map((re) => m[0].match(re)).find(Boolean);
    if (hit) found.push(`${text.slice(0, m.index).split('\n').length}: ${hit[0].trim()}`);
  }
  return found;
}

describe('source comments', () => {
  it('no comment in src/ cites an issue number or tells build history', () => {
    const all = files(SRC);
    expect(all.length).toBeGreaterThan(400);
    const bad = all.flatMap((f) => historyIn(readFileSync(f, 'utf8')).map((h) => `${relative(SRC, f)}:${h}`));
    expect(bad).toEqual([]);
  });

  it('the scan sees history and issue numbers, and leaves ordinary words and upstream references alone', () => {
    const flagged = [
      '// Names kept to safe characters (issue 19).',
      '/** OAuth 2.0 tokens (Issue 14). */',
      '  // see #12',
      '// the fix of round four',
      '// Earlier builds read the whole file.',
      '/*\n * It used to retry forever.\n */',
      '// 1e300 once made "Invalid time value".',
      '// Kept where callers found it before the split.',
    ];
    for (const c of flagged) expect(historyIn(`const a = 1;\n${c}\nconst b = 2;`), c).toHaveLength(1);
    expect(historyIn('x;\n// issue 19\n')).toEqual(['2: issue 19']);
    const fine = [
      '// An AbortSignal per request leaks listeners (nodejs/node#55351).',
      '/** Access or request token used to sign. */',
      '// Math.round keeps it whole; a token the emulator did not issue is refused.',
      '// absent in records of older versions',
      '// edits within 1 hour of the first version',
      "const css = 'color:#222'; // the text colour",
    ];
    for (const c of fine) expect(historyIn(c), c).toEqual([]);
  });
});
