// Plain tables that fit the terminal (the gh/kubectl look): a header row, columns
// two spaces apart, no borders and no row separators. Each cell is one line;
// when the table is wider than the screen, wide text columns shrink first (cut
// with "…" in their own column), then other columns down to their header, then
// the rightmost columns are left out. `-o json` always has every full value.
// postctl decides the column widths and which columns are shown (`layout`);
// cli-table3, with its borders off, draws the table and cuts the cells.
export interface TableSpec {
  headers: string[];
  rows: string[][];
  /** Columns that hold free text and give way first (by index). */
  flex?: ReadonlySet<number>;
  /** Per column: the lowest is left out first when the table cannot fit (equal ones: the rightmost, free text last). */
  priority?: readonly number[];
  /** Screen width; undefined = no limit. */
  width?: number;
  /** Styles the header cells (bold on a colour terminal). */
  head?: (s: string) => string;
}

const GAP = 2;

// cli-table3 (CommonJS, with string-width) draws the tables; it is loaded only
// when a table is printed (`prepareTables`), so JSON, CSV and help never load it.
type TableCtor = typeof import('cli-table3');
let Table: TableCtor | undefined;
let strlen: ((s: string) => number) | undefined;

/** Loads cli-table3; call (and await) before renderTable or layout. */
export async function prepareTables(): Promise<void> {
  if (Table && strlen) return;
  const [table, utils] = await Promise.all([import('cli-table3'), import('cli-table3/src/utils.js')]);
  Table = table.default;
  strlen = utils.default.strlen;
}

function loaded(): { Table: TableCtor; strlen: (s: string) => number } {
  if (!Table || !strlen) throw new Error('internal: tables drawn before prepareTables()');
  return { Table, strlen };
}

/** Display width as cli-table3 measures it (string-width: wide characters take two cells, combining marks none). */
export function displayWidth(s: string): number {
  return loaded().strlen(s);
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
  const otherFloor = (i: number) =>
    natural[i]! <= 24 && spec.rows.every((r) => !/\s/.test(r[i] ?? '')) ? natural[i]! : Math.min(natural[i]!, Math.max(head(i), 8));
  const shrink = (candidates: number[], floor: (i: number) => number) => {
    while (total() > limit) {
      const widest = candidates.filter((i) => widths[i]! > floor(i)).sort((a, b) => widths[b]! - widths[a]!)[0];
      if (widest === undefined) return;
      widths[widest]!--;
    }
  };
  const fits = () => {
    widths = [...natural];
    const text = shown.filter((i) => flex.includes(i));
    shrink(text, (i) => textFloor(i, Math.floor(limit * 0.4)));
    shrink(
      shown.filter((i) => !flex.includes(i)),
      otherFloor,
    );
    return total() <= limit;
  };
  // The least important columns go first, the rightmost of equals, free text after the others of its
  // priority; never the first column.
  const rank = (i: number) => (spec.priority?.[i] ?? 1) * 2 + (flex.includes(i) ? 1 : 0);
  const dropLowest = (among: number[]) => {
    const drop = among.reduce((best, i) => (rank(i) < rank(best) ? i : best), among[0]!);
    shown = shown.filter((i) => i !== drop);
  };
  // Columns of lesser priority (below 2: not money, status, names) are left out before an important one is cut.
  const keepsWhole = () => {
    widths = [...natural];
    shrink(
      shown.filter((i) => flex.includes(i)),
      (i) => textFloor(i, Math.floor(limit * 0.4)),
    );
    return total() <= limit;
  };
  const minor = () =>
    shown
      .slice(1)
      .reverse()
      .filter((i) => (spec.priority?.[i] ?? 1) < 2);
  while (spec.priority && !keepsWhole() && minor().length) dropLowest(minor());
  while (!fits() && shown.length > 1) dropLowest(shown.slice(1).reverse());
  shrink(
    shown.filter((i) => flex.includes(i)),
    (i) => textFloor(i, 12),
  );
  if (total() > limit) widths[shown[0]!] = limit;
  return { widths, shown };
}

/** The table as text: cli-table3 with every border off, columns two spaces apart, no trailing spaces. */
export function renderTable(spec: TableSpec): string {
  const { widths, shown } = layout(spec);
  const { Table } = loaded();
  const style = spec.head;
  const table = new Table({
    head: shown.map((i) => {
      const h = spec.headers[i] ?? '';
      return style && h ? style(h) : h;
    }),
    colWidths: shown.map((i) => widths[i]!),
    wordWrap: false,
    truncate: '…',
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: ' '.repeat(GAP),
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of spec.rows) table.push(shown.map((i) => row[i] ?? ''));
  // cli-table3 0.6.5 cuts by UTF-16 code unit and can leave half an emoji (a lone high
  // surrogate, counted one cell) before the "…": the ellipsis and a space take its place.
  return table
    .toString()
    .replace(/[\uD800-\uDBFF]((?:\u001b\[[\d;]*m)*)…/g, '$1… ')
    .replace(/ +$/gm, '');
}
