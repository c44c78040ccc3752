// The HTML report (pure): one self-contained page — inline CSS and inline SVG,
// no script and nothing fetched (its Content-Security-Policy forbids both) —
// with a header per account (time zone, currency, range), a line chart per
// headline metric per day, the totals table and the per-day table. Every text
// (names from the API included) is escaped, and control and bidi-override
// characters are replaced, so a hostile name is shown as text, never markup.

interface HtmlSeries {
  label: string;
  values: Array<number | null>;
}

export interface HtmlChart {
  title: string;
  /** The x axis: one label per bucket (the account's dates). */
  dates: string[];
  series: HtmlSeries[];
}

type HtmlCell = string | number | null;

export interface HtmlSection {
  account: string;
  accountName?: string | undefined;
  tz: string;
  currency?: string | undefined;
  range: string;
  /** A note under the header (a range that includes a day not yet over). */
  note?: string | undefined;
  charts: HtmlChart[];
  totals?: { columns: string[]; rows: HtmlCell[][] } | undefined;
  days: { columns: string[]; rows: HtmlCell[][] };
}

export interface HtmlReport {
  title: string;
  sections: HtmlSection[];
  /** Accounts that failed, with why (the others' figures are still shown). */
  failures?: Array<{ account: string; message: string }>;
}

const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text as HTML: escaped, and control or bidi-override characters replaced by U+FFFD. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '')
    .replace(UNSAFE, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Colours for the eye, and for a reader without colour (or a grey print) a dash pattern and a marker shape per series.
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#7f7f7f'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4', '4 4', '12 2 2 2'];
const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'cross', 'circle-open', 'square-open', 'triangle-open'] as const;

function marker(kind: (typeof MARKERS)[number], x: number, y: number, color: string): string {
  const open = kind.endsWith('-open');
  const fill = open ? 'white' : color;
  const k = kind.replace('-open', '');
  const p = (n: number) => n.toFixed(1);
  if (k === 'circle') return `<circle cx="${p(x)}" cy="${p(y)}" r="3.5" fill="${fill}" stroke="${color}"/>`;
  if (k === 'square') return `<rect x="${p(x - 3.5)}" y="${p(y - 3.5)}" width="7" height="7" fill="${fill}" stroke="${color}"/>`;
  if (k === 'triangle')
    return `<path d="M${p(x)} ${p(y - 4.5)}L${p(x + 4)} ${p(y + 3)}L${p(x - 4)} ${p(y + 3)}Z" fill="${fill}" stroke="${color}"/>`;
  if (k === 'diamond')
    return `<path d="M${p(x)} ${p(y - 4.5)}L${p(x + 4.5)} ${p(y)}L${p(x)} ${p(y + 4.5)}L${p(x - 4.5)} ${p(y)}Z" fill="${fill}" stroke="${color}"/>`;
  return `<path d="M${p(x - 4)} ${p(y - 4)}L${p(x + 4)} ${p(y + 4)}M${p(x - 4)} ${p(y + 4)}L${p(x + 4)} ${p(y - 4)}" stroke="${color}" stroke-width="2"/>`;
}

/** A readable axis value: 1234567 → 1.23M, 0.5 → 0.5. */
function axisLabel(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e9) return `${+(v / 1e9).toPrecision(3)}B`;
  if (a >= 1e6) return `${+(v / 1e6).toPrecision(3)}M`;
  if (a >= 1e4) return `${+(v / 1e3).toPrecision(3)}k`;
  return String(+v.toPrecision(4));
}

/** One line chart as inline SVG: the metric per day, a line per series, dates on the x axis, a legend. */
function svgChart(chart: HtmlChart): string {
  const W = 720;
  const H = 260;
  const left = 64;
  const right = 16;
  const top = 16;
  const bottom = 48;
  const n = chart.dates.length;
  const values = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const x = (i: number) => left + (n <= 1 ? (W - left - right) / 2 : (i * (W - left - right)) / (n - 1));
  const y = (v: number) => top + (H - top - bottom) * (1 - (v - min) / span);
  const parts: string[] = [];
  for (let t = 0; t <= 4; t++) {
    const v = min + (span * t) / 4;
    parts.push(
      `<line x1="${left}" x2="${W - right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" class="ax">${escapeHtml(axisLabel(v))}</text>`,
    );
  }
  const every = Math.max(1, Math.ceil(n / 8));
  for (let i = 0; i < n; i += every)
    parts.push(`<text x="${x(i).toFixed(1)}" y="${H - bottom + 18}" text-anchor="middle" class="ax">${escapeHtml(chart.dates[i])}</text>`);
  parts.push(`<line x1="${left}" x2="${W - right}" y1="${y(min).toFixed(1)}" y2="${y(min).toFixed(1)}" stroke="#888"/>`);
  chart.series.forEach((s, k) => {
    const color = COLORS[k % COLORS.length]!;
    const points = s.values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [[x(i), y(v)] as const]));
    if (points.length > 1)
      parts.push(
        `<polyline fill="none" stroke="${color}" stroke-width="2"${DASHES[k % DASHES.length] ? ` stroke-dasharray="${DASHES[k % DASHES.length]}"` : ''} points="${points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ')}"/>`,
      );
    for (const [a, b] of points) parts.push(marker(MARKERS[k % MARKERS.length]!, a, b, color));
  });
  const legend = chart.series
    .map((s, k) => {
      const color = COLORS[k % COLORS.length]!;
      const dash = DASHES[k % DASHES.length];
      const sample = `<svg width="40" height="12" aria-hidden="true"><line x1="2" x2="38" y1="6" y2="6" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>${marker(MARKERS[k % MARKERS.length]!, 20, 6, color)}</svg>`;
      return `<li>${sample} ${escapeHtml(s.label)}</li>`;
    })
    .join('');
  return (
    `<figure><figcaption>${escapeHtml(chart.title)}</figcaption>` +
    `<svg class="chart" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(chart.title)}">${parts.join('')}</svg>` +
    `<ul class="legend">${legend}</ul></figure>`
  );
}

function table(t: { columns: string[]; rows: HtmlCell[][] }, caption: string): string {
  const head = t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = t.rows
    .map(
      (r) =>
        `<tr>${r.map((v) => `<td${typeof v === 'number' || /^-?\d+(\.\d+)?$/.test(String(v ?? '')) ? ' class="n"' : ''}>${escapeHtml(v)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}
dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px}dt{color:#666}
figure{margin:16px 0}figcaption{font-weight:600}.ax{font-size:11px;fill:#555}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}
table{border-collapse:collapse;margin:12px 0}caption{text-align:left;font-weight:600}
th,td{border:1px solid #ddd;padding:2px 8px}th{background:#f4f4f4}td.n{text-align:right}
.note{color:#8a5300}.fail{color:#b00020}`;

/** The whole page. */
export function renderHtmlReport(r: HtmlReport): string {
  const sections = r.sections.map((s) => {
    const dl = [
      ['account', s.accountName ? `${s.account} (${s.accountName})` : s.account],
      ['time zone', s.tz],
      ['currency', s.currency ?? 'unknown'],
      ['range', s.range],
    ]
      .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
      .join('');
    return [
      `<section><h2>${escapeHtml(s.accountName ?? s.account)}</h2><dl>${dl}</dl>`,
      s.note ? `<p class="note">${escapeHtml(s.note)}</p>` : '',
      ...s.charts.map(svgChart),
      s.totals ? table(s.totals, 'Totals') : '',
      table(s.days, 'Per day'),
      '</section>',
    ].join('\n');
  });
  const failures = (r.failures ?? []).map((f) => `<p class="fail">${escapeHtml(`account ${f.account} failed: ${f.message}`)}</p>`);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(r.title)}</title><style>${CSS}</style></head>
<body><h1>${escapeHtml(r.title)}</h1>
${failures.join('\n')}
${sections.join('\n')}
</body></html>
`;
}
