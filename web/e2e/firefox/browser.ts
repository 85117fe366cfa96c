// One headless Firefox per test file (Debian's firefox-esr over WebDriver BiDi, puppeteer-core),
// and pages that record every uncaught page error and failed request from the first one.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchFirefox } from '../../scripts/firefox.mjs';

export const siteUrl = () => inject('siteUrl');

export interface Opened {
  page: Page;
  /** Uncaught errors in the page (and its workers). */
  errors: string[];
  /** Requests that failed (not ones aborted by leaving the page), or were answered with a status of 400 or more. */
  failed: string[];
}

export function useFirefox() {
  let browser: Browser;
  beforeAll(async () => {
    const executablePath = process.env.FIREFOX_PATH;
    if (!executablePath) throw new Error('FIREFOX_PATH is not set: run the Firefox smoke tests through `npm test`.');
    browser = await launchFirefox(executablePath);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** Opens `path`, relative to the site's base. */
    open(path = ''): Promise<Opened> {
      return this.openUrl(siteUrl() + path);
    },
    /** Opens an absolute address (another server's) in a new tab. */
    async openUrl(url: string): Promise<Opened> {
      const page = await browser.newPage();
      // The tab in front: Firefox throttles a background tab's timers to a second or more, and a
      // lesson mounts its widgets one timer apart. A CI run (2026-11-26) waited a minute for the
      // last widget of a lesson opened while another tab was open; that the tab was behind is
      // the likely cause, not a measured one (the same test passed alone, and in earlier runs).
      await page.bringToFront();
      // A wait for part of the page bounds a hang and measures nothing: a minute, as in Chromium.
      page.setDefaultTimeout(60_000);
      // A page's load waits for its scripts and the wasm they fetch; on a busy machine that has
      // taken more than 20 s in Firefox. What a test then checks waits on its own conditions.
      page.setDefaultNavigationTimeout(90_000);
      const errors: string[] = [];
      const failed: string[] = [];
      page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      // A request the page or the test's next navigation aborted (NS_BINDING_ABORTED) is not the
      // site failing it: leaving a page mid-load cancels what is in flight.
      page.on('requestfailed', (r) => {
        const why = r.failure()?.errorText ?? '';
        if (!/ABORT/.test(why)) failed.push(`${why} ${r.url()}`);
      });
      await page.goto(url);
      return { page, errors, failed };
    },
  };
}

/** The text of the first element `selector` matches ('' when none does). */
export const textOf = (page: Page, selector: string) =>
  page.evaluate((s) => (document.querySelector(s) as HTMLElement | null)?.innerText ?? '', selector);

/** How many elements `selector` matches. */
export const countOf = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelectorAll(s).length, selector);

/**
 * Waits until the page has drawn its content: its `main`, something in it, and no widget still
 * loading (a lesson mounts its widgets one after another, each behind a "Loading …" status).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && main.innerText.trim().length > 0 && document.querySelectorAll('.widget-loading').length === 0;
  }, { timeout: 45_000, polling: 200 });
}
