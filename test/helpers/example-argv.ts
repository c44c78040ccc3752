// A verb's sweep row by default: the argv of the first `--help` example it declares in defineVerb
// (test/helpers/verb-rows.ts). A new verb needs no row of its own when its first example runs against the
// sweep's emulator; an example that cannot be an argv (shell syntax, another verb, none at all) is a reason,
// and the sweeps fail naming the verb until it gets an override.
import { TOP_WORDS } from '../../src/commands/manifest/index.js';

/** Every verb's first example, by its words joined (from the generated manifests). */
export async function firstExamples(): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  for (const top of TOP_WORDS) for (const v of (await top.load()).MANIFEST.verbs) out.set(v.words.join(' '), v.examples[0]);
  return out;
}

/** Shell words of one line: single and double quotes, backslash escapes outside single quotes; no expansion. */
export function shellWords(line: string): string[] {
  const out: string[] = [];
  let word = '';
  let quoted = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      quoted = true;
    } else if (ch === '\\' && i + 1 < line.length) word += line[++i];
    else if (/\s/.test(ch)) {
      if (word || quoted) out.push(word);
      word = '';
      quoted = false;
    } else word += ch;
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${line}`);
  if (word || quoted) out.push(word);
  return out;
}

/** Shell syntax an argv cannot carry: pipes, redirection, expansion, command lists, a comment. */
const SHELL = /[|<>$;&`]|(^|\s)#|\\$/;

/** The output format options: each sweep picks its own (`-o json`), so an example's is left out. */
const OUTPUT = new Set(['-o', '--output']);

/** The argv (without `postctl`, without an output format) of `example` as a run of `verb`, or why it cannot be one. */
export function exampleArgv(verb: string, example: string | undefined): { args: string[] } | { reason: string } {
  if (example === undefined) return { reason: 'it declares no example' };
  // Quoted text may hold any character, but for expansion ($, `) within double quotes.
  const bare = example.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, (q) => (q.startsWith('"') ? q.replace(/[^$`]/g, '') : ''));
  if (SHELL.test(bare)) return { reason: `its first example uses shell syntax: ${example}` };
  const words = shellWords(example);
  const path = verb.split(' ');
  if (words[0] !== 'postctl' || path.some((w, i) => words[i + 1] !== w))
    return { reason: `its first example does not start with \`postctl ${verb}\`: ${example}` };
  return { args: words.slice(1).filter((w, i, all) => !OUTPUT.has(w) && !OUTPUT.has(all[i - 1]!)) };
}

/**
 * A line that is plain words as an argv carries them: quoted words (no `$` or backquote inside double
 * quotes), at most a trailing `> file` (stdout to a plain file name) and a trailing `# comment`; undefined for
 * anything else a shell would act on (pipes, lists, expansion, globs, a `~`, an environment assignment).
 */
export function plainCommand(line: string): { words: string[]; stdoutTo?: string } | undefined {
  let quote: string | null = null;
  let cut = line.length;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (quote === '"' && (ch === '$' || ch === '`')) return undefined;
      else if (quote === '"' && ch === '\\') i++;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '\\') return undefined;
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      cut = i;
      break;
    } else if (/[|&;<$`(){}*?~[\]]/.test(ch)) return undefined;
  }
  if (quote) return undefined;
  const body = line.slice(0, cut);
  const redirect = /^(.*?)\s>\s*([\w.-]+)\s*$/.exec(body);
  const words = shellWords(redirect ? redirect[1]! : body);
  if (words.some((w) => w.includes('>')) || /^\w+=/.test(words[0] ?? '')) return undefined;
  return redirect ? { words, stdoutTo: redirect[2]! } : { words };
}
