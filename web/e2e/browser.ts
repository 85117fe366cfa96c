// One headless Chromium per test file, pages that fail the test on any uncaught page error.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const siteUrl = () => inject('siteUrl');

/** Waits until every widget of a lesson has mounted (they mount one after another, in page order). */
export async function allWidgetsMounted(page: Page): Promise<void> {
  // The page has rendered. As long as the wait below: on a machine busy with the other test files
  // a lesson's first widget has taken over 15 s to mount (the recycler lesson, in one of the last
  // five full runs).
  await page.locator('.widget:not(.widget-loading)').first().waitFor();
  await expect.poll(() => page.locator('.widget-loading').count()).toBe(0);
}

/**
 * Waits until the page has drawn what it loads and its layout has stopped moving: its `main` has
 * text, nothing says it is still loading (a lesson's body, a widget, the wasm) and no view is
 * still settling (`data-settling`), its fonts are in, and its size is the same two frames apart.
 * A check that something did not happen (no sideways scroll) reads the page after this, once
 * whatever could have caused it has been drawn: not after a fixed sleep, which a busy machine
 * outlasts.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => {
    const main = document.querySelector('main');
    const loading = [...document.querySelectorAll('[role="status"]')].some((e) => /^Loading\b/.test(e.textContent ?? ''));
    if (!main?.innerText.trim() || loading || document.querySelector('.widget-loading, [data-settling]') || document.fonts.status !== 'loaded') return false;
    const size = () => `${document.documentElement.scrollWidth} × ${document.documentElement.scrollHeight}`;
    const before = size();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return size() === before;
  })).toBe(true);
}

/** Makes the page (from its next load on) behave as with "don't allow sites to save data": reading localStorage throws. */
export async function blockSiteData(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
}

/** Whether leaving the page now would make the browser ask first (a `beforeunload` handler cancels it). */
export const asksBeforeLeaving = (page: Page) => page.evaluate(() => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
});

export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    const executablePath = process.env.CHROMIUM_PATH;
    if (!executablePath) throw new Error('CHROMIUM_PATH is not set: run the end-to-end tests through `npm test`.');
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * Opens `path` (relative to the site's base); `errors` collects uncaught page errors, `failed`
     * every request that failed or was answered with a status of 400 or more, from the first one.
     */
    async open(path = '', options: Parameters<Browser['newPage']>[0] = {}) {
      return this.openUrl(siteUrl() + path, options);
    },
    /** Opens an absolute address (another server's) in a context of its own. */
    async openUrl(url: string, options: Parameters<Browser['newPage']>[0] = {}) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
      // Waiting for a part of the page to appear bounds a hang; it measures nothing. A lesson mounts
      // its widgets one at a time, so its exercises can take more than 15 s to appear on a machine
      // busy with other work (a CI run failed so, 2026-11-26): a minute, as for the polls.
      page.setDefaultTimeout(60_000);
      // A page's load waits for its scripts and the wasm they fetch, which on a busy machine can
      // take longer than a click should; what a test checks then waits on its own conditions.
      page.setDefaultNavigationTimeout(90_000);
      const errors: string[] = [];
      const failed: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
      page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
      await page.goto(url);
      return { page, errors, failed };
    },
  };
}
