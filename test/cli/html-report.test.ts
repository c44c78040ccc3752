// `ads stats -o html`, the client report, in a real headless Chromium (Debian's
// `chromium`; .ci/run installs it, and this test skips saying so when it is not
// there), at a desktop (1280×900) and a phone (390×844) viewport: no horizontal
// scroll of the page, the KPI values and their changes equal the emulator's own
// sums over every placement, every chart's last date label inside its SVG, the
// account's name in the title; printed to PDF (A4) with every chart whole;
// nothing fetched, nothing on the console, a hostile name shown as text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/emulator/ads-support.js';
import { campaigns, fundingInstruments } from '../../src/emulator/routes/ads-campaigns.js';
import { emuEntityPlacements, emuStatsTotal } from '../../src/emulator/routes/ads-stats-model.js';
import { EMU_PLACEMENTS } from '../../src/emulator/routes/ads-stats-rules.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { Browser, chromiumPath } from '../helpers/chromium.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const chromium = chromiumPath();
if (!chromium) console.warn('[html-report] chromium is not installed (apt-get install chromium): the browser checks are skipped');
const HOSTILE = '<img src=x onerror=console.log(1)> Q4 "sale" & more';
// Where the screenshots go: a temporary directory, or docs/ when regenerating the ones the docs show.
const SHOTS = process.env.HTML_REPORT_SHOTS ?? tempDir();

// New York: the week of 1–7 September 2026 is [04:00Z on the 1st, 04:00Z on the 8th); the week before it is compared.
const WEEK = { start: Date.parse('2026-09-01T04:00:00Z'), end: Date.parse('2026-09-08T04:00:00Z') };
const BEFORE = { start: Date.parse('2026-08-25T04:00:00Z'), end: WEEK.start };

/** The emulator's own sum of a metric over every campaign of its table and every placement each serves on. */
function oracle(ids: string[], metric: string, range: { start: number; end: number }): number {
  let sum = 0;
  for (const id of ids)
    for (const placement of EMU_PLACEMENTS)
      if (emuEntityPlacements(id).includes(placement)) sum += emuStatsTotal({ id, placement, metric, ...range });
  return sum;
}

describe.skipIf(!chromium)('the HTML client report in headless Chromium', () => {
  let browser: Browser;
  let page = '';
  let dayPage = '';
  let html = '';
  let ids: string[] = [];
  beforeAll(async () => {
    const table = campaigns(emu.state, EMU_ACCOUNT);
    ids = [...table.values()].filter((c) => !c.deleted).map((c) => c.id);
    table.get(ids[1]!)!.name = HOSTILE;
    const args = ['ads', 'stats', '--entity', 'CAMPAIGN', '--active', '--metric-groups', 'ENGAGEMENT,BILLING', '-o', 'html'];
    const out = await emu.run([...args, '--from', '2026-09-01', '--to', '2026-09-07'], { cwd: tempDir() });
    expect(out.code, out.stderr).toBe(0);
    html = out.stdout;
    page = join(tempDir(), 'report.html');
    writeFileSync(page, html);
    const day = await emu.run([...args, '--from', '2026-09-07', '--to', '2026-09-07', '--no-compare'], { cwd: tempDir() });
    expect(day.code, day.stderr).toBe(0);
    dayPage = join(tempDir(), 'day.html');
    writeFileSync(dayPage, day.stdout);
    browser = Browser.launch(chromium!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  async function open(file: string, width: number, height: number): Promise<string> {
    const s = await browser.page();
    await Promise.all(['Runtime.enable', 'Log.enable', 'Page.enable', 'Network.enable'].map((m) => browser.send(m, {}, s)));
    await browser.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: width < 600 }, s);
    const loaded = browser.waitFor('Page.loadEventFired');
    await browser.send('Page.navigate', { url: pathToFileURL(file).href }, s);
    await loaded;
    return s;
  }

  const LAYOUT = `(() => {
    const inside = [...document.querySelectorAll('svg.chart')].map((svg) => {
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll('text.xl')];
      const last = labels[labels.length - 1].getBoundingClientRect();
      return { text: labels[labels.length - 1].textContent, ok: last.left >= box.left - 0.5 && last.right <= box.right + 0.5 };
    });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      title: document.title,
      inside,
      kpis: Object.fromEntries([...document.querySelectorAll('.kpi')].map((k) => [k.dataset.kpi, [Number(k.dataset.value), k.dataset.change === '' ? null : Number(k.dataset.change), k.querySelector('.kv').textContent]])),
      bars: document.querySelectorAll('svg.chart rect').length,
      lines: document.querySelectorAll('svg.chart polyline').length,
      hostile: document.body.textContent.includes(${JSON.stringify(HOSTILE)}),
      imgs: document.querySelectorAll('img').length,
      scripts: document.scripts.length,
      header: document.querySelector('dl').textContent,
      rows: [...document.querySelectorAll('tbody tr')].length,
    };
  })()`;

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const)
    it(`${width}×${height}: no page scroll, KPIs equal the emulator's sums, last date labels inside their charts`, async () => {
      const s = await open(page, width, height);
      const dom = await browser.evaluate<any>(s, LAYOUT);
      expect(dom.scrollWidth).toBeLessThanOrEqual(width);
      const name = accounts(emu.state).get(EMU_ACCOUNT)!.name;
      expect(dom.title).toContain(name);
      expect(dom.inside.length).toBe(2);
      for (const c of dom.inside) expect(c, c.text).toMatchObject({ ok: true });
      const now = (m: string) => oracle(ids, m, WEEK);
      const then = (m: string) => oracle(ids, m, BEFORE);
      expect(dom.kpis.spend[0]).toBe(now('billed_charge_local_micro'));
      expect(dom.kpis.impressions[0]).toBe(now('impressions'));
      expect(dom.kpis.engagements[0]).toBe(now('engagements'));
      expect(dom.kpis.spend[1]).toBeCloseTo(now('billed_charge_local_micro') / then('billed_charge_local_micro') - 1, 9);
      expect(dom.kpis.impressions[1]).toBeCloseTo(now('impressions') / then('impressions') - 1, 9);
      expect(dom.kpis.engagement_rate[0]).toBeCloseTo(now('engagements') / now('impressions'), 12);
      // Money as people read it: $1,234.56.
      expect(dom.kpis.spend[2]).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(now('billed_charge_local_micro') / 1e6),
      );
      expect(dom.header).toMatch(/2026-09-01 to 2026-09-07.*2026-08-25 to 2026-08-31.*America\/New_York.*USD/);
      expect(dom.rows).toBe(ids.length);
      expect(dom.hostile).toBe(true);
      expect(dom.imgs).toBe(0);
      expect(dom.scripts).toBe(0);
      const requests = browser.events.filter((e) => e.method === 'Network.requestWillBeSent' && e.sessionId === s);
      expect(requests.map((e) => e.params.request.url)).toEqual([pathToFileURL(page).href]);
      const said = browser.events.filter(
        (e) => e.sessionId === s && ['Runtime.consoleAPICalled', 'Runtime.exceptionThrown', 'Log.entryAdded'].includes(e.method),
      );
      expect(said.map((e) => JSON.stringify(e.params).slice(0, 200))).toEqual([]);
      const shot = await browser.send<{ data: string }>('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, s);
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(join(SHOTS, `ads-report-${width}.png`), Buffer.from(shot.data, 'base64'));
    }, 30_000);

  it('one day is drawn as bars, not a dot', async () => {
    const s = await open(dayPage, 1280, 900);
    const dom = await browser.evaluate<any>(s, LAYOUT);
    expect(dom.lines).toBe(0);
    expect(dom.bars).toBeGreaterThanOrEqual(2);
    for (const c of dom.inside) expect(c, c.text).toMatchObject({ ok: true });
    expect(dom.kpis.spend[1]).toBeNull();
  }, 30_000);

  it('prints to A4 with every chart whole: no chart taller than a page, none breakable across pages', async () => {
    const s = await open(page, 1280, 900);
    const pdf = await browser.send<{ data: string }>('Page.printToPDF', { paperWidth: 8.27, paperHeight: 11.69, printBackground: true }, s);
    const bytes = Buffer.from(pdf.data, 'base64').toString('latin1');
    expect(bytes.startsWith('%PDF')).toBe(true);
    const pages = bytes.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(4);
    // At print media on an A4 width (182 mm printable ≈ 688 CSS px), each chart keeps together and fits one page (≈ 1016 px).
    await browser.send('Emulation.setEmulatedMedia', { media: 'print' }, s);
    await browser.send('Emulation.setDeviceMetricsOverride', { width: 688, height: 1016, deviceScaleFactor: 1, mobile: false }, s);
    const figs = await browser.evaluate<Array<{ avoid: string; height: number }>>(
      s,
      `[...document.querySelectorAll('figure')].map((f) => ({ avoid: getComputedStyle(f).breakInside, height: f.getBoundingClientRect().height }))`,
    );
    expect(figs.length).toBe(2);
    for (const f of figs) {
      expect(f.avoid).toBe('avoid');
      expect(f.height).toBeLessThan(1016);
    }
  }, 30_000);

  it('is one self-contained page: inline CSS and SVG, a policy that forbids scripts and fetches', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script|<link|<img|https?:\/\/|url\(/i);
    expect(html).toContain('&lt;img src=x onerror=console.log(1)&gt; Q4 &quot;sale&quot; &amp; more');
  });
});

describe('the client report flags are checked before anything is sent', () => {
  const base = [
    'ads',
    'stats',
    '--entity',
    'CAMPAIGN',
    '--active',
    '--from',
    '2026-09-01',
    '--to',
    '2026-09-07',
    '--metric-groups',
    'BILLING',
  ];
  it.each([
    ['a colour that is not hex', ['-o', 'html', '--brand-color', 'red;x'], /--brand-color must be a hex colour/],
    ['an unknown locale', ['-o', 'html', '--locale', 'zz-ZZ-x-nonsense-'], /--locale/],
    ['a page flag with another format', ['-o', 'csv', '--title', 'Acme'], /--title belongs to the HTML report/],
    ['an SVG logo (could carry script)', ['-o', 'html', '--logo', 'LOGO.svg'], /not a PNG, JPEG, GIF or WebP image/],
    ['a logo over 256 KiB', ['-o', 'html', '--logo', 'BIG.png'], /over the 256 KiB limit/],
  ])('%s: exit 6, no request', async (_name, more, message) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'LOGO.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    writeFileSync(
      join(dir, 'BIG.png'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300 * 1024)]),
    );
    const before = emu.state.log.length;
    const r = await emu.run([...base, ...more.map((a) => (a.startsWith('LOGO') || a.startsWith('BIG') ? join(dir, a) : a))], { cwd: dir });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(message);
    expect(emu.state.log.length).toBe(before);
  });

  it('a PNG logo is embedded as a data: image, allowed by the policy for images only; --title and --brand-color show', async () => {
    const dir = tempDir();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really drawn')]);
    writeFileSync(join(dir, 'logo.png'), png);
    const r = await emu.run(
      [...base, '-o', 'html', '--logo', join(dir, 'logo.png'), '--title', 'Acme <weekly>', '--brand-color', '#0f766e'],
      {
        cwd: dir,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`<img src="data:image/png;base64,${png.toString('base64')}"`);
    expect(r.stdout).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(r.stdout).toContain('<title>Acme &lt;weekly&gt;</title>');
    expect(r.stdout).toContain('#0f766e');
  });
});

describe('raw columns only when asked', () => {
  it('--columns adds a per-bucket table of exactly those columns; without it the page has none', async () => {
    const args = [
      'ads',
      'stats',
      '--entity',
      'LINE_ITEM',
      '8u94t',
      '--from',
      '2026-09-01',
      '--to',
      '2026-09-02',
      '--metric-groups',
      'BILLING',
    ];
    const plain = await emu.run([...args, '--no-compare', '-o', 'html'], { cwd: tempDir() });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toContain('class="detail"');
    expect(plain.stdout).not.toContain('carousel_swipes');
    const r = await emu.run([...args, '--no-compare', '-o', 'html', '--columns', 'date,placement,spend'], { cwd: tempDir() });
    expect(r.code, r.stderr).toBe(0);
    const detail = /<table class="detail">.*?<\/table>/s.exec(r.stdout)![0];
    expect([...detail.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(['date', 'placement', 'spend']);
    expect(detail).toContain('<td>2026-09-02</td>');
  });
});

describe('many accounts in one client report', () => {
  it('one section per account with its name, and a roll-up per currency summing the accounts in it', async () => {
    const TOKYO = '9iqxk2';
    // Tokyo bills in yen: its money is never added to the dollars.
    for (const fi of fundingInstruments(emu.state, TOKYO).values()) fi.currency = 'JPY';
    const r = await emu.run(
      [
        ...['ads', 'stats', '--entity', 'LINE_ITEM', '8u94t,8u94u', '--accounts', `${EMU_ACCOUNT},${TOKYO}`],
        ...['--from', '2026-09-01', '--to', '2026-09-02', '--metric-groups', 'ENGAGEMENT,BILLING', '--no-compare', '-o', 'html'],
      ],
      { cwd: tempDir() },
    );
    expect(r.code, r.stderr).toBe(0);
    const names = [EMU_ACCOUNT, TOKYO].map((a) => accounts(emu.state).get(a)!.name);
    for (const n of names) expect(r.stdout).toContain(`<h2>${n} <span class="id">`);
    expect(r.stdout).toContain(`<title>Ads report: ${names.join(', ')}</title>`);
    // One roll-up per currency, each the sum of its own accounts only: USD = New York's, JPY = Tokyo's.
    const rollups = [...r.stdout.matchAll(/<section class="rollup"><h2>All accounts in (\w+)/g)].map((m) => m[1]);
    expect(rollups).toEqual(['USD', 'JPY']);
    const spends = [...r.stdout.matchAll(/data-kpi="spend" data-value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(spends).toHaveLength(4);
    expect(spends.slice(0, 2)).toEqual(spends.slice(2));
    expect(r.stdout).toMatch(/¥[\d,]+<\/div>/);
  });
});
