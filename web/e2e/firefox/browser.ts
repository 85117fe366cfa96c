// One headless Firefox per test file (Debian's firefox-esr over WebDriver BiDi, puppeteer-core),
// and pages that record every uncaught page error and failed request from the first one.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
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
  // Each test's tabs are closed after it: a tab left open keeps its Workers, wasm memories and
  // timers running beside the next test's.
  const open: Page[] = [];
  afterEach(async ({ task }) => {
    const pages = open.splice(0);
    // A wait that ran out names what it waited for, not why it never came: a failed test prints
    // where each of its tabs stood (see whereItStands).
    if (task.result?.state === 'fail') {
      for (const p of pages.filter((p) => !p.isClosed())) console.log(`[firefox] after the failure: ${await whereItStands(p)}`);
    }
    await Promise.all(pages.map((p) => p.close().catch(() => {})));
  });
  return {
    /** Opens `path`, relative to the site's base. */
    open(path = ''): Promise<Opened> {
      return this.openUrl(siteUrl() + path);
    },
    /** Opens an absolute address (another server's) in a new tab. */
    async openUrl(url: string): Promise<Opened> {
      const page = await browser.newPage();
      open.push(page);
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
      await navigate(page, url);
      return { page, errors, failed };
    },
  };
}

/**
 * Navigates `page` to `url` and waits for its document to be parsed. Firefox's automation
 * sometimes never reports a navigation that finished (the page loaded, `readyState` complete,
 * the event lost: playwright#42183, puppeteer#13041, about 1 % of navigations, and 1 of 5 runs
 * of this suite on 2026-11-26). When the wait runs out, the page itself is asked: at the address
 * and parsed, it counts as loaded, and the test goes on (saying so); anything else fails as before.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  } catch (e) {
    const asked = new URL(url);
    const state = await Promise.race([
      page.evaluate(() => [location.origin + location.pathname, document.readyState]).catch(() => null),
      new Promise<null>((r) => setTimeout(() => r(null), 10_000)),
    ]);
    const here = state && state[0].replace(/\/$/, '') === (asked.origin + asked.pathname).replace(/\/$/, '') && state[1] !== 'loading';
    if (!here) throw e;
    console.log(`[firefox] ${url}: no navigation event in 30 s, but the page is there (${state[1]}): going on`);
  }
}

/**
 * Where a tab stands, in one line: its address, its document's state, whether it is in front, the
 * start of its main text, the notes and widgets still loading on it, and the last resources it
 * fetched. Asked with a bound of its own, since a tab whose automation stopped answering would not
 * answer this either. (It named the cause of the suite's flake: a lesson page at "Loading the
 * lesson…" with its chunk fetched.)
 */
export async function whereItStands(page: Page): Promise<string> {
  const state = await Promise.race([
    page.evaluate(() => JSON.stringify({
      readyState: document.readyState, visibility: document.visibilityState, focused: document.hasFocus(),
      href: location.href, title: document.title, main: (document.querySelector('main')?.textContent ?? '(no main)').slice(0, 300),
      notes: [...document.querySelectorAll('[role="note"]')].map((n) => (n.textContent ?? '').slice(0, 80)),
      resources: performance.getEntriesByType('resource').map((r) => `${(r as PerformanceResourceTiming).name.replace(/^.*\//, '')}:${Math.round(r.duration)}`).slice(-15),
      loading: [...document.querySelectorAll('.widget-loading')].map((e) => e.textContent),
    })).catch((e: unknown) => `no answer: ${e instanceof Error ? e.message : String(e)}`),
    new Promise<string>((r) => setTimeout(() => r('no answer in 10 s'), 10_000)),
  ]);
  return `${page.url()}: ${state}`;
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
