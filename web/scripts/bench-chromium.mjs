// `npm run bench -- <suite> --chromium`: the suite run where a reader runs it, on the built site's
// /embed/bench page in headless Chromium (forks in Workers, cross-origin isolated), with the page's
// own table, verdicts and JVM column printed here. Node and Chromium share V8 but not its flags,
// tiers or timers, so the browser's figures are measured, not assumed from Node's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.mjs';
import { ROOT, buildSite, ensureChromium, step } from './toolchain.mjs';

/** Longest a run may take before it is called stuck: the full preset of the largest suite is ~15 min. */
const LIMIT_MS = { quick: 20 * 60_000, full: 120 * 60_000 };

export async function runInChromium(options) {
  const outDir = join(ROOT, '.cache', 'bench-site');
  await buildSite('/', outDir);
  const executablePath = ensureChromium();
  const site = await serveStatic(outDir, { base: '/' });
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}embed/bench?suite=${options.suite}&preset=${options.preset}`);
    const panel = page.locator('.bench-panel');
    step(`Running ${options.suite} (${options.preset}) in ${browser.version()} …`);
    await panel.getByRole('button', { name: 'Run in this browser' }).click();
    const started = Date.now();
    let last = '';
    for (;;) {
      const text = await panel.locator('.bench-progress').innerText().catch(() => '');
      if (/Finished/.test(text)) break;
      const alert = await page.getByRole('alert').allInnerTexts();
      if (alert.length || errors.length) throw new Error(`The page stopped the run: ${[...alert, ...errors].join(' / ')}`);
      if (Date.now() - started > LIMIT_MS[options.preset]) throw new Error(`No result after ${LIMIT_MS[options.preset] / 60_000} min; last progress: ${text}`);
      const row = text.split('\n')[0];
      if (row !== last) process.stderr.write(`${row}\n`);
      last = row;
      await page.waitForTimeout(2000);
    }
    const env = await panel.locator('.bench-env').innerText();
    const table = await panel.locator('.jmh-table').innerText();
    const verdicts = await panel.locator('.verdicts li').allInnerTexts();
    const jvm = panel.getByRole('table', { name: 'the JVM originals', exact: true });
    const jvmCaption = (await jvm.count()) ? await jvm.locator('caption').innerText() : '';
    const jvmRows = (await jvm.count()) ? (await jvm.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t')) : [];
    const width = Math.max(0, ...jvmRows.map((r) => r[0].length)) + 2;
    console.log([
      `# ${options.suite}, ${options.preset} preset, in ${browser.version()} (${((Date.now() - started) / 60_000).toFixed(1)} min)`,
      env, '', table.trim(), '', ...verdicts,
      ...(jvmRows.length ? ['', jvmCaption, `${'Row'.padEnd(width)}${'JVM ops/s'.padStart(28)}${'wasm ops/s'.padStart(16)}${'wasm÷JVM'.padStart(11)}`,
        ...jvmRows.map(([row, j, w, ratio]) => `${row.padEnd(width)}${j.padStart(28)}${w.padStart(16)}${ratio.padStart(11)}`)] : []),
    ].join('\n'));
    if (options.json) {
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export JSON' }).click()]);
      const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
      const jvmColumn = jvmRows.map(([row, jvmScore, wasm, ratio]) => ({ row, jvm: jvmScore, wasm, ratio }));
      writeFileSync(options.json, JSON.stringify({ ...exported, browser: browser.version(), jvmColumn }, null, 2));
    }
  } finally {
    await browser.close();
    await site.close();
  }
}
