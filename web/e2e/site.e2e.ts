import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allWidgetsMounted, layoutSettled, siteUrl, useBrowser } from './browser';

const browser = useBrowser();
const lessonFiles = readdirSync(join(import.meta.dirname, '..', '..', 'lessons')).filter((f) => f.endsWith('.mdx'));

async function arrayCells(page: import('playwright-core').Page) {
  const table = page.getByRole('table', { name: /array/i }).first();
  await table.waitFor();
  return table.locator('td').allTextContents();
}

describe('the site', () => {
  it('renders every lesson’s quoted figures in the production build', async () => {
    // A lesson's data file once loaded in a circle with the loader, and the bundle then left one
    // lesson's figures undefined: every <Fig> there showed an error instead of its number.
    for (const file of lessonFiles) {
      const { page, errors } = await browser.open(`lessons/${file.replace(/\.mdx$/, '')}`);
      await page.locator('h2').first().waitFor();
      expect(await page.locator('.fig').count(), file).toBeGreaterThan(0);
      expect(await page.locator('.widget-error').allInnerTexts(), file).toEqual([]);
      expect(errors, file).toEqual([]);
    }
  });

  it('lists every lesson from its front matter and runs a wasm widget on the home page', async () => {
    // Nothing the home page asks a static host for fails, its question for a class server included.
    // (Watched from the first request: a reload once aborted the first load's question mid-flight.)
    const { page, errors, failed } = await browser.open();
    const cards = page.locator('.lesson-card');
    await expect.poll(() => cards.count()).toBe(lessonFiles.length);
    expect(await cards.first().innerText()).toMatch(/Reproduces/);
    expect(await arrayCells(page)).toEqual(['10', '30', '20', '50', '70', '90']);
    // The widget answered, so the page has its wasm: the site's module alone, not the benchmark
    // module (the same crate with its kernels, fetched only by a benchmark's Workers).
    const wasmFetched = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => /\.wasm$/.test(e.name)).map((e) => (e as PerformanceResourceTiming).decodedBodySize));
    expect(wasmFetched).toEqual([statSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')).size]);

    const input = page.getByLabel('Deadlines, in scheduling order');
    await input.fill('5 3 9 1 7');
    expect(await arrayCells(page)).toEqual(['1', '3', '9', '5', '7']);
    await input.fill('5 3 nine');
    await expect.poll(() => page.locator('.heap-layout .input-error').innerText()).toContain('column 5, item 3 ("nine")');
    await page.waitForLoadState('networkidle'); // every question the page asked has its answer
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('opens a lesson by a deep link, under the base path, and renders MDX with widgets', async () => {
    const { page, errors } = await browser.open(`lessons/${lessonFiles[0].replace('.mdx', '')}`);
    await page.locator('.lesson table').first().waitFor();
    expect((await arrayCells(page)).length).toBeGreaterThan(0);
    expect(await page.title()).toContain('Hotpath Lab');
    expect(errors).toEqual([]);
  });

  it('shows a not-found page for unknown paths and lessons, with a way back', async () => {
    const { page } = await browser.open('no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Not found');
    await page.goto(siteUrl() + 'lessons/no-such-lesson');
    await expect.poll(() => page.locator('main').innerText()).toContain('no lesson called “no-such-lesson”');
    await page.getByRole('link', { name: 'See all lessons' }).click();
    await expect.poll(() => page.locator('.lesson-card').count()).toBe(lessonFiles.length);
  });

  it('follows the system theme and remembers a chosen one', async () => {
    const { page } = await browser.open('', { colorScheme: 'dark' });
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg()).toBe('rgb(17, 20, 24)');
    await page.getByRole('button', { name: /Theme: system/ }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await bg()).toBe('rgb(251, 250, 247)');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('reaches controls from the keyboard, skip link first', async () => {
    const { page } = await browser.open();
    await page.locator('.site-header').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });

  it('is cross-origin isolated when the host sends COOP/COEP', async () => {
    const { page } = await browser.open();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  });

  it('catches a Rust panic in the widget, keeps the page working, and restarts the widget', async () => {
    const { page, errors } = await browser.open();
    await arrayCells(page);
    await page.evaluate(() => {
      window.__hotpathPanic = 'injected by the end-to-end test';
    });
    await page.getByLabel('Deadlines, in scheduling order').fill('4 2');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Heap layout stopped: the Rust code panicked');
    expect(await alert.innerText()).toContain('injected by the end-to-end test');
    expect(await page.locator('.lesson-card').count()).toBe(lessonFiles.length); // the rest still renders
    await page.evaluate(() => delete window.__hotpathPanic);
    // A restart keeps what the reader typed…
    await page.getByRole('button', { name: 'Restart widget' }).click();
    expect(await page.getByLabel('Deadlines, in scheduling order').inputValue()).toBe('4 2');
    expect(await arrayCells(page)).toEqual(['2', '4']);
    // …and, if that input is what crashed it, the original is one click away.
    await page.evaluate(() => {
      window.__hotpathPanic = 'again';
    });
    await page.getByLabel('Deadlines, in scheduling order').fill('4 2 1');
    await expect.poll(() => alert.innerText()).toContain('Heap layout stopped');
    await page.evaluate(() => delete window.__hotpathPanic);
    await page.getByRole('button', { name: 'Restart with the original input' }).click();
    expect(await arrayCells(page)).toEqual(['10', '30', '20', '50', '70', '90']);
    expect(errors).toEqual([]);
  });

  it('tells a browser without WebAssembly what is wrong', async () => {
    const { page } = await browser.open('');
    await page.addInitScript(() => {
      // @ts-expect-error simulating an old browser
      delete globalThis.WebAssembly;
    });
    await page.reload();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('cannot run WebAssembly');
    expect(await page.locator('.lesson-card').count()).toBe(lessonFiles.length);
  });

  it('serves a widget alone at its embed route', async () => {
    const { page, errors } = await browser.open('embed/heap-layout?deadlines=30+10+20');
    expect(await arrayCells(page)).toEqual(['10', '30', '20']);
    expect(await page.locator('.site-header').count()).toBe(0);
    await page.goto(siteUrl() + 'embed/nothing');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('no embeddable widget called “nothing”');
    expect(errors).toEqual([]);
  });

  it('fits a phone: no page is wider than a 390-pixel screen', async () => {
    const { page, errors } = await browser.open('', { viewport: { width: 390, height: 844 } });
    for (const path of ['', 'embed', 'teacher', 'class', 'primers', ...lessonFiles.map((f) => `lessons/${f.replace(/\.mdx$/, '')}`)]) {
      await page.goto(siteUrl() + path);
      // Every widget drawn and the layout still: what could widen the page has had its chance.
      await layoutSettled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path || 'home').toBeLessThanOrEqual(390);
    }
    expect(errors).toEqual([]);
  });

  it('prints each lesson’s one-page handout on one or two A4 pages, with its drawings and figures', async () => {
    for (const f of lessonFiles) {
      const slug = f.replace(/\.mdx$/, '');
      const { page, errors } = await browser.open(`lessons/${slug}/handout`);
      await page.getByRole('heading', { level: 1, name: /the handout$/ }).waitFor();
      await allWidgetsMounted(page);
      // Its figures are the published data's, its drawings the real structures'.
      expect(await page.locator('.handout table').count(), slug).toBeGreaterThan(0);
      expect(await page.locator('.handout .player-view svg, .handout .player-view table').count(), slug).toBeGreaterThan(0);
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      expect([slug, pages >= 1 && pages <= 2], `${slug}: ${pages} pages`).toEqual([slug, true]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('prints a lesson as a handout: text, figures and questions, without notes, controls or answers', async () => {
    const { page, errors } = await browser.open('lessons/cancelling-timers?seed=print');
    const ex = page.locator('article.exercise').first();
    await ex.waitFor();
    await page.locator('.lesson-guide').waitFor();
    await page.emulateMedia({ media: 'print' });
    const shown = (sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).display !== 'none');
    expect(await shown('.lesson-guide')).toBe(true);
    expect(await shown('.instructor-notes')).toBe(false);
    expect(await shown('article.exercise')).toBe(true);
    expect(await ex.locator('button', { hasText: 'Check' }).evaluate((el) => getComputedStyle(el).display)).toBe('none');
    expect(await shown('.lesson h2')).toBe(true);
    expect(await page.locator('.lesson svg').first().evaluate((el) => getComputedStyle(el).display !== 'none')).toBe(true);
    // The handout's pages are A4 portrait, not the class view's landscape.
    expect(await page.locator('article.lesson').evaluate((el) => getComputedStyle(el).getPropertyValue('page'))).toBe('lesson');
    expect(errors).toEqual([]);
  });

  it('links every lesson’s prerequisites to primers that exist', async () => {
    const { page, errors } = await browser.open('lessons/bounded-queues');
    await page.locator('.lesson-guide').waitFor();
    const hrefs = await page.locator('.lesson-guide a[href*="primers#"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    // Followed in the page, as a reader does (the host serves the lesson from its folder, /lessons/bounded-queues/).
    await page.locator('.lesson-guide a[href*="primers#"]').first().click();
    await page.getByRole('heading', { level: 1, name: 'Primers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(siteUrl()).pathname + 'primers');
    for (const href of hrefs) expect(await page.locator(`h2#${new URL(href).hash.slice(1)}`).count(), href).toBe(1);
    expect(errors).toEqual([]);
  });
});
