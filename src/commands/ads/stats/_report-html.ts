// `ads stats -o html`: the client report's flags (checked before any request)
// and the page built from each account's rows — its name, the entities' names,
// statuses and budgets, and the previous period's rows when compared.
import { readFileSync, statSync } from 'node:fs';
import { clientFigures, kpis } from '../../../ads/stats/report/client.js';
import { bucketLabel } from '../../../ads/stats/report/shape.js';
import type { Row } from '../../../ads/stats/rows.js';
import { InputError } from '../../../errors/cli-error.js';
import { renderHtmlReport, type HtmlSection } from '../../../output/html-report.js';
import { periodDates, periodText } from './_previous.js';
import type { AccountReport } from './_report-draw.js';

export type { HtmlExtra } from './_report-draw.js';

export interface HtmlFlags {
  title?: string;
  logo?: string;
  brandColor?: string;
  /** false with --no-compare. */
  compare?: boolean;
  locale?: string;
}

export interface HtmlOptions {
  title?: string | undefined;
  logo?: { mime: string; base64: string } | undefined;
  brandColor?: string | undefined;
  compare: boolean;
  locale: string;
  /** --columns: the per-bucket rows' columns to show in a table of their own (raw API columns only when asked). */
  columns?: string[] | undefined;
}

const LOGO_MAX = 256 * 1024;
const IMAGE_TYPES: Array<[string, (b: Buffer) => boolean]> = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

/**
 * The flags of the HTML report, checked before anything is sent (exit 6 naming the flag). The logo is
 * a raster image (PNG, JPEG, GIF, WebP: told by its bytes, never its name; an SVG could carry script)
 * of at most 256 KiB, embedded in the page.
 */
export function htmlOptions(f: HtmlFlags, format: string, columns?: string): HtmlOptions | undefined {
  const given = ['title', 'logo', 'brandColor', 'locale'].filter((k) => f[k as keyof HtmlFlags] !== undefined);
  if (format !== 'html') {
    if (given.length || f.compare === false) throw new InputError(`--${given[0] ?? 'no-compare'} belongs to the HTML report (-o html)`);
    return undefined;
  }
  const locale = f.locale ?? 'en-US';
  let supported: string[] = [];
  try {
    supported = Intl.NumberFormat.supportedLocalesOf(locale);
  } catch {
    supported = [];
  }
  if (!supported.length)
    throw new InputError(`--locale ${JSON.stringify(locale)} is not a locale this runtime formats (en-US, de-DE, fr-FR…)`);
  if (f.brandColor !== undefined && !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(f.brandColor))
    throw new InputError(`--brand-color must be a hex colour such as #1f77b4 (got ${JSON.stringify(f.brandColor)})`);
  if (f.title !== undefined && !f.title.trim()) throw new InputError('--title is empty');
  const cols = columns
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    title: f.title,
    brandColor: f.brandColor,
    compare: f.compare !== false,
    locale,
    logo: f.logo ? readLogo(f.logo) : undefined,
    columns: cols?.length ? cols : undefined,
  };
}

function readLogo(path: string): { mime: string; base64: string } {
  let bytes: Buffer;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new InputError(`--logo ${path}: not a regular file`);
    if (st.size > LOGO_MAX) throw new InputError(`--logo ${path}: ${st.size} bytes, over the ${LOGO_MAX / 1024} KiB limit`);
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`--logo ${path}: ${(e as Error).message}`);
  }
  if (bytes.length > LOGO_MAX) throw new InputError(`--logo ${path}: over the ${LOGO_MAX / 1024} KiB limit`);
  const type = IMAGE_TYPES.find(([, is]) => is(bytes));
  if (!type) throw new InputError(`--logo ${path}: not a PNG, JPEG, GIF or WebP image`);
  return { mime: type[0], base64: bytes.toString('base64') };
}

const ENTITY_LABEL: Record<string, string> = {
  CAMPAIGN: 'Campaigns',
  LINE_ITEM: 'Ad groups (line items)',
  FUNDING_INSTRUMENT: 'Funding instruments',
  PROMOTED_TWEET: 'Promoted posts',
  PROMOTED_ACCOUNT: 'Promoted accounts',
  ACCOUNT: 'Accounts',
};

function section(a: AccountReport, o: HtmlOptions): HtmlSection {
  const q = a.q;
  const period = periodDates(q.start, q.end, q.tz);
  const label = (r: Row) => bucketLabel(String(r.start), String(r.end), q.granularity === 'TOTAL' ? 'DAY' : q.granularity, q.tz);
  const previous = o.compare ? a.extra?.previous : undefined;
  return {
    account: q.plan.account.id,
    accountName: a.extra?.accountName,
    tz: q.tz,
    currency: q.currency,
    period: `${periodText(period.first, period.last)} (${period.days} day${period.days === 1 ? '' : 's'})`,
    previous: previous ? periodText(previous.first, previous.last) : undefined,
    note: q.timing.complete ? undefined : `The period reaches ${q.timing.today}, not yet over in ${q.tz}: its figures are not final.`,
    figures: clientFigures({
      rows: a.raw,
      previous: previous?.rows,
      metrics: a.metrics,
      label,
      names: a.names,
      facts: a.extra?.facts,
      days: period.days,
    }),
    entityLabel: ENTITY_LABEL[q.entity] ?? q.entity,
    detail: o.columns ? { columns: o.columns, rows: a.days.map((r) => o.columns!.map((c) => r[c] ?? null)) } : undefined,
    per: q.granularity === 'HOUR' ? 'hour' : 'day',
  };
}

export function renderHtml(accounts: AccountReport[], failures: Array<{ account: string; message: string }>, o: HtmlOptions): string {
  const sections = accounts.map((a) => section(a, o));
  // Several accounts: a roll-up per currency (money in different currencies is never added up).
  const byCurrency = new Map<string, AccountReport[]>();
  for (const a of accounts) byCurrency.set(a.q.currency ?? '', [...(byCurrency.get(a.q.currency ?? '') ?? []), a]);
  const rollups =
    accounts.length > 1
      ? [...byCurrency].map(([currency, list]) => ({
          currency,
          accounts: list.map((a) => a.q.plan.account.id),
          kpis: kpis(
            list.flatMap((a) => a.raw),
            list[0]!.metrics,
            o.compare && list.every((a) => a.extra?.previous) ? list.flatMap((a) => a.extra!.previous!.rows) : undefined,
          ),
        }))
      : undefined;
  const names = sections.map((s) => s.accountName || s.account);
  const title = o.title ?? `Ads report: ${names.join(', ') || 'no account'}`;
  return renderHtmlReport({ title, locale: o.locale, brandColor: o.brandColor, logo: o.logo, sections, rollups, failures });
}
