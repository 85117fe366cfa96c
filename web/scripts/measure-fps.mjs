// Frames per second while a player plays at top speed, in headless Chromium, against a built
// site, for each case a family's family.json names (measure.fps). Prints the figures; it is a
// measurement, not a test.
//
//   npm run build && node web/scripts/measure-fps.mjs [dist-dir] [base]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, ensureChromium } from './toolchain.mjs';
import { serveStatic } from './static-server.mjs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`usage: npm run measure:fps [-- DIST_DIR [BASE]]
  Frames per second while each drawing the families' family.json files name (measure.fps)
  plays at top speed, in headless Chromium, against a built site (npm run build first).
  DIST_DIR  the built site (default dist/); BASE  the path it was built for (default /)
  --help    print this and exit`);
  process.exit(0);
}
const dir = process.argv[2] ?? join(ROOT, 'dist');
const base = process.argv[3] ?? '/';
const site = await serveStatic(dir, { base });
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
// Each family's cases, as its family.json gives them (`measure.fps`: a script, the step to play
// from, and what is drawn).
const cases = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'catalog', 'families.json'), 'utf8')).flatMap((/** @type {any} */ f) =>
  (f.measure?.fps ?? []).map((/** @type {any} */ c) => [c.variant, `embed/${f.name}?variant=${c.variant}&ops=${encodeURIComponent(c.ops)}&step=${c.step}`, c.drawn]));
for (const [variant, path, drawn] of cases) {
  await page.goto(`${site.url}${path}`);
  await page.locator(drawn).first().waitFor();
  await page.getByRole('combobox').selectOption({ label: '240 steps/s' });
  const seconds = 5;
  const result = await page.evaluate(async ({ seconds, drawn }) => {
    const nodes = document.querySelectorAll(drawn).length;
    const stepAt = () => Number((document.querySelector('.step-count')?.textContent ?? '').split('/')[0]);
    const from = stepAt();
    /** @type {HTMLElement} */ (document.querySelector('.player-controls .play')).click();
    const gaps = [];
    let last = performance.now();
    const end = last + seconds * 1000;
    await new Promise(/** @param {(v?: void) => void} done */ (done) => {
      const frame = (now) => {
        gaps.push(now - last);
        last = now;
        if (now < end) requestAnimationFrame(frame);
        else done();
      };
      requestAnimationFrame(frame);
    });
    gaps.sort((a, b) => a - b);
    return { nodes, frames: gaps.length, steps: stepAt() - from, p95: gaps[Math.floor(gaps.length * 0.95)], max: gaps[gaps.length - 1] };
  }, { seconds, drawn });
  console.log(`${variant}: ${(result.frames / seconds).toFixed(1)} fps while playing (${result.nodes} nodes drawn, ` +
    `${result.steps} steps in ${seconds} s; frame gap p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(1)} ms)`);
}
await browser.close();
await site.close();
