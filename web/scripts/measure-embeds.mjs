// Measures the heights the oEmbed answers and files quote (web/src/catalog/embed-heights.json):
// each measured view (routes.ts MEASURED_VIEWS: every route's example, every player as a figure
// only) in a plain iframe on a page of another origin, at each width, kept as tall as its content
// by embed.js as a docs page would (so it has no scrollbar taking its width), once it has loaded
// and stopped changing. Headless Chromium, against a built site. The end-to-end tests hold the
// 860 px figures to within 2 px; run this after changing a view's layout.
//
//   npm run measure:embeds                 (builds the site into .cache/measure-site first)
//   node web/scripts/measure-embeds.mjs <built-site-dir> <its-base>
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, ensureChromium, main, step, viteBuild } from './toolchain.mjs';
import { serveStatic } from './static-server.mjs';

const OUT = join(ROOT, 'web', 'src', 'catalog', 'embed-heights.json');

/** Waits until the frame's view has loaded and its height has held for a second; returns it. */
async function settledHeight(page) {
  let last = -1;
  let since = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const frame = await (await page.locator('iframe').elementHandle()).contentFrame();
    const state = frame && await frame.evaluate(() => {
      const m = document.querySelector('main.embed');
      if (!m || document.querySelector('.widget-loading, [data-settling]')) return null;
      return Math.ceil(m.getBoundingClientRect().bottom + window.scrollY + (parseFloat(getComputedStyle(m).marginBottom) || 0));
    }).catch(() => null);
    const framed = await page.locator('iframe').evaluate((f) => f.clientHeight);
    if (state !== null && Math.abs(state - framed) <= 0) {
      if (state !== last) {
        last = state;
        since = Date.now();
      } else if (Date.now() - since > 1000) return state;
    }
    await page.waitForTimeout(150);
  }
  throw new Error(`the view did not settle within a minute (last height ${last})`);
}

const USAGE = `usage: npm run measure:embeds [-- BUILT-SITE-DIR ITS-BASE]
  Measures every embed view of web/src/catalog/routes.ts (MEASURED_VIEWS) at 390, 720, 860 and
  1,280 px in headless Chromium, in a plain iframe kept as tall as its content, and writes the
  heights to web/src/catalog/embed-heights.json. Without arguments it builds the site first.`;

await main(async () => {
  if (process.argv.includes('--help')) return console.log(USAGE);
  let [dir, base] = process.argv.slice(2);
  if (!dir) {
    base = '/';
    dir = join(ROOT, '.cache', 'measure-site');
    await viteBuild(base, dir);
  }
  const data = JSON.parse(readFileSync(join(dir, 'embed', 'oembed-data.json'), 'utf8'));
  const site = await serveStatic(dir, { base: base ?? '/' });
  const hostDir = mkdtempSync(join(tmpdir(), 'hotpath-measure-'));
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const version = browser.version();
  const heights = {};
  try {
    const pages = {};
    for (const v of data.views) {
      for (const width of data.widths) {
        const name = `${Object.keys(pages).length}.html`;
        pages[name] = [v, width];
        writeFileSync(join(hostDir, name), `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
<script src="${site.url}embed.js"></script>
<iframe src="${site.url}${v.path}" title="measured" style="display:block;width:${width}px;border:0;height:300px"></iframe></body></html>`);
      }
    }
    const host = await serveStatic(hostDir, { base: '/', isolate: false });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    for (const [name, [v, width]] of Object.entries(pages)) {
      await page.goto(host.url + name);
      const h = await settledHeight(page);
      (heights[v.key] ??= {})[width] = h;
      step(`${v.path} at ${width} px: ${h} px`);
    }
    await host.close();
  } finally {
    await browser.close();
    await site.close();
  }
  const out = {
    about: JSON.parse(readFileSync(OUT, 'utf8')).about,
    measured: `${new Date().toISOString().slice(0, 10)}, Chromium ${version}, by web/scripts/measure-embeds.mjs`,
    heights,
  };
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  step(`Wrote ${Object.keys(heights).length} views × ${data.widths.length} widths to ${OUT}.`);
});
