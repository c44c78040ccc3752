// A chart for the terminal (pure): the values of a few series per bucket on a
// grid of characters, y axis labelled on the left, the buckets' dates under the
// x axis, and a legend where each series has its own mark (`*`, `o`, `+`…), so
// the series are told apart without colour (NO_COLOR, a grey print, a log);
// marks of series that meet on one cell are drawn side by side.

export interface TextSeries {
  label: string;
  values: Array<number | null>;
}

const MARKS = ['*', 'o', '+', 'x', '#', '@', '%', '&'] as const;

const HEIGHT = 12;

function yLabel(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return v.toFixed(Math.abs(v) >= 100 ? 0 : 2);
}

/**
 * The chart as lines of text at most `width` wide (the y labels included):
 * `title`, the grid, the x axis with the first, middle and last dates, the legend.
 */
export function textChart(o: { title: string; dates: readonly string[]; series: readonly TextSeries[]; width: number }): string {
  const n = o.dates.length;
  const values = o.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const labels = Array.from({ length: HEIGHT }, (_, r) => yLabel(max - (span * r) / (HEIGHT - 1)));
  const lw = Math.max(...labels.map((l) => l.length));
  const plotW = Math.max(10, Math.min(o.width - lw - 3, Math.max(n * 4, 20)));
  const col = (i: number) => (n <= 1 ? Math.floor(plotW / 2) : Math.round((i * (plotW - 1)) / (n - 1)));
  const grid = Array.from({ length: HEIGHT }, () => new Array<string>(plotW).fill(' '));
  o.series.forEach((s, k) => {
    s.values.forEach((v, i) => {
      if (v === null || !Number.isFinite(v) || i >= n) return;
      const row = grid[Math.round(((max - v) / span) * (HEIGHT - 1))]!;
      // Series meeting on one cell stand side by side, so an earlier series is never hidden by a later one.
      const at = [0, 1, -1, 2, -2].map((d) => col(i) + d).find((c) => c >= 0 && c < plotW && row[c] === ' ') ?? col(i);
      row[at] = MARKS[k % MARKS.length]!;
    });
  });
  const lines = [o.title];
  for (const [r, cells] of grid.entries()) lines.push(`${labels[r]!.padStart(lw)} ┤${cells.join('').replace(/ +$/, '')}`);
  lines.push(`${' '.repeat(lw)} └${'─'.repeat(plotW)}`);
  // Dates under their columns: the first, the middle and the last, where they fit without overlapping.
  const axis = new Array<string>(lw + 2 + plotW + 12).fill(' ');
  let free = 0;
  for (const i of [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0)) {
    const text = o.dates[i]!;
    const at = Math.max(free, Math.min(lw + 2 + col(i) - Math.floor(text.length / 2), axis.length - text.length));
    if (at < free) continue;
    for (let c = 0; c < text.length; c++) axis[at + c] = text[c]!;
    free = at + text.length + 2;
  }
  lines.push(axis.join('').replace(/ +$/, ''));
  for (const [k, s] of o.series.entries()) lines.push(`  ${MARKS[k % MARKS.length]} ${s.label}`);
  return lines.join('\n') + '\n';
}
