// The lessons on a 390 px phone: whatever is wider than the screen scrolls sideways and shows
// that it does (a fade at each cut edge), a table's caption wraps to the screen instead of
// scrolling away mid-word, the markers in drawings stay legible, and a wheel player scrolls to
// the slot its step is about.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allWidgetsMounted, useBrowser } from './browser';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };

/** Every visible sideways scroller on the page, and what it shows at each end. */
async function scrollers(page: Page) {
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const found = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const style = getComputedStyle(el);
      return ['auto', 'scroll'].includes(style.overflowX) && !el.matches('textarea, input, select')
        && el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1;
    });
    const out = [];
    for (const el of found) {
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].filter((c) => !c.startsWith('cut-')).join('.')} in ${el.closest('[aria-label]')?.getAttribute('aria-label')}`;
      el.scrollLeft = 0;
      await frame();
      const atStart = { classes: el.className, mask: getComputedStyle(el).maskImage };
      el.scrollLeft = el.scrollWidth;
      await frame();
      const atEnd = { classes: el.className, mask: getComputedStyle(el).maskImage };
      el.scrollLeft = 0;
      out.push({ name, atStart, atEnd });
    }
    return out;
  });
}

/** Captions that do not fit the width that shows (their scroller's, or the screen's). */
async function clippedCaptions(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll('caption')].filter((c) => c.getClientRects().length > 0).flatMap((c) => {
    let box: Element | null = c.parentElement;
    while (box && !(box.scrollWidth > box.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX))) box = box.parentElement;
    const r = c.getBoundingClientRect();
    const view = box ? box.getBoundingClientRect() : { left: 0, right: window.innerWidth };
    return r.left < view.left - 1 || r.right > view.right + 1 ? [`${c.textContent?.slice(0, 60)}: ${Math.round(r.left)}…${Math.round(r.right)} in ${Math.round(view.left)}…${Math.round(view.right)}`] : [];
  }));
}

describe('the lessons on a 390 px phone', () => {
  for (const lesson of ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler']) {
    it(`${lesson}: every scroller fades where it is cut, and every caption wraps`, async () => {
      const { page, errors } = await browser.open(`lessons/${lesson}`, PHONE);
      await allWidgetsMounted(page);
      const found = await scrollers(page);
      // The recycler's per-size comparison is wider than a phone: a check of nothing would pass.
      if (lesson === 'recycler') expect(found.length, 'a phone-wide lesson has something to scroll').toBeGreaterThan(0);
      for (const s of found) {
        expect(s.atStart.classes, s.name).toMatch(/\bcut-right\b/);
        expect(s.atStart.classes, s.name).not.toMatch(/\bcut-left\b/);
        expect(s.atEnd.classes, s.name).toMatch(/\bcut-left\b/);
        expect(s.atEnd.classes, s.name).not.toMatch(/\bcut-right\b/);
        for (const end of [s.atStart, s.atEnd]) expect(end.mask, s.name).toMatch(/linear-gradient/);
      }
      expect(await clippedCaptions(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('draws the recycler’s read and write markers at least 11 px tall', async () => {
    const { page } = await browser.open('lessons/recycler', PHONE);
    // The players mount one after another; on a loaded machine that takes longer than one wait.
    await allWidgetsMounted(page);
    const markers = page.locator('.woq-link .ring-marker');
    await markers.first().waitFor();
    const heights = await markers.evaluateAll((ms) => ms.map((m) => m.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(11);
  });

  it('scrolls a wheel player to the slot its step is about, and keeps the row names in view', async () => {
    const { page } = await browser.open('lessons/request-timeouts', PHONE);
    // The first player opens after timer 2 went into level 0's slot 12, past the screen's edge.
    const drawing = page.locator('.wheel-player').first().locator('.wheel-drawing');
    await drawing.waitFor();
    const slot12 = drawing.locator('.wheel-level').first().locator('.slot').nth(12);
    await expect.poll(async () => {
      const [s, d] = [await slot12.boundingBox(), await drawing.boundingBox()];
      return s!.x >= d!.x && s!.x + s!.width <= d!.x + d!.width;
    }).toBe(true);
    // The level names are a column of their own beside the scrolled slots: in view, over no slot.
    const names = page.locator('.wheel-player').first().locator('.wheel-row-names');
    expect(await names.isVisible()).toBe(true);
    const [n, d] = [await names.boundingBox(), await drawing.boundingBox()];
    expect(n!.x + n!.width).toBeLessThanOrEqual(d!.x + 1);
  });

  /** Elements matching `selector` whose content is cut: wider than they show. */
  const cut = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els
    .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden') && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}: ${el.textContent?.slice(0, 60)}`));

  it('shows every value a question asks about, and every table’s numbers, without scrolling (issue 48, item 17)', async () => {
    const { page } = await browser.open('lessons/cancelling-timers?seed=abc', PHONE);
    await allWidgetsMounted(page);
    // "What does the timer remember?" and its kin: the array is all in sight, wrapped, not scrolled.
    expect(await page.locator('.exercise-code').count()).toBeGreaterThan(0);
    expect(await cut(page, '.exercise-code, .exercise, .exercise *')).toEqual([]);
    // The published table: each "± error" under its value, long names broken: no column past the edge.
    expect(await cut(page, '.table-scroll:has(.published-table)')).toEqual([]);
  });

  it('labels a one-node heap, fits the work-per-command table and the JMH rows', async () => {
    const { page } = await browser.open('embed/heap?ops=add%2050&step=end', PHONE);
    await page.locator('.heap-tree').waitFor();
    expect(await page.getByText('drawn too small here').count()).toBe(0);
    expect(await page.locator('.heap-tree .node text').first().textContent()).toBe('50');
    const race = (await browser.open('embed/heap?variant=race&ops=schedule%20500%2C%20cancel-reverse', PHONE)).page;
    await race.locator('.by-command').waitFor();
    expect(await cut(race, '.table-scroll:has(.by-command)')).toEqual([]);
    const bench = (await browser.open('embed/bench?suite=recycler', PHONE)).page;
    await bench.locator('.jmh-rows table').waitFor();
    expect(await cut(bench, '.jmh-rows, .table-scroll:has(.jvm-column)')).toEqual([]);
  });
});
