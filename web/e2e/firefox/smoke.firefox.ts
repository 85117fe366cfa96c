// The lab in Firefox (SpiderMonkey's wasm, Gecko's layout and workers): every route, every
// family's player, an exercise, an embed on another site, a benchmark in Workers and the
// real-threads race. A smoke suite: one check of each kind, not the Chromium suite again.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import FAMILIES from '../../src/catalog/families.json';
import { EMBED_EXAMPLES, PAGE_ROUTES, engineMargins, stateKey } from '../../src/catalog/routes';
import HEIGHTS from '../../src/catalog/embed-heights.json';
import { plainFrameHeight } from '../../src/embed/engines';
import { iframeSnippet } from '../../src/embed/snippets';
import { serveStatic } from '../../scripts/static-server.mjs';
import { hostHtml, onHost } from '../host';
import { countOf, settled, siteUrl, textOf, useFirefox } from './browser';

const firefox = useFirefox();
const LESSONS = readdirSync(join(import.meta.dirname, '..', '..', '..', 'lessons')).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Every route the build writes a page for, from the registries: the home page, the site's pages, each lesson, each embed's example. */
const ROUTES = ['', ...PAGE_ROUTES, ...LESSONS.map((l) => `lessons/${l}`), ...EMBED_EXAMPLES.map((e) => `embed/${e.name}?${query(e.params)}`)];

/** Clicks the first button labelled `label` (a player's step buttons are labelled, not worded). */
const press = (page: Page, label: string) => page.locator(`button[aria-label="${label}"]`).click();

describe('the lab in Firefox', () => {
  it('opens every route without a page error, a failed request or a crashed widget', async () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    for (const route of ROUTES) {
      // A tab per route: one whose navigation event was lost cannot be navigated again.
      const { page, errors, failed } = await firefox.open(route).catch((e) => {
        throw new Error(`${route || 'home'}: ${e instanceof Error ? e.message : e}`);
      });
      expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Firefox\//);
      await settled(page);
      // Every question the page asked has its answer before the next route is opened.
      await page.waitForNetworkIdle({ idleTime: 300, timeout: 30_000 });
      expect(await countOf(page, '.widget-error'), route || 'home').toBe(0);
      expect(await page.evaluate(() => document.title), route || 'home').toContain('Hotpath Lab');
      expect(errors, route || 'home').toEqual([]);
      expect(failed, route || 'home').toEqual([]);
      await page.close();
    }
  });

  it('steps each family’s player forward and back, from the buttons and the keyboard', async () => {
    for (const family of FAMILIES) {
      const { page, errors } = await firefox.open(`embed/${family.name}?${query({ ...family.example.params, step: '0' })}`);
      await page.locator('.step-count').wait();
      const count = () => textOf(page, '.step-count');
      const narration = () => textOf(page, '.narration');
      expect(await count(), family.name).toMatch(/^0 \/ \d+$/);
      const total = Number((await count()).split(' / ')[1]);
      expect(total, family.name).toBeGreaterThan(2);
      await press(page, 'Step forward');
      await expect.poll(count, { message: family.name }).toBe(`1 / ${total}`);
      const first = await narration();
      await press(page, 'Step forward');
      await expect.poll(count, { message: family.name }).toBe(`2 / ${total}`);
      expect(await narration(), family.name).not.toBe(first);
      // Back is a replay from the nearest snapshot: the same step, the same words.
      await press(page, 'Step back');
      await expect.poll(count, { message: family.name }).toBe(`1 / ${total}`);
      expect(await narration(), family.name).toBe(first);
      await page.locator('.narration').click();
      await page.keyboard.press('End');
      await expect.poll(count, { message: family.name }).toBe(`${total} / ${total}`);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(count, { message: family.name }).toBe(`${total - 1} / ${total}`);
      expect(errors, family.name).toEqual([]);
      await page.close();
    }
  });

  it('checks an exercise: the answer the teacher’s key gives is correct', async () => {
    const seed = 'firefox-smoke';
    const { page: teacher } = await firefox.open(`lessons/cancelling-timers?seed=${seed}&teacher=1`);
    await teacher.locator('table.answer-key tbody tr').wait();
    // The first question answered with a number, and how many the lesson asks.
    const [index, answer, questions] = await teacher.evaluate(() => {
      // The key groups thousands (166,000); an answer is typed as digits only.
      const rows = [...document.querySelectorAll('table.answer-key tbody tr')].map((tr) => (tr.children[2].textContent ?? '').replace(/^(\d{1,3})((,\d{3})+)$/, (_, a: string, b: string) => a + b.replace(/,/g, '')));
      const i = rows.findIndex((a) => /^\d+$/.test(a));
      return [i, rows[i], rows.length] as const;
    });
    expect(index).toBeGreaterThanOrEqual(0);
    await teacher.close();

    const { page, errors } = await firefox.open(`lessons/cancelling-timers?seed=${seed}`);
    const first = `.exercises article.exercise:nth-of-type(${index + 1})`;
    await page.locator(`${first} input[inputmode="numeric"]`).fill(String(Number(answer) + 1));
    await page.locator(`${first} button[type="submit"]`).click();
    await expect.poll(() => textOf(page, `${first} .feedback`)).toContain(`Not quite. You answered ${Number(answer) + 1}.`);
    await page.locator(`${first} input[inputmode="numeric"]`).fill(answer);
    await page.locator(`${first} button[type="submit"]`).click();
    await expect.poll(() => textOf(page, `${first} .feedback`)).toContain('Correct.');
    expect(await textOf(page, '.exercises .score')).toBe(`1 of ${questions} solved`);
    expect(errors).toEqual([]);
  });

  it('sizes an embed to its content on a page of another origin', async () => {
    const site = siteUrl();
    const src = `${site}embed/heap?${query({ heap: 'jdk', ops: 'add 50, add 30, add 90, add 10', step: 'end' })}`;
    await onHost({ 'index.html': hostHtml(site, `<h1>Design notes</h1><hotpath-widget src="${src}" title="The JDK heap"></hotpath-widget><p>After.</p>`) }, async (url) => {
      const { page, errors } = await firefox.openUrl(url);
      await page.locator('iframe[data-hotpath-sized]').wait();
      const frame = page.frames().find((f) => f.url().startsWith(`${site}embed/heap`));
      expect(frame, 'the embed’s frame').toBeDefined();
      await frame!.waitForSelector('main.embed');
      // The frame's height is its content's, and nothing scrolls inside it.
      const misfit = async () => {
        const content = await frame!.evaluate(() => {
          const m = document.querySelector('main.embed')!;
          return Math.ceil(m.getBoundingClientRect().bottom + window.scrollY + (parseFloat(getComputedStyle(m).marginBottom) || 0));
        });
        const height = await page.evaluate(() => document.querySelector('iframe')!.clientHeight);
        return Math.abs(height - content);
      };
      await expect.poll(misfit).toBeLessThanOrEqual(1);
      // No scrollbar takes room either way (Firefox's classic scrollbars once stayed on here).
      expect(await frame!.evaluate(() => [innerWidth - document.documentElement.clientWidth, innerHeight - document.documentElement.clientHeight])).toEqual([0, 0]);
      expect(await frame!.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(1);
      expect(errors).toEqual([]);
    });
  });

  it('holds a view whole in a plain iframe given the height Chromium’s share dialog gives (issue 60: Firefox lays some out taller)', async () => {
    const site = siteUrl();
    const recycler = EMBED_EXAMPLES.find((e) => e.name === 'recycler')!;
    const views = [recycler.params, { ...recycler.params, show: 'drawing,controls,narration' }];
    const chromium = (HEIGHTS as unknown as { engines: Record<string, Record<string, Record<string, number>>> }).engines.chromium;
    // What the dialog prints in Chromium for a 720 px column: Chromium's height (the Chromium suite
    // holds the dialog to it), plus the margin it adds for Firefox.
    const frames = views.map((params, i) => iframeSnippet({
      url: `${site}embed/recycler?${query(params)}`, title: `View ${i}`,
      height: plainFrameHeight(chromium[stateKey('recycler', params)]['720'], 'recycler', 720, 'chromium', engineMargins()).height,
    }));
    const page = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"><main style="width:720px">${frames.join('\n')}</main></body></html>`;
    await onHost({ 'index.html': page }, async (url) => {
      const { page: tab, errors } = await firefox.openUrl(url);
      for (let i = 0; i < views.length; i++) {
        const figure = 'show' in views[i];
        // The snippet's frames load lazily: the reader scrolls to each.
        await tab.evaluate((n) => document.querySelectorAll('iframe')[n].scrollIntoView(), i);
        const frame = await tab.waitForFrame((f) => f.url().startsWith(`${site}embed/recycler`) && f.url().includes('show=') === figure);
        // Laid out for good: its player there, its widget loaded, its fonts in. Polled on a timer: a
        // frame below the fold runs no animation frames in Firefox.
        await frame.waitForFunction(() => !!document.querySelector('main.embed .trace-player') && !document.querySelector('.widget-loading') && document.fonts.status === 'loaded',
          { polling: 200 });
        const fit = () => frame.evaluate(() => {
          const m = document.querySelector('main.embed')!;
          const content = Math.ceil(m.getBoundingClientRect().bottom + window.scrollY + (parseFloat(getComputedStyle(m).marginBottom) || 0));
          return [innerHeight - content, document.documentElement.scrollHeight - document.documentElement.clientHeight];
        });
        // The view, laid out in Firefox, is no taller than its frame: nothing scrolls, nothing is cut.
        const [room, scrolls] = await fit();
        expect(room, `view ${i}: room below it`).toBeGreaterThanOrEqual(0);
        expect(scrolls, `view ${i} scrolls`).toBeLessThanOrEqual(1);
      }
      expect(errors).toEqual([]);
    });
  });

  it('runs a quick benchmark in Workers: a JMH table and verdicts, each in one of the four states', async () => {
    const { page, errors } = await firefox.open('embed/bench?suite=timer-add-cancel&preset=quick');
    const panel = '.bench-panel';
    await page.locator(`${panel} ::-p-text(Run in this browser)`).click();
    await expect.poll(() => textOf(page, `${panel} .bench-progress`), { timeout: 170_000, interval: 1000 }).toContain('Finished');
    const lines = (await textOf(page, `${panel} .jmh-table`)).trim().split('\n');
    const rows = lines.filter((l) => /^\w+Benchmark\./.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const cells = row.split(/\s+/);
      expect(Number(cells[cells.indexOf('thrpt') + 2]), row).toBeGreaterThan(0); // Score, after Mode and Cnt
    }
    const verdicts = await page.evaluate((p) => [...document.querySelectorAll(`${p} .verdicts li`)].map((li) => li.getAttribute('data-verdict')), panel);
    expect(verdicts.length).toBeGreaterThan(0);
    for (const v of verdicts) expect(['reproduced', 'not reproduced', 'inconclusive', 'not measured']).toContain(v);
    expect(await textOf(page, `${panel} .bench-env`)).toMatch(/Firefox.*cross-origin isolated · timer resolution/);
    console.log(`[firefox smoke] timer-add-cancel quick in Firefox:\n${lines.join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('races the queues across real threads when cross-origin isolated, and says why not when it is not', async () => {
    const { page, errors } = await firefox.open('lessons/bounded-queues');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // Every widget mounted: the page no longer moves under the button.
    await settled(page);
    const race = '.threaded-bench';
    await page.locator(`${race} button ::-p-text(Run)`).click();
    await expect.poll(() => textOf(page, `${race} .bench-progress`), { timeout: 170_000, interval: 1000 }).toMatch(/Finished: \d+ rows|failed/);
    expect(await textOf(page, `${race} .bench-progress`)).toMatch(/^Finished/);
    const rows = await page.evaluate((r) => [...document.querySelectorAll(`${r} table[aria-label="threaded throughput"] tbody tr`)]
      .map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim())), race);
    expect(rows.length).toBeGreaterThan(0);
    // Every element delivered, in order, in every row (how fast is the benchmark's business).
    for (const r of rows) expect(r.at(-1), r.join(' | ')).toBe('yes');
    console.log(`[firefox smoke] threaded race in Firefox:\n${rows.map((r) => r.join('\t')).join('\n')}`);
    expect(errors).toEqual([]);

    // The race's tab closes first: its Workers and shared memory are not the next page's business.
    await page.close();
    const plain = await serveStatic(process.env.HOTPATH_SITE_DIR!, { base: process.env.HOTPATH_SITE_BASE ?? '/', isolate: false });
    try {
      const { page: open, errors: openErrors } = await firefox.openUrl(`${plain.url}lessons/bounded-queues`);
      // Which widgets are still being prepared, if the race's status is not there yet (a failure then says).
      const status = () => open.evaluate((r) => document.querySelector(`${r} [role="note"]`)?.textContent
        ?? `no note yet; still preparing: ${[...document.querySelectorAll('.widget-loading')].map((e) => e.textContent).join(' | ') || 'nothing'}`, race);
      await expect.poll(status).toContain('This page is not cross-origin isolated');
      expect(await countOf(open, `${race} button`)).toBe(0);
      expect(openErrors).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
