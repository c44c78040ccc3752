// Help fitted to the screen at print time. The build renders every help text
// unwrapped (one line per item) into dist/help/; the launcher and commander both
// pass it through `wrapHelp` with the width of the terminal (COLUMNS when stdout
// is not one, else 80). Lines break only between words — a word longer than the
// line stays whole — item descriptions stay aligned in their column, and a long
// example gets a shell line continuation so it can still be pasted. Kept free of
// imports: the launcher loads this file alone to print help.

const MIN_DESCRIPTION = 24;

/** A width commander never reaches: help laid out one line per item, for wrapHelp (and dist/help/) to fit. */
export const UNWRAPPED = 100_000;

/** The width help is fitted to: the terminal's columns, else COLUMNS, else 80 (never under 40). */
export function helpWidth(stream: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined>): number {
  const cols = stream.isTTY && stream.columns ? stream.columns : Number(env.COLUMNS);
  return Number.isInteger(cols) && cols > 0 ? Math.max(cols, 40) : 80;
}

const width = (s: string): number => [...s].length;

/** Words of `text` in lines of at most `room` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, room: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/ +/).filter(Boolean)) {
    if (line && width(line) + 1 + width(word) > room) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line || !out.length) out.push(line);
  return out;
}

/** One help line fitted to `cols`: an item (term, two spaces, description), an example, or prose. */
function wrapLine(line: string, cols: number): string[] {
  if (width(line) <= cols) return [line];
  const example = /^( +)\$ (.*)$/.exec(line);
  if (example) {
    const indent = example[1]!;
    // Room for " \" at the end of every line but the last; continuation lines indented four more.
    const lines = wrapWords(example[2]!, cols - indent.length - 6);
    return lines.map((l, i) => `${indent}${i ? '    ' : '$ '}${l}${i < lines.length - 1 ? ' \\' : ''}`);
  }
  const item = /^( +)(\S(?:.*?\S)?)( {2,})(\S.*)$/.exec(line);
  if (item) {
    const [, indent, term, gap, description] = item as unknown as [string, string, string, string, string];
    const column = indent.length + width(term) + gap.length;
    const longest = Math.max(...description.split(/ +/).map(width));
    if (cols - column >= Math.max(MIN_DESCRIPTION, longest)) {
      const lines = wrapWords(description, cols - column);
      return [`${indent}${term}${gap}${lines[0]}`, ...lines.slice(1).map((l) => ' '.repeat(column) + l)];
    }
    // A term too wide to leave room beside it (or for its longest word): the description goes below, indented.
    const under = indent.length + 4;
    return [`${indent}${term}`, ...wrapWords(description, cols - under).map((l) => ' '.repeat(under) + l)];
  }
  const indent = /^ */.exec(line)![0];
  return wrapWords(line.slice(indent.length), cols - indent.length).map((l) => indent + l);
}

/** Every line of a help text fitted to `cols` columns. */
export function wrapHelp(text: string, cols: number): string {
  return text
    .split('\n')
    .flatMap((l) => wrapLine(l, cols))
    .join('\n');
}
