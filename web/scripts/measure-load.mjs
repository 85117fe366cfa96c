// How much a first visit downloads and how soon its first widget answers, in headless Chromium,
// against a built site: the gzipped size of what each page loads (wasm, JS, CSS), and the time
// from navigation to the first widget answering (a player's Play button enabled, or the home
// page's heap layout drawn: its wasm instantiated and its script run), each page opened cold five
// times. Prints the figures; it is a measurement, not a test.
//
//   npm run build && node web/scripts/measure-load.mjs [dist-dir] [base]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, ensureChromium } from './toolchain.mjs';
import { serveStatic } from './static-server.mjs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`usage: npm run measure:load [-- DIST_DIR [BASE]]
  What a first visit downloads (gzipped wasm, JS, CSS) and how soon its first widget answers,
  five cold loads each of the home page, the heap embed and the first lesson, in headless Chromium,
  against a built site (npm run build first).
  DIST_DIR  the built site (default dist/); BASE  the path it was built for (default /)
  --help    print this and exit`);
  process.exit(0);
}
const dir = process.argv[2] ?? join(ROOT, 'dist');
const base = process.argv[3] ?? '/';
const RUNS = 5;
const PAGES = [
  ['home page', ''],
  ['heap embed', `embed/heap?ops=${encodeURIComponent('schedule 15, cancel-in-order')}`],
  ['first lesson', 'lessons/cancelling-timers'],
];

const site = await serveStatic(dir, { base });
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Gzipped bytes of a built file, by kind. */
function weigh(url, into) {
  const path = decodeURIComponent(new URL(url).pathname).slice(base.length);
  const kind = path.endsWith('.wasm') ? 'wasm' : path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
  if (!kind) return;
  into[kind] = (into[kind] ?? 0) + gzipSync(readFileSync(join(dir, path)), { level: 9 }).length;
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
for (const [name, path] of PAGES) {
  const times = [];
  let weight = {};
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const loaded = {};
    page.on('requestfinished', (r) => weigh(r.url(), loaded));
    // Stamp the first moment a player's Play button is enabled, from navigation start.
    await page.addInitScript(() => {
      const look = () => {
        const play = document.querySelector('.player-controls .play:not(:disabled), .heap-layout .array-view');
        if (play && /** @type {any} */ (window).__interactive === undefined) /** @type {any} */ (window).__interactive = performance.now();
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
    const hasPlayer = await page.locator('.player-controls .play, .heap-layout').count() > 0;
    if (hasPlayer) {
      await page.waitForFunction(() => /** @type {any} */ (window).__interactive !== undefined);
      times.push(await page.evaluate(() => /** @type {any} */ (window).__interactive));
    }
    weight = loaded;
    await context.close();
  }
  times.sort((a, b) => a - b);
  const sizes = Object.entries(weight).map(([k, v]) => `${k} ${kb(v)}`).join(', ');
  const first = times.length
    ? `first widget interactive after ${times.map((t) => `${Math.round(t)}`).join(', ')} ms (median ${Math.round(times[Math.floor(times.length / 2)])} ms)`
    : 'no player on the page';
  console.log(`${name}: loads ${sizes} gzipped; ${first}`);
}
await browser.close();
await site.close();
