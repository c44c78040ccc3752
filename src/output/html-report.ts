// The HTML client report (pure): one self-contained page — inline CSS, inline
// SVG and at most an embedded logo (a data: image), no script and nothing
// fetched (its Content-Security-Policy forbids both) — with per account a
// header (name, zone, currency, the period and the one it is compared with),
// the headline numbers with their change, a spend chart stacked by entity and
// the result metric per day, and a table per entity with pacing against its
// budgets; with several accounts, a roll-up per currency first (amounts in
// different currencies are never added). Numbers follow the locale. It fits a
// phone (charts scale, wide tables scroll in their own box) and prints to A4
// without a chart cut across pages.
import type { ClientFigures, EntityLine, Kpi } from './report-figures.js';
import { svgChart } from './html-chart.js';
import { escapeHtml } from './html-escape.js';

export { escapeHtml } from './html-escape.js';

export interface HtmlSection {
  account: string;
  accountName?: string | undefined;
  tz: string;
  currency?: string | undefined;
  period: string;
  previous?: string | undefined;
  /** A note under the header (a range that includes a day not yet over). */
  note?: string | undefined;
  figures: ClientFigures;
  /** What the entities are (campaigns, line items…), for the table's caption. */
  entityLabel: string;
  /** Unit of the x axis ('day' or 'hour'). */
  per: string;
  /** The per-bucket rows in the columns --columns names (absent unless asked). */
  detail?: { columns: string[]; rows: Array<Array<string | number | null>> } | undefined;
}

export interface HtmlReport {
  title: string;
  locale: string;
  brandColor?: string | undefined;
  logo?: { mime: string; base64: string } | undefined;
  sections: HtmlSection[];
  /** Several accounts: the sums per currency. */
  rollups?: Array<{ currency: string; accounts: string[]; kpis: Kpi[] }>;
  /** Accounts that failed, with why (the others' figures are still shown). */
  failures?: Array<{ account: string; message: string }>;
}

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c8c8c'];

class Fmt {
  constructor(
    private readonly locale: string,
    private readonly currency: string | undefined,
  ) {}
  count = (v: number | null): string => (v === null ? '–' : new Intl.NumberFormat(this.locale, { maximumFractionDigits: 0 }).format(v));
  /** Micros as money in the currency (its own decimals), or as a plain number when the currency is unknown. */
  /** Micros as money in the currency (its own decimals; a cost per result under 1 gets up to 4, so $0.0052 is not $0.01). */
  money = (micros: number | null, precise = false): string => {
    if (micros === null) return '–';
    const v = micros / 1e6;
    const fine = precise && Math.abs(v) < 1 ? { maximumFractionDigits: 4 } : {};
    if (!this.currency)
      return new Intl.NumberFormat(this.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, ...fine }).format(v);
    return new Intl.NumberFormat(this.locale, { style: 'currency', currency: this.currency, ...fine }).format(v);
  };
  percent = (v: number | null): string =>
    v === null
      ? '–'
      : new Intl.NumberFormat(this.locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
  compact = (v: number): string => new Intl.NumberFormat(this.locale, { notation: 'compact', maximumFractionDigits: 1 }).format(v);
  compactMoney = (micros: number): string =>
    this.currency
      ? new Intl.NumberFormat(this.locale, {
          notation: 'compact',
          style: 'currency',
          currency: this.currency,
          minimumFractionDigits: 0,
          maximumFractionDigits: 1,
        }).format(micros / 1e6)
      : this.compact(micros / 1e6);
  kpi = (k: Kpi, v: number | null = k.value): string =>
    k.kind === 'money' ? this.money(v, k.key !== 'spend') : k.kind === 'percent' ? this.percent(v) : this.count(v);
  change = (c: number | null | undefined): string => {
    if (c === null || c === undefined) return '';
    const text = new Intl.NumberFormat(this.locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(c);
    return `<span class="chg ${c > 0 ? 'up' : c < 0 ? 'down' : ''}">${escapeHtml(text)}</span>`;
  };
}

function kpiStrip(kpis: Kpi[], fmt: Fmt, compare: boolean): string {
  const cards = kpis.map(
    (k) =>
      `<div class="kpi" data-kpi="${escapeHtml(k.key)}" data-value="${k.value ?? ''}"${compare ? ` data-change="${k.change ?? ''}"` : ''}>` +
      `<div class="kl">${escapeHtml(k.label)}</div><div class="kv">${escapeHtml(fmt.kpi(k))}</div>` +
      (compare
        ? `<div class="kc">${fmt.change(k.change)} <span class="prev">vs ${escapeHtml(fmt.kpi(k, k.previous ?? null))}</span></div>`
        : '') +
      '</div>',
  );
  return `<div class="kpis">${cards.join('')}</div>`;
}

const COLUMNS: Array<[string, string, 'money' | 'count' | 'percent']> = [
  ['spend', 'Spend', 'money'],
  ['impressions', 'Impressions', 'count'],
  ['engagements', 'Engagements', 'count'],
  ['engagement_rate', 'Eng. rate', 'percent'],
  ['clicks', 'Clicks', 'count'],
  ['ctr', 'CTR', 'percent'],
  ['cpe', 'CPE', 'money'],
];

function entityTable(s: HtmlSection, fmt: Fmt, compare: boolean): string {
  const list = s.figures.entities;
  if (!list.length) return '<p class="note">No delivery in this period.</p>';
  const cols = COLUMNS.filter(([k]) => list.some((e) => k in e.kpis));
  const pacing = list.some((e) => e.pacing);
  const status = list.some((e) => e.status);
  const head = [
    '<th>Name</th>',
    status ? '<th>Status</th>' : '',
    ...cols.map(([, l]) => `<th class="n">${escapeHtml(l)}</th>`),
    compare ? '<th class="n">Spend vs prev.</th>' : '',
    pacing ? '<th class="n" title="spend against daily budget × days, and against total budget">Pacing</th>' : '',
  ].join('');
  const cell = (e: EntityLine, k: string, kind: string) => {
    const v = e.kpis[k] ?? null;
    return `<td class="n">${escapeHtml(kind === 'money' ? fmt.money(v, k !== 'spend') : kind === 'percent' ? fmt.percent(v) : fmt.count(v))}</td>`;
  };
  const pace = (e: EntityLine) => {
    if (!e.pacing) return '';
    const parts = [
      e.pacing.daily !== undefined ? `${fmt.percent(e.pacing.daily)} daily` : '',
      e.pacing.total !== undefined ? `${fmt.percent(e.pacing.total)} total` : '',
    ].filter(Boolean);
    return escapeHtml(parts.join(' · '));
  };
  const rows = list.map(
    (e) =>
      `<tr><td class="name">${escapeHtml(e.name || e.id)} <span class="id">${escapeHtml(e.id)}</span></td>` +
      (status ? `<td>${escapeHtml((e.status ?? '').toLowerCase())}</td>` : '') +
      cols.map(([k, , kind]) => cell(e, k, kind)).join('') +
      (compare ? `<td class="n">${fmt.change(e.change)}</td>` : '') +
      (pacing ? `<td class="n">${pace(e)}</td>` : '') +
      '</tr>',
  );
  return `<div class="scroll"><table><caption>${escapeHtml(s.entityLabel)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function detailTable(t: NonNullable<HtmlSection['detail']>): string {
  const head = t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const cell = (v: string | number | null) => `<td${/^-?\d+(\.\d+)?$/.test(String(v ?? '')) ? ' class="n"' : ''}>${escapeHtml(v)}</td>`;
  const body = t.rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('');
  return `<div class="scroll"><table class="detail"><caption>Per bucket</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function dateLabel(d: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):00)?$/.exec(d);
  if (!m) return d;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0)));
  const o: Intl.DateTimeFormatOptions = m[4]
    ? { hour: 'numeric', day: 'numeric', timeZone: 'UTC' }
    : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, o).format(t);
}

function section(s: HtmlSection, r: HtmlReport, compare: boolean): string {
  const fmt = new Fmt(r.locale, s.currency);
  const colors = r.brandColor ? [r.brandColor, ...PALETTE] : PALETTE;
  const dates = s.figures.dates.map((d) => dateLabel(d, r.locale));
  const charts: string[] = [];
  if (s.figures.spend)
    charts.push(
      svgChart({
        title: `Spend per ${s.per}${s.currency ? ` (${s.currency})` : ''}`,
        dates,
        series: s.figures.spend,
        kind: 'stacked',
        tick: fmt.compactMoney,
        colors,
      }),
    );
  if (s.figures.result)
    charts.push(
      svgChart({
        title: `${s.figures.result.metric[0]!.toUpperCase()}${s.figures.result.metric.slice(1)} per ${s.per}`,
        dates,
        series: [{ label: s.figures.result.metric, values: s.figures.result.values }],
        kind: 'line',
        tick: fmt.compact,
        colors,
      }),
    );
  const meta = [
    ['Period', s.period],
    ...(s.previous ? [['Compared with', s.previous]] : []),
    ['Time zone', s.tz],
    ['Currency', s.currency ?? 'unknown'],
  ];
  return [
    `<section class="account"><h2>${escapeHtml(s.accountName || s.account)} <span class="id">${escapeHtml(s.account)}</span></h2>`,
    `<dl>${meta.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join('')}</dl>`,
    s.note ? `<p class="note">${escapeHtml(s.note)}</p>` : '',
    kpiStrip(s.figures.kpis, fmt, compare),
    `<div class="charts">${charts.join('')}</div>`,
    entityTable(s, fmt, compare),
    s.detail ? detailTable(s.detail) : '',
    '</section>',
  ].join('\n');
}

const css = (brand: string) => `*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2433;background:#fff}
main{max-width:1120px;margin:0 auto;padding:24px 20px}
header.top{display:flex;align-items:center;gap:16px;border-bottom:4px solid ${brand};padding-bottom:12px}
header.top img{max-height:48px;max-width:160px}
h1{font-size:24px;margin:0}h2{font-size:20px;margin:32px 0 8px}.id{font-size:12px;color:#6b7280;font-weight:400}
dl{display:flex;flex-wrap:wrap;gap:4px 24px;margin:0 0 12px}dl div{display:flex;gap:6px}dt{color:#6b7280}dd{margin:0}
.kpis{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;margin:12px 0}
.kpi{border:1px solid #e5e7eb;border-radius:8px;padding:10px 12px;break-inside:avoid}
.kl{font-size:12px;color:#6b7280;text-transform:uppercase;letter-spacing:.03em}.kv{font-size:22px;font-weight:600}
.kc{font-size:12px;color:#6b7280}.chg.up{color:#047857}.chg.down{color:#b91c1c}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,480px),1fr));gap:16px}
figure{margin:8px 0;break-inside:avoid;page-break-inside:avoid;min-width:0}figcaption{font-weight:600;margin-bottom:4px}
svg.chart{display:block;width:100%;height:auto}.ax{font-size:13px;fill:#4b5563}
.legend{list-style:none;padding:0;margin:4px 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:13px}
.sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px}
.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;margin:12px 0;width:100%;font-size:14px}
caption{text-align:left;font-weight:600;padding:4px 0}th,td{border-bottom:1px solid #e5e7eb;padding:6px 8px;white-space:nowrap;text-align:left}
th{background:#f9fafb;font-size:12px;text-transform:uppercase;color:#4b5563}.n{text-align:right}td.name{white-space:normal;min-width:10em}
.note{color:#8a5300}.fail{color:#b00020}
@media (max-width:600px){.ax{font-size:22px}main{padding:16px 12px}.kv{font-size:19px}}
@media print{@page{size:A4;margin:14mm}main{padding:0;max-width:none}body{font-size:12px}.charts{display:block}section.account{break-before:auto}}`;

function rollup(r: HtmlReport): string {
  if (!r.rollups?.length) return '';
  const parts = r.rollups.map((u) => {
    const fmt = new Fmt(r.locale, u.currency || undefined);
    return `<section class="rollup"><h2>All accounts in ${escapeHtml(u.currency || 'an unknown currency')} <span class="id">${escapeHtml(`${u.accounts.length} account${u.accounts.length === 1 ? '' : 's'}`)}</span></h2>${kpiStrip(
      u.kpis,
      fmt,
      u.kpis.some((k) => k.previous !== undefined),
    )}</section>`;
  });
  return parts.join('\n');
}

/** The whole page. */
export function renderHtmlReport(r: HtmlReport): string {
  const brand = r.brandColor ?? '#1f77b4';
  const compare = r.sections.some((s) => s.previous !== undefined);
  const logo = r.logo ? `<img src="data:${r.logo.mime};base64,${r.logo.base64}" alt="">` : '';
  const failures = (r.failures ?? []).map((f) => `<p class="fail">${escapeHtml(`account ${f.account} failed: ${f.message}`)}</p>`);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(r.locale)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'${r.logo ? '; img-src data:' : ''}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(r.title)}</title><style>${css(brand)}</style></head>
<body><main><header class="top">${logo}<h1>${escapeHtml(r.title)}</h1></header>
${failures.join('\n')}
${rollup(r)}
${r.sections.map((s) => section(s, r, compare)).join('\n')}
</main></body></html>
`;
}
