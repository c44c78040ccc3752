// `ads stats -o html` in a real headless Chromium (Debian's `chromium`; .ci/run
// installs it, and this test skips saying so when it is not there): the charts
// are drawn (SVG in the DOM, with lines and marks), the screenshot is not blank,
// nothing is fetched, the console stays silent, and a hostile name is text.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItems } from '../../src/emulator/routes/ads-core-line-items.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { Browser, chromiumPath } from '../helpers/chromium.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const chromium = chromiumPath();
if (!chromium) console.warn('[html-report] chromium is not installed (apt-get install chromium): the browser checks are skipped');
const HOSTILE = '<img src=x onerror=console.log(1)> Q4 "sale" & more';

describe.skipIf(!chromium)('the HTML report in headless Chromium', () => {
  let browser: Browser;
  let page = '';
  let html = '';
  beforeAll(async () => {
    lineItems(emu.state, EMU_ACCOUNT).get('8u94u')!.name = HOSTILE;
    const out = await emu.run(
      [
        'ads',
        'stats',
        '8u94t,8u94u',
        '--entity',
        'LINE_ITEM',
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-07',
        '--metric-groups',
        'ENGAGEMENT,BILLING',
        '--totals',
        '-o',
        'html',
      ],
      { cwd: tempDir() },
    );
    expect(out.code, out.stderr).toBe(0);
    html = out.stdout;
    page = join(tempDir(), 'report.html');
    writeFileSync(page, html);
    browser = Browser.launch(chromium!);
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('draws a chart per headline metric, shows the tables, fetches nothing and logs nothing', async () => {
    const s = await browser.page();
    await Promise.all(['Runtime.enable', 'Log.enable', 'Page.enable', 'Network.enable'].map((m) => browser.send(m, {}, s)));
    const loaded = browser.waitFor('Page.loadEventFired');
    await browser.send('Page.navigate', { url: pathToFileURL(page).href }, s);
    await loaded;
    const dom = await browser.evaluate<{
      charts: number;
      lines: number;
      marks: number;
      size: number[];
      captions: string[];
      tables: string[];
      allRow: string[];
      imgs: number;
      scripts: number;
      hostile: boolean;
      header: string;
    }>(
      s,
      `(() => {
        const charts = [...document.querySelectorAll('svg.chart')];
        const box = charts[0].getBoundingClientRect();
        const cells = (tr) => [...tr.children].map((c) => c.textContent);
        return {
          charts: charts.length,
          lines: document.querySelectorAll('svg.chart polyline').length,
          marks: document.querySelectorAll('svg.chart circle, svg.chart rect').length,
          size: [Math.round(box.width), Math.round(box.height)],
          captions: [...document.querySelectorAll('figcaption')].map((f) => f.textContent),
          tables: [...document.querySelectorAll('table caption')].map((c) => c.textContent),
          allRow: cells([...document.querySelectorAll('table')][0].querySelector('tbody tr:last-child')),
          imgs: document.querySelectorAll('img').length,
          scripts: document.scripts.length,
          hostile: document.body.textContent.includes(${JSON.stringify(HOSTILE)}),
          header: document.querySelector('dl').textContent,
        };
      })()`,
    );
    expect(dom.charts).toBe(3);
    expect(dom.captions).toEqual(['impressions per day', 'engagements per day', 'spend (USD) per day']);
    // A line and 7 marks per entity per chart.
    expect(dom.lines).toBe(3 * 2);
    expect(dom.marks).toBe(3 * 2 * 7);
    expect(dom.size[0]).toBeGreaterThan(300);
    expect(dom.size[1]).toBeGreaterThan(100);
    expect(dom.tables).toEqual(['Totals', 'Per day']);
    expect(dom.allRow.slice(0, 3)).toEqual(['all', '', 'total']);
    expect(dom.header).toContain('America/New_York');
    expect(dom.header).toContain('USD');
    expect(dom.header).toContain('2026-09-01 to 2026-09-07');
    // The hostile name is text on the page, never an element.
    expect(dom.hostile).toBe(true);
    expect(dom.imgs).toBe(0);
    expect(dom.scripts).toBe(0);
    const requests = browser.events.filter((e) => e.method === 'Network.requestWillBeSent' && e.sessionId === s);
    expect(requests.map((e) => e.params.request.url)).toEqual([pathToFileURL(page).href]);
    const shot = await browser.send<{ data: string }>('Page.captureScreenshot', { format: 'png' }, s);
    const said = browser.events.filter(
      (e) => e.sessionId === s && ['Runtime.consoleAPICalled', 'Runtime.exceptionThrown', 'Log.entryAdded'].includes(e.method),
    );
    expect(said.map((e) => JSON.stringify(e.params).slice(0, 200))).toEqual([]);
    // The screenshot, decoded by the browser in a tab of its own: many pixels are not the white background.
    const probe = await browser.page();
    const inked = await browser.evaluate<number>(
      probe,
      `new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => {
          const c = document.createElement('canvas');
          c.width = img.width; c.height = img.height;
          const g = c.getContext('2d');
          g.drawImage(img, 0, 0);
          const d = g.getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
          resolve(n / (c.width * c.height));
        };
        img.onerror = () => reject(new Error('the screenshot is not an image'));
        img.src = 'data:image/png;base64,${shot.data}';
      })`,
    );
    expect(inked).toBeGreaterThan(0.01);
    // The console check can see a message: one logged in the probe tab arrives as an event.
    await browser.send('Runtime.enable', {}, probe);
    const logged = browser.waitFor('Runtime.consoleAPICalled');
    await browser.evaluate(probe, "console.log('probe')");
    expect((await logged).sessionId).toBe(probe);
  }, 30_000);

  it('is one self-contained page: inline CSS and SVG, a policy that forbids scripts and fetches', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script|<link|<img|https?:\/\/|url\(/i);
    expect(html).toContain('&lt;img src=x onerror=console.log(1)&gt; Q4 &quot;sale&quot; &amp; more');
  });
});
