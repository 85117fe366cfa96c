// Measures the heights the oEmbed answers, the snippets' engine margin and the docs quote
// (web/src/catalog/embed-heights.json): each measured view (routes.ts MEASURED_VIEWS: every
// route's example, every player as a figure only, every benchmark suite) in a plain iframe on a
// page of another origin, at each width, kept as tall as its content by embed.js as a docs page
// would (so it has no scrollbar taking its width), once it has loaded and stopped changing; in
// headless Chromium and in headless Firefox, against a built site. A view's height is the larger
// of the two (a plain iframe given it fits in both); each engine's own is kept beside it, and
// the share dialog reads from them how much taller the other engine may lay a view out. The
// end-to-end tests hold the figures; run this after changing a view's layout. It also writes
// the heights quoted in docs/embedding.md (docs.mjs renderHeights).
//
//   npm run measure:embeds                 (builds the site into .cache/measure-site first)
//   node web/scripts/measure-embeds.mjs [BUILT-SITE-DIR ITS-BASE] [--only TEXT]
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, SetupError, ensureChromium, ensureFirefox, main, step } from './toolchain.mjs';
import { viteBuild } from './site.mjs';
import { serveStatic } from './static-server.mjs';
import { firefoxVersion, launchFirefox } from './firefox.mjs';
import { EMBEDDING, withHeights } from './docs-heights.mjs';

const OUT = join(ROOT, 'web', 'src', 'catalog', 'embed-heights.json');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A browser with one tab, as both drivers offer it (playwright-core for Chromium, puppeteer-core
 * over WebDriver BiDi for Firefox: `frames()`, `url()` and `evaluate` are common to both).
 */
async function openChromium() {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  return { engine: 'chromium', version: `Chromium ${browser.version()}`, page, goto: (url) => page.goto(url), close: () => browser.close() };
}

async function openFirefox() {
  const found = ensureFirefox();
  if (!found.path) throw new SetupError(`${found.why}: the heights are measured in both engines.`);
  const browser = await launchFirefox(found.path, { width: 1400, height: 900 });
  const page = await browser.newPage();
  const goto = async (url) => {
    // Firefox's automation now and then loses a finished navigation's event (see
    // web/e2e/firefox/browser.ts): the height is read from the page below either way.
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 }).catch(() => undefined);
  };
  return { engine: 'firefox', version: await firefoxVersion(browser), page, goto, close: () => browser.close() };
}

/** Waits until the frame's view has loaded and its height has held for a second; returns it. */
async function settledHeight(page, siteUrl, viewUrl) {
  let last = -1;
  let since = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    // The view writes its state back into its address (parameters in its own order): any frame of the site.
    const frame = page.frames().find((f) => f.url().startsWith(siteUrl));
    const state = frame && await frame.evaluate(() => {
      const m = document.querySelector('main.embed');
      if (!m || document.querySelector('.widget-loading, [data-settling]')) return null;
      return Math.ceil(m.getBoundingClientRect().bottom + window.scrollY + (parseFloat(getComputedStyle(m).marginBottom) || 0));
    }).catch(() => null);
    const framed = await page.evaluate(() => document.querySelector('iframe')?.clientHeight ?? -1).catch(() => -1);
    if (typeof state === 'number' && state === framed) {
      if (state !== last) {
        last = state;
        since = Date.now();
      } else if (Date.now() - since > 1000) return state;
    }
    await sleep(150);
  }
  throw new Error(`${viewUrl} did not settle within a minute (last height ${last})`);
}

const USAGE = `usage: npm run measure:embeds [-- BUILT-SITE-DIR ITS-BASE] [--only TEXT | --missing]
  Measures every embed view of web/src/catalog/routes.ts (MEASURED_VIEWS) at each measured width
  (embed/widths.ts) in headless Chromium and Firefox, in a plain iframe kept as tall as its content,
  and writes the heights to web/src/catalog/embed-heights.json and the figures docs/embedding.md
  quotes. Without a folder it builds the site first.
  --only TEXT   measure only the views whose path contains TEXT, and print them (nothing is written)
  --missing     measure only the views the file has no heights for (a new family's, say) and add
                them, leaving the others as they were measured`;

await main(async () => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) return console.log(USAGE);
  const at = argv.indexOf('--only');
  const only = at >= 0 ? argv[at + 1] : null;
  if (at >= 0 && !only) throw new SetupError(`--only needs the text a view's path contains.\n${USAGE}`);
  const missing = argv.includes('--missing');
  if (missing && only) throw new SetupError(`--only and --missing are two ways to choose the views: give one.\n${USAGE}`);
  let [dir, base] = argv.filter((a, i) => a !== '--only' && a !== '--missing' && (at < 0 || i !== at + 1));
  if (!dir) {
    base = '/';
    dir = join(ROOT, '.cache', 'measure-site');
    await viteBuild(base, dir);
  }
  const data = JSON.parse(readFileSync(join(dir, 'embed', 'oembed-data.json'), 'utf8'));
  const before = JSON.parse(readFileSync(OUT, 'utf8'));
  const views = data.views.filter((v) => (only ? v.path.includes(only) : !missing || !before.heights?.[v.key]));
  if (views.length === 0) {
    if (missing) return step(`Every view has its heights in ${OUT}: nothing to measure.`);
    throw new SetupError(`No measured view's path contains "${only}".`);
  }
  const site = await serveStatic(dir, { base: base ?? '/' });
  const hostDir = mkdtempSync(join(tmpdir(), 'hotpath-measure-'));
  const pages = [];
  for (const v of views) {
    for (const width of data.widths) {
      const name = `${pages.length}.html`;
      pages.push({ name, v, width });
      writeFileSync(join(hostDir, name), `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
<script src="${site.url}embed.js"></script>
<iframe src="${site.url}${v.path}" title="measured" style="display:block;width:${width}px;border:0;height:300px"></iframe></body></html>`);
    }
  }
  const host = await serveStatic(hostDir, { base: '/', isolate: false });
  const engines = {};
  const versions = [];
  try {
    for (const open of [openChromium, openFirefox]) {
      const b = await open();
      versions.push(b.version);
      const heights = (engines[b.engine] = {});
      try {
        for (const { name, v, width } of pages) {
          await b.goto(host.url + name);
          const h = await settledHeight(b.page, site.url, `${site.url}${v.path}`);
          (heights[v.key] ??= {})[width] = h;
          step(`${b.version}: ${v.path} at ${width} px: ${h} px`);
        }
      } finally {
        await b.close();
      }
    }
  } finally {
    await host.close();
    await site.close();
  }
  // The height a plain iframe is given: the larger of the engines', so the view fits in both.
  const heights = {};
  for (const v of views) {
    heights[v.key] = Object.fromEntries(data.widths.map((w) => [w, Math.max(...Object.values(engines).map((e) => e[v.key][w]))]));
  }
  if (only) {
    for (const v of views) console.log(v.path, JSON.stringify(Object.fromEntries(Object.entries(engines).map(([e, hs]) => [e, hs[v.key]]))));
    return;
  }
  const stamp = `${new Date().toISOString().slice(0, 10)}, ${versions.join(' and ')}, by web/scripts/measure-embeds.mjs`;
  const out = missing
    ? {
      about: before.about,
      measured: `${before.measured}; ${views.length} views added ${stamp}`,
      heights: { ...before.heights, ...heights },
      engines: Object.fromEntries(Object.keys(engines).map((e) => [e, { ...before.engines?.[e], ...engines[e] }])),
    }
    : { about: before.about, measured: stamp, heights, engines };
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  step(`Wrote ${views.length} views × ${data.widths.length} widths × ${versions.length} engines to ${OUT}.`);
  writeFileSync(EMBEDDING, withHeights(readFileSync(EMBEDDING, 'utf8'), data, out));
  step(`Wrote the heights docs/embedding.md quotes.`);
});
