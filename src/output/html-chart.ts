// Charts of the HTML report (pure): inline SVG that scales to its box (viewBox,
// width 100%), so it fits a phone as well as a desktop; y ticks on round steps
// (1, 2, 2.5, 5 × 10^k) labelled by the caller (compact numbers, the currency
// on money axes); x labels kept inside the box (the first anchored at its
// start, the last at its end); stacked bars per day, or a line per day — bars
// when there is one day, where a line would be a dot.
import { escapeHtml } from './html-escape.js';

interface ChartSeries {
  label: string;
  values: Array<number | null>;
}

export interface ChartSpec {
  title: string;
  /** One label per bucket (already formatted for people). */
  dates: string[];
  series: ChartSeries[];
  kind: 'stacked' | 'line';
  /** An axis value as people read it (compact, with the currency on money axes). */
  tick: (v: number) => string;
  /** Colours of the series, in order. */
  colors: readonly string[];
}

/** Round ticks from 0 up to at least `max`: steps of 1, 2, 2.5 or 5 × 10^k, about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length < 12; v += step) ticks.push(+v.toPrecision(12));
  if (ticks.at(-1)! < max) ticks.push(+(ticks.at(-1)! + step).toPrecision(12));
  return ticks;
}

const W = 720;
const H = 280;
const LEFT = 72;
const RIGHT = 16;
const TOP = 12;
const BOTTOM = 40;

export function svgChart(c: ChartSpec): string {
  const n = c.dates.length;
  const bars = c.kind === 'stacked' || n === 1;
  const sums = c.dates.map((_, i) => c.series.reduce((a, s) => a + (bars && c.kind === 'stacked' ? (s.values[i] ?? 0) : 0), 0));
  const peak = Math.max(0, ...(c.kind === 'stacked' ? sums : c.series.flatMap((s) => s.values.map((v) => v ?? 0))));
  const ticks = niceTicks(peak);
  const top = ticks.at(-1)!;
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const y = (v: number) => TOP + plotH * (1 - v / top);
  const slot = plotW / Math.max(n, 1);
  const cx = (i: number) => (bars ? LEFT + slot * (i + 0.5) : LEFT + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1)));
  const f = (v: number) => v.toFixed(1);
  const parts: string[] = [];
  for (const t of ticks)
    parts.push(
      `<line x1="${LEFT}" x2="${W - RIGHT}" y1="${f(y(t))}" y2="${f(y(t))}" stroke="${t === 0 ? '#888' : '#e3e3e3'}"/>`,
      `<text x="${LEFT - 8}" y="${f(y(t) + 4)}" text-anchor="end" class="ax">${escapeHtml(c.tick(t))}</text>`,
    );
  // At most ~7 date labels; the last bucket always labelled, anchored so it stays inside the box.
  const every = Math.max(1, Math.ceil(n / 7));
  const shown = [...new Set([...Array.from({ length: n }, (_, i) => i).filter((i) => i % every === 0 && n - 1 - i >= every / 2), n - 1])];
  for (const i of shown.filter((i) => i >= 0)) {
    const anchor = bars ? 'middle' : i === 0 && n > 1 ? 'start' : i === n - 1 && n > 1 ? 'end' : 'middle';
    parts.push(`<text x="${f(cx(i))}" y="${H - BOTTOM + 20}" text-anchor="${anchor}" class="ax xl">${escapeHtml(c.dates[i])}</text>`);
  }
  if (bars) {
    const bw = Math.min(48, slot * 0.7);
    const base = new Array<number>(n).fill(0);
    c.series.forEach((s, k) => {
      const color = c.colors[k % c.colors.length]!;
      s.values.forEach((v, i) => {
        if (!v) return;
        const from = c.kind === 'stacked' ? base[i]! : 0;
        if (c.kind === 'stacked') base[i] = from + v;
        parts.push(
          `<rect x="${f(cx(i) - bw / 2)}" y="${f(y(from + v))}" width="${f(bw)}" height="${f(y(from) - y(from + v))}" fill="${color}"><title>${escapeHtml(`${s.label} ${c.dates[i]}: ${c.tick(v)}`)}</title></rect>`,
        );
      });
    });
  } else
    c.series.forEach((s, k) => {
      const color = c.colors[k % c.colors.length]!;
      const pts = s.values.flatMap((v, i) => (v === null ? [] : [`${f(cx(i))},${f(y(v))}`]));
      parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2.5" points="${pts.join(' ')}"/>`);
      for (const p of pts) {
        const [a, b] = p.split(',');
        parts.push(`<circle cx="${a}" cy="${b}" r="3" fill="${color}"/>`);
      }
    });
  const legend =
    c.series.length > 1
      ? `<ul class="legend">${c.series.map((s, k) => `<li><span class="sw" style="background:${c.colors[k % c.colors.length]}"></span>${escapeHtml(s.label)}</li>`).join('')}</ul>`
      : '';
  return (
    `<figure class="chart-box"><figcaption>${escapeHtml(c.title)}</figcaption>` +
    `<svg class="chart" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid meet" role="img" aria-label="${escapeHtml(c.title)}">${parts.join('')}</svg>` +
    `${legend}</figure>`
  );
}
