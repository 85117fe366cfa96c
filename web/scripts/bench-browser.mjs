// `npm run bench -- <suite> --chromium` / `--firefox`: the suite run where a reader runs it, on the
// built site's /embed/bench page in a headless browser (forks in Workers, cross-origin isolated),
// with the page's own table, verdicts and JVM column printed here. Node and Chromium share V8 but
// not its flags, tiers or timers, and Firefox runs the same wasm on SpiderMonkey: each browser's
// figures are measured, not assumed from Node's. With both, the engines run one after the other
// (each with its own forks) and one table sets their columns side by side; with --jvm the JVM
// originals run too, after the browsers, and their column replaces the committed one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from './static-server.mjs';
import { ROOT, SetupError, ensureChromium, ensureFirefox, step } from './toolchain.mjs';
import { viteBuild } from './site.mjs';

/** Longest a run may take before it is called stuck: the full preset of the largest suite is ~15 min. */
const LIMIT_MS = { quick: 20 * 60_000, full: 120 * 60_000 };

/**
 * Each engine's browser, reduced to what the shared run below uses: a page that can go to an
 * address, evaluate a function and report uncaught errors (Playwright's and puppeteer's pages
 * both can), its version, and a way to close it.
 */
const ENGINES = {
  chromium: {
    name: 'Chromium',
    async launch() {
      const executablePath = ensureChromium();
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      return { version: `Chromium ${browser.version()}`, newPage: () => browser.newPage(), close: () => browser.close() };
    },
  },
  firefox: {
    name: 'Firefox',
    async launch() {
      const found = ensureFirefox();
      if (!found.path) throw new SetupError(`${found.why}.`);
      const { launchFirefox, firefoxVersion } = await import('./firefox.mjs');
      const browser = await launchFirefox(found.path);
      return { version: await firefoxVersion(browser), newPage: () => browser.newPage(), close: () => browser.close() };
    },
  },
};

/** The engines a command line asked for, in a fixed order. */
export const enginesOf = (options) => Object.keys(ENGINES).filter((e) => options[e]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Clicks the benchmark panel's button whose text starts with `label` (in the page: same in every engine). */
function clickButton(page, label) {
  return page.evaluate((text) => {
    const b = [...document.querySelectorAll('.bench-panel button')].find((x) => (x.textContent ?? '').trim().startsWith(text));
    if (!(b instanceof HTMLButtonElement)) return false;
    if (b.disabled) return false;
    b.click();
    return true;
  }, label);
}

/** What the finished panel shows: environment, JMH table, verdicts and the JVM column, as text. */
function readPanel(page) {
  return page.evaluate(() => {
    const panel = /** @type {HTMLElement} */ (document.querySelector('.bench-panel'));
    /** @param {string} sel */
    const text = (sel) => /** @type {HTMLElement | null} */ (panel.querySelector(sel))?.innerText ?? '';
    const jvm = panel.querySelector('table[aria-label="the JVM originals"]');
    return {
      env: text('.bench-env'),
      table: text('.jmh-table').trim(),
      // A verdict's sentence (its title is on a line of its own above it).
      verdicts: [...panel.querySelectorAll('.verdicts li .verdict-text')].map((li) => /** @type {HTMLElement} */ (li).innerText),
      jvmCaption: /** @type {HTMLElement | null} */ (jvm?.querySelector('caption'))?.innerText ?? '',
      jvmHead: jvm ? [...jvm.querySelectorAll('thead th')].map((th) => /** @type {HTMLElement} */ (th).innerText.trim()) : [],
      jvmCells: jvm ? [...jvm.querySelectorAll('tbody tr')].map((tr) => [.../** @type {HTMLTableRowElement} */ (tr).cells].map((c) => c.innerText.trim())) : [],
    };
  }).then(({ jvmHead, jvmCells, ...shown }) => ({ ...shown, jvmRows: jvmColumns(jvmHead, jvmCells) }));
}

/**
 * The page's JVM table as rows of [row, JVM, wasm, wasm ÷ JVM], found by their headings, not their
 * places: the panel put its ratio first in the end (its order is row, wasm ÷ JVM, JVM, wasm), and
 * reading by place had printed NaN for every browser beside a live JVM run.
 * @param {string[]} head
 * @param {string[][]} cells
 */
export function jvmColumns(head, cells) {
  const at = (re) => {
    const i = head.findIndex((h) => re.test(h));
    if (i < 0) throw new Error(`the page's JVM table has no column matching ${re} (its columns: ${head.join(' | ')})`);
    return i;
  };
  const [jvm, wasm, ratio] = [at(/^JVM ops\/s/), at(/^wasm ops\/s/), at(/^wasm ÷ JVM/)];
  return cells.map((c) => [c[0], c[jvm], c[wasm], c[ratio]]);
}

/**
 * The panel's JSON export, taken from the Blob the page makes for it (the anchor's click that
 * would save it is held back): the same in every engine, no download folder needed.
 */
async function exportJson(page) {
  const text = await page.evaluate(async (label) => {
    let blob;
    const make = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (b) => {
      blob = b;
      return make.call(URL, b);
    };
    HTMLAnchorElement.prototype.click = function hold() {};
    try {
      /** @type {HTMLElement | undefined} */ ([...document.querySelectorAll('.bench-panel button')].find((x) => (x.textContent ?? '').trim() === label))?.click();
    } finally {
      URL.createObjectURL = make;
      HTMLAnchorElement.prototype.click = click;
    }
    return blob ? blob.text() : null;
  }, EXPORT_JSON);
  // A renamed button once left --json with no export at all, silently.
  if (text === null) throw new Error(`The panel has no "${EXPORT_JSON}" button to export the run with.`);
  return text;
}

/** The panel's button that exports a finished run as JSON (BenchmarkPanel.tsx). */
const EXPORT_JSON = 'Export the results (JSON)';

/** Runs the suite on one engine's /embed/bench page; returns what the page showed. */
async function runOne(engine, url, options) {
  const browser = await ENGINES[engine].launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    step(`Running ${options.suite} (${options.preset}) in ${browser.version} …`);
    const opened = Date.now();
    while (!(await clickButton(page, 'Run in this browser'))) {
      if (errors.length) throw new Error(`The page failed in ${browser.version}: ${errors.join(' / ')}`);
      if (Date.now() - opened > 60_000) throw new Error(`The benchmark panel did not offer its Run button in ${browser.version} within a minute.`);
      await sleep(250);
    }
    const started = Date.now();
    let last = '';
    for (;;) {
      const { progress, alerts } = await page.evaluate(() => ({
        progress: /** @type {HTMLElement | null} */ (document.querySelector('.bench-panel .bench-progress'))?.innerText ?? '',
        alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => /** @type {HTMLElement} */ (a).innerText.trim()).filter(Boolean),
      }));
      if (/Finished/.test(progress)) break;
      if (alerts.length || errors.length) throw new Error(`The page stopped the run in ${browser.version}: ${[...alerts, ...errors].join(' / ')}`);
      if (Date.now() - started > LIMIT_MS[options.preset]) throw new Error(`No result after ${LIMIT_MS[options.preset] / 60_000} min in ${browser.version}; last progress: ${progress}`);
      const row = progress.split('\n')[0];
      if (row !== last) process.stderr.write(`${row}\n`);
      last = row;
      await sleep(2000);
    }
    const minutes = (Date.now() - started) / 60_000;
    const shown = await readPanel(page);
    const exported = options.json ? JSON.parse(await exportJson(page)) : undefined;
    return { engine, browser: browser.version, minutes, ...shown, exported };
  } finally {
    await browser.close();
  }
}

const pad = (s, n, left = false) => (left ? String(s).padEnd(n) : String(s).padStart(n));
const fmt = (x) => x.toLocaleString('en-US', { maximumFractionDigits: x >= 100 ? 0 : 2 });
/** The page's figures ("1,234,567") as numbers; a dash (not measured) as undefined. */
const figure = (cell) => (/\d/.test(cell ?? '') ? Number(cell.replace(/,/g, '')) : undefined);

/** One engine's section: what its page showed, as the page shows it. */
function section(r, options) {
  const width = Math.max(0, ...r.jvmRows.map((x) => x[0].length)) + 2;
  return [
    `# ${options.suite}, ${options.preset} preset, in ${r.browser} (${r.minutes.toFixed(1)} min)`,
    r.env, '', r.table, '', ...r.verdicts,
    ...(r.jvmRows.length ? ['', r.jvmCaption, `${pad('Row', width, true)}${pad('JVM ops/s', 28)}${pad('wasm ops/s', 16)}${pad('wasm÷JVM', 11)}`,
      ...r.jvmRows.map(([row, j, w, ratio]) => `${pad(row, width, true)}${pad(j, 28)}${pad(w, 16)}${pad(ratio, 11)}`)] : []),
  ].join('\n');
}

/** Where and when the committed JVM column (jvm/results/<suite>.json, what the page shows) was measured. */
function committedJvm(suite) {
  try {
    const j = JSON.parse(readFileSync(join(ROOT, 'jvm', 'results', `${suite}.json`), 'utf8'));
    return `jvm/results/${suite}.json: ${j.java}, ${j.measured}, ${j.preset} preset${j.load ? `, load average ${j.load.join(' → ')}` : ''}`;
  } catch {
    return `jvm/results/${suite}.json`;
  }
}

/**
 * Every engine's wasm score beside one JVM column: the live one (`--jvm`) or the committed one
 * the pages showed. Rows are matched by the name the page gives them.
 */
export function sideBySide(results, jvm, options) {
  const names = results[0].jvmRows.map((x) => x[0]);
  const committed = new Map(results[0].jvmRows.map((x) => [x[0], x[1]]));
  const live = jvm && !jvm.missing ? new Map(jvm.rows.map((x) => [x.name, x])) : null;
  const rows = names.map((name) => {
    const j = live ? live.get(name) : undefined;
    const jvmScore = live ? j?.score : figure(committed.get(name)?.split('±')[0]);
    const cells = results.map((r) => figure(r.jvmRows.find((x) => x[0] === name)?.[2]));
    return {
      name,
      committed: committed.get(name),
      jvmCell: live ? (j ? `${fmt(j.score)} ± ${fmt(j.error)}` : '—') : committed.get(name),
      jvm: jvmScore,
      engines: results.map((r, i) => ({ browser: r.browser, wasm: cells[i], ratio: cells[i] !== undefined && jvmScore ? cells[i] / jvmScore : undefined })),
    };
  });
  const width = Math.max(...names.map((n) => n.length)) + 2;
  const jvmSource = live
    ? `the JVM originals run now, after the browsers (${jvm.what}; JMH 1.37, ${jvm.java}, ${options.preset} preset, load average ${jvm.load.join(' → ')})`
    : `the JVM originals' committed run, not live (${committedJvm(options.suite)})`;
  const lines = [
    `# ${options.suite}, ${options.preset} preset: wasm in ${results.map((r) => r.browser).join(' and ')}, one engine after the other, beside ${jvmSource}`,
    ...(jvm?.missing ? [`The JVM column is the committed one: ${jvm.missing}`] : []),
    `${pad('Row', width, true)}${pad(live ? 'JVM ops/s (now)' : 'JVM ops/s', 28)}` +
      `${results.map((r) => `${pad(`${ENGINES[r.engine].name} ops/s`, 18)}${pad('÷JVM', 8)}`).join('')}${live ? pad('JVM ops/s (committed)', 28) : ''}`,
    ...rows.map((r) => `${pad(r.name, width, true)}${pad(r.jvmCell ?? '—', 28)}` +
      r.engines.map((e) => `${pad(e.wasm === undefined ? '—' : fmt(e.wasm), 18)}${pad(e.ratio === undefined ? '—' : `${e.ratio.toFixed(2)}×`, 8)}`).join('') +
      (live ? pad(r.committed ?? '—', 28) : '')),
    ...(live ? ['', `The committed column (${committedJvm(options.suite)}) is for reference; the ratios are against the JVM run now.`] : []),
  ];
  return { text: lines.join('\n'), rows };
}

/**
 * Runs `options.suite` in every engine `options` names (after the wasm is built), then (with
 * `jvm`) the JVM originals via `liveJvm()`, and prints each engine's page and, for more than one
 * engine or a live JVM, the table that sets them side by side.
 * @param {any} options
 * @param {{ liveJvm?: () => Promise<any> }} [hooks]
 */
export async function runInBrowsers(options, { liveJvm } = {}) {
  const engines = enginesOf(options);
  const outDir = join(ROOT, '.cache', 'bench-site');
  // Every browser asked for is found (or installed) before the build and minutes of measuring.
  if (engines.includes('firefox')) {
    const firefox = ensureFirefox();
    if (!firefox.path) throw new SetupError(`${firefox.why}.`);
  }
  if (engines.includes('chromium')) ensureChromium();
  // The wasm is built (bench.mjs); the site is rebuilt only when something it reads changed.
  await viteBuild('/', outDir);
  const site = await serveStatic(outDir, { base: '/' });
  const url = `${site.url}embed/bench?suite=${options.suite}&preset=${options.preset}`;
  const results = [];
  try {
    for (const engine of engines) {
      const r = await runOne(engine, url, options);
      results.push(r);
      console.log(`${section(r, options)}\n`);
    }
  } finally {
    await site.close();
  }
  let jvm;
  if (options.jvm && liveJvm) {
    step(`Running the JVM originals of ${options.suite} (${options.preset}) …`);
    jvm = await liveJvm();
    if (jvm.missing) step(jvm.missing);
  }
  // Rows are matched by the page's JVM table: a suite without JVM results has only its sections.
  const combined = results[0].jvmRows.length && (results.length > 1 || (jvm && !jvm.missing)) ? sideBySide(results, jvm, options) : null;
  if (combined) console.log(combined.text);
  if (options.json) {
    const each = results.map((r) => ({ ...r.exported, browser: r.browser, jvmColumn: r.jvmRows.map(([row, jvmScore, wasm, ratio]) => ({ row, jvm: jvmScore, wasm, ratio })) }));
    writeFileSync(options.json, JSON.stringify(each.length === 1 && !combined ? each[0]
      : { suite: options.suite, preset: options.preset, engines: each, jvm: jvm && !jvm.missing ? jvm : undefined, sideBySide: combined?.rows }, null, 2));
    step(`Wrote ${options.json}`);
  }
}
