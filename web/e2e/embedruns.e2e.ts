// What an embed runs, and when (issue 43 items 4 and 5): simulations and cost curves wait for a
// reader's click, from every snippet and in the dialog's measuring frame; two benchmarks on one
// host page (two frames of the lab's origin) take turns, the second saying it waits.
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';
import { contentHeight, frameOf, hostHtml, onHost } from './host';

const browser = useBrowser();

/** The widgets that run only when asked, their button, and what they say once started. */
const WAITING = [
  { path: 'embed/purgatory-sim?preset=quick&run=0', button: 'Run', started: /^Simulation run \d+ of \d+: /, cancel: 'Cancel' },
  { path: 'embed/cost-curves?run=0', button: 'Count', started: /^Counting… \d+ of \d+ points/, cancel: 'Cancel' },
];

/** Two animation frames of `f`: what an effect started has been drawn. */
const frames = (f: Frame) => f.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Whether a view in `f` has started: its status says so, or its button has changed. */
const idle = async (f: Frame | Page, button: string) =>
  (await f.getByRole('button', { name: button, exact: true }).isEnabled()) && (await f.getByRole('button', { name: 'Cancel' }).count()) === 0;

describe('simulations and cost curves', () => {
  it('are shared with run=0 in every snippet, and the dialog’s measuring frame does not start them', async () => {
    const { page, errors } = await browser.open();
    for (const w of WAITING) {
      await page.goto(siteUrl() + w.path);
      const share = page.locator('details.share-embed').first();
      await share.locator('summary').click();
      await expect.poll(() => share.getByText(/^Height [\d,]+ px, measured for a column [\d,]+ px wide\. /).count(), { timeout: 60_000 }).toBe(1);
      const texts = [await share.getByLabel('Link to this exact state').inputValue(),
        ...await share.locator('textarea[readonly]').evaluateAll((ts) => ts.map((t) => (t as HTMLTextAreaElement).value))];
      expect(texts.length, w.path).toBe(5);
      for (const t of texts) {
        expect(t, w.path).toMatch(/run=0/);
        expect(t, w.path).not.toMatch(/run=1/);
      }
      // The hidden frame that measured it: loaded, measured, and still waiting for a click.
      const probe = await (await page.locator('iframe.embed-height-probe').elementHandle())!.contentFrame();
      await probe!.getByRole('button', { name: w.button, exact: true }).waitFor();
      // It measured (the dialog's height line, above): its effects ran, and a run they started
      // would show within a frame or two.
      await frames(probe!);
      expect(await idle(probe!, w.button), w.path).toBe(true);
      expect(await idle(page, w.button), w.path).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('embedded on a page of another origin, wait for a click when scrolled to, then run', async () => {
    const site = siteUrl();
    const body = WAITING.map((w, i) => `<h2>Section ${i}</h2><hotpath-widget src="${site}${w.path}&v=0.1.0" title="W${i}"></hotpath-widget>`).join('\n');
    await onHost({ 'index.html': hostHtml(site, body) }, async (url) => {
      const { page, errors } = await browser.open();
      await page.goto(url);
      for (let i = 0; i < WAITING.length; i++) {
        await page.locator('hotpath-widget').nth(i).scrollIntoViewIfNeeded();
        const f = await frameOf(page, i);
        await f.getByRole('button', { name: WAITING[i].button, exact: true }).waitFor();
        // Scrolled to, loaded and sized to its content (the script heard its height): a run that
        // started on sight would show within a frame or two of that.
        await expect.poll(async () => Math.abs((await page.locator('hotpath-widget iframe').nth(i).evaluate((e) => e.clientHeight)) - (await contentHeight(f)))).toBeLessThanOrEqual(2);
        await frames(f);
      }
      for (let i = 0; i < WAITING.length; i++) expect(await idle(await frameOf(page, i), WAITING[i].button), WAITING[i].path).toBe(true);
      // A reader's click starts one; it can be stopped.
      const f = await frameOf(page, 0);
      await f.getByRole('button', { name: WAITING[0].button, exact: true }).click();
      await expect.poll(() => f.getByRole('status').filter({ hasText: WAITING[0].started }).count()).toBe(1);
      await f.getByRole('button', { name: WAITING[0].cancel }).click();
      await expect.poll(() => f.getByRole('status').filter({ hasText: /^Cancelled/ }).count()).toBe(1);
      expect(errors).toEqual([]);
    });
  });
});

describe('two benchmarks on one host page', () => {
  it('take turns across their frames: the second says it waits for the other, and starts when that one ends', async () => {
    const site = siteUrl();
    const body = [0, 1].map((i) => `<hotpath-widget src="${site}embed/bench?suite=recycler&preset=quick&run=0" title="Bench ${i}" height="3400"></hotpath-widget>`).join('\n');
    await onHost({ 'index.html': hostHtml(site, body) }, async (url) => {
      const { page, errors } = await browser.open('', { viewport: { width: 1280, height: 900 } });
      await page.goto(url);
      const frames: Frame[] = [];
      for (let i = 0; i < 2; i++) {
        await page.locator('hotpath-widget').nth(i).scrollIntoViewIfNeeded();
        frames.push(await frameOf(page, i));
        await frames[i].getByRole('button', { name: 'Run in this browser' }).waitFor();
      }
      const [a, b] = frames;
      const progress = (f: Frame) => f.locator('.bench-progress');
      await a.getByRole('button', { name: 'Run in this browser' }).click();
      await expect.poll(() => progress(a).innerText()).toMatch(/^Row \d+ of \d+/);
      // The second shows the committed run, at its height on the page, before it is asked to run …
      const frameB = page.locator('iframe').nth(1);
      await expect.poll(() => b.locator('.jmh-table').count()).toBe(1);
      await expect.poll(async () => Math.abs((await frameB.evaluate((f) => f.clientHeight)) - (await contentHeight(b)))).toBeLessThanOrEqual(1);
      const showing = await frameB.evaluate((f) => f.clientHeight);
      await b.getByRole('button', { name: 'Run in this browser' }).click();
      await expect.poll(() => progress(b).innerText()).toMatch(/^Waiting for the other benchmark to finish/);
      // Still waiting while the first measures a whole row: it has not started one.
      const rowOf = async () => Number(/^Row (\d+)/.exec(await progress(a).innerText())?.[1] ?? 0);
      const row = await rowOf();
      await expect.poll(rowOf).toBeGreaterThan(row);
      expect(await progress(b).innerText()).toMatch(/^Waiting for the other benchmark/);
      // … and while it waits it keeps it (issue 60: it dropped it, 3,485 → 1,025 px).
      expect(await b.locator('.jmh-table').count()).toBe(1);
      expect(await frameB.evaluate((f) => f.clientHeight)).toBeGreaterThanOrEqual(showing - 2);
      expect(await progress(a).innerText()).toMatch(/^Row \d+ of \d+/);
      // The first ends (cancelled): the second starts.
      await a.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => progress(b).innerText()).toMatch(/^Row \d+ of \d+/);
      await expect.poll(() => progress(a).innerText()).toMatch(/^Cancelled/);
      // A waiting run can be given up too: the first asks again, waits, and is cancelled before it starts.
      await a.getByRole('button', { name: /Run (again|in this browser)/ }).click();
      await expect.poll(() => progress(a).innerText()).toMatch(/^Waiting for the other benchmark/);
      await a.getByRole('button', { name: 'Cancel' }).click();
      await b.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => progress(b).innerText()).toMatch(/^Cancelled/);
      expect(await progress(a).innerText()).not.toMatch(/^Row \d+/);
      expect(errors).toEqual([]);
    });
  });
});
