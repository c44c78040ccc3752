// Plain tables that fit the terminal (the gh/kubectl look): a header row, columns
// two spaces apart, no borders and no row separators. Each cell is one line;
// when the table is wider than the screen, wide text columns shrink first (cut
// with "…" in their own column), then other columns down to their header, then
// the rightmost columns are left out. `-o json` always has every full value.
export interface TableSpec {
  headers: string[];
  rows: string[][];
  /** Columns that hold free text and give way first (by index). */
  flex?: ReadonlySet<number>;
  /** Screen width; undefined = no limit. */
  width?: number;
  /** Styles the header cells (bold on a colour terminal). */
  head?: (s: string) => string;
}

const GAP = 2;

/** Display width: East Asian wide and fullwidth characters take two cells, combining marks none. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x300 && c <= 0x36f) || c === 0x200d || (c >= 0xfe00 && c <= 0xfe0f)) continue;
    w += wide(c) ? 2 : 1;
  }
  return w;
}

function wide(c: number): boolean {
  return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1faff) || (c >= 0x20000 && c <= 0x3fffd);
}

/** Cuts to at most `width` display cells, ending in "…" when cut. */
export function fitCell(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  if (width <= 0) return '';
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = displayWidth(ch);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return out + '…';
}

/** Column widths that fit `width`, and which columns are shown. */
export function layout(spec: TableSpec): { widths: number[]; shown: number[] } {
  const n = spec.headers.length;
  const natural = spec.headers.map((h, i) => Math.max(displayWidth(h), ...spec.rows.map((r) => displayWidth(r[i] ?? ''))));
  let widths = [...natural];
  let shown = Array.from({ length: n }, (_, i) => i);
  if (spec.width === undefined) return { widths, shown };
  const limit = Math.max(spec.width, 10);
  const total = () => shown.reduce((sum, i) => sum + widths[i]!, 0) + GAP * (shown.length - 1);
  const flex = [...(spec.flex ?? [])].filter((i) => i < n);
  // Text much wider than the rest also counts as free text.
  for (let i = 0; i < n; i++) if (!flex.includes(i) && natural[i]! > 40) flex.push(i);
  const head = (i: number) => displayWidth(spec.headers[i]!);
  // Floors: free text keeps 40% of the screen before other columns give way (12 cells at the
  // very last); other columns go down to their header, but short ids and dates stay whole.
  const textFloor = (i: number, share: number) => Math.min(natural[i]!, Math.max(head(i), share));
  const otherFloor = (i: number) => (natural[i]! <= 24 && spec.rows.every((r) => !/\s/.test(r[i] ?? '')) ? natural[i]! : Math.min(natural[i]!, Math.max(head(i), 8)));
  const shrink = (candidates: number[], floor: (i: number) => number) => {
    while (total() > limit) {
      const widest = candidates.filter((i) => widths[i]! > floor(i)).sort((a, b) => widths[b]! - widths[a]!)[0];
      if (widest === undefined) return;
      widths[widest]!--;
    }
  };
  const fit = () => {
    widths = [...natural];
    const text = shown.filter((i) => flex.includes(i));
    shrink(text, (i) => textFloor(i, Math.floor(limit * 0.4)));
    shrink(shown.filter((i) => !flex.includes(i)), otherFloor);
    return total() <= limit;
  };
  // The rightmost columns go first; never the first column, and free text last.
  while (!fit() && shown.length > 1) {
    const drop = [...shown].reverse().find((i) => i !== shown[0] && !flex.includes(i)) ?? shown[shown.length - 1]!;
    shown = shown.filter((i) => i !== drop);
  }
  shrink(shown.filter((i) => flex.includes(i)), (i) => textFloor(i, 12));
  if (total() > limit) widths[shown[0]!] = limit;
  return { widths, shown };
}

export function renderTable(spec: TableSpec): string {
  const { widths, shown } = layout(spec);
  const line = (cells: string[], style?: (s: string) => string) =>
    shown
      .map((i, k) => {
        const text = fitCell(cells[i] ?? '', widths[i]!);
        const fill = k === shown.length - 1 ? '' : ' '.repeat(Math.max(0, widths[i]! - displayWidth(text)));
        return (style && text ? style(text) : text) + fill;
      })
      .join(' '.repeat(GAP))
      .replace(/ +$/, '');
  return [line(spec.headers, spec.head), ...spec.rows.map((r) => line(r))].join('\n');
}
