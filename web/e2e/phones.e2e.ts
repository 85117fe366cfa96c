// The lessons on a 390 px phone: whatever is wider than the screen scrolls sideways and shows
// that it does (a fade at each cut edge), a table's caption wraps to the screen instead of
// scrolling away mid-word, the markers in drawings stay legible, and a wheel player scrolls to
// the slot its step is about. A player keeps its buttons in view while its drawing is on screen,
// and shows a step's sentence beside the part of the drawing it is about; no table heading
// breaks inside a word, and no table hides a column past the screen's edge (issue 56).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

/** Tables in a sideways scroller that are wider than it: on a phone a wide table turns into cards (tableCards.ts), so none, once the page has settled. */
const cutTables = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.table-scroll')]
  .filter((t) => t.getClientRects().length && t.scrollWidth > t.clientWidth + 1)
  .map((t) => t.querySelector('caption')?.textContent?.slice(0, 50) ?? t.className));

describe('the lessons on a 390 px phone', () => {
  for (const lesson of ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler']) {
    it(`${lesson}: every scroller fades where it is cut, and every caption wraps`, async () => {
      const { page, errors } = await browser.open(`lessons/${lesson}`, PHONE);
      await allWidgetsMounted(page);
      // A real-threads widget shows its committed run once that run's file has loaded, after the
      // widget mounted: its table is waited for, or it could arrive between the check for cut
      // tables and the look at the scrollers, still a table for the frame before it turns into
      // cards (a CI run under load caught it so on 2026-11-29).
      for (const w of await page.locator('.threaded-bench').all()) await w.locator('table').first().waitFor({ state: 'attached' });
      // The wide tables have turned into cards (a frame after they were laid out).
      await expect.poll(() => cutTables(page)).toEqual([]);
      const found = await scrollers(page);
      // The wheel's levels and the queues' rings are wider than a phone: a check of nothing would
      // pass. (The recycler's WeakOrderQueue links wrap into rows on a phone, so it has none.)
      if (['request-timeouts', 'bounded-queues'].includes(lesson)) expect(found.length, 'a lesson with wide drawings has something to scroll').toBeGreaterThan(0);
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

  for (const lesson of ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler']) {
    it(`${lesson}: every player keeps its buttons in view over its drawing, and a step's sentence beside the part it is about`, async () => {
      const { page, errors } = await browser.open(`lessons/${lesson}`, PHONE);
      await allWidgetsMounted(page);
      const players = page.locator('.trace-player');
      const n = await players.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const player = players.nth(i);
        const drawing = player.locator('.player-view, .race-lane [data-part="drawing"]').first();
        const controls = player.locator('.player-controls');
        const inView = async (l: Locator) => {
          const b = (await l.boundingBox())!;
          return b.y >= -1 && b.y + b.height <= PHONE.viewport.height + 1;
        };
        // Wherever the drawing is on screen, near its top or its bottom, the buttons are too.
        for (const at of ['top', 'bottom'] as const) {
          await drawing.evaluate((d, where) => {
            const r = d.getBoundingClientRect();
            window.scrollBy(0, where === 'top' ? r.top - 0.45 * window.innerHeight : r.bottom - 0.55 * window.innerHeight);
          }, at);
          expect(await inView(controls), `player ${i} (${await player.evaluate((p) => p.closest('[aria-label]')?.getAttribute('aria-label'))}), drawing's ${at}`).toBe(true);
        }
        // A step player: stepped until its drawing marks a part, that part and the step's sentence are on screen together.
        if (!(await player.locator('.player-view').count())) continue;
        await drawing.evaluate((d) => window.scrollBy(0, d.getBoundingClientRect().top - 0.5 * window.innerHeight));
        await player.getByRole('button', { name: 'Jump to start' }).click();
        const forward = player.getByRole('button', { name: 'Step forward' });
        // Stepped until a step marks a part: the page has followed it.
        for (let k = 0; k < 12 && !(await player.locator('.player-view .focus').count()); k++) await forward.click();
        if (!(await player.locator('.player-view .focus').count())) continue;
        const seen = await player.evaluate((p) => {
          const marked = [...p.querySelectorAll('.player-view .focus')].filter((e) => e.getBoundingClientRect().width > 0);
          const part = marked.sort((a, b) => {
            const [x, y] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
            return x.width * x.height - y.width * y.height;
          })[0];
          const bar = p.querySelector('.player-bar')!.getBoundingClientRect();
          const said = p.querySelector('.narration')!.getBoundingClientRect();
          if (!part) return 'no part';
          const r = part.getBoundingClientRect();
          // Sideways inside its own scroller is fine; down the page it must be on screen, under the bar.
          // (A node drawn at the drawing's very top may reach a few pixels up into the bar's margin.)
          return { part: r.top >= bar.bottom - 4 && r.top < window.innerHeight, sentence: said.top >= 0 && said.bottom <= window.innerHeight + 1 };
        });
        expect(seen, `player ${i}`).toEqual({ part: true, sentence: true });
      }
      expect(errors).toEqual([]);
    });
  }

  it('breaks no table heading inside a word, and hides no table column past the edge', async () => {
    for (const lesson of ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler']) {
      const { page } = await browser.open(`lessons/${lesson}`, PHONE);
      await allWidgetsMounted(page);
      // No table hides a column past the edge: a wide one has turned into cards.
      await expect.poll(() => cutTables(page), { message: lesson }).toEqual([]);
      const found = await page.evaluate(() => {
        // A line may end after a space, "/", ",", ".", "÷" or "-", before "(" or "÷", or between a
        // name's humps (cancelIn|Order, as Breakable allows): anywhere else it cut a word.
        const allowed = (a: string, b: string) => /\s/.test(a) || /\s/.test(b) || /[/,.÷-]/.test(a) || /[(÷]/.test(b) || (/[a-z]/.test(a) && /[A-Z]/.test(b));
        const broken: string[] = [];
        for (const th of document.querySelectorAll('th')) {
          if (!th.getClientRects().length || th.closest('.visually-hidden, table.as-cards > thead')) continue;
          const chars: { ch: string; top: number }[] = [];
          const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
          for (let t = walk.nextNode(); t; t = walk.nextNode()) {
            if (t.parentElement?.closest('.visually-hidden')) continue;
            for (let i = 0; i < (t.textContent ?? '').length; i++) {
              const range = document.createRange();
              range.setStart(t, i);
              range.setEnd(t, i + 1);
              const r = range.getClientRects()[0];
              if (r) chars.push({ ch: t.textContent![i], top: r.top });
            }
          }
          for (let i = 1; i < chars.length; i++) {
            if (chars[i].top > chars[i - 1].top + 2 && !allowed(chars[i - 1].ch, chars[i].ch)) {
              broken.push(`"${th.textContent?.replace(/\s+/g, ' ').trim()}" between “${chars[i - 1].ch}” and “${chars[i].ch}”`);
              break;
            }
          }
        }
        return broken;
      });
      expect(found, lesson).toEqual([]);
    }
  });

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

  it('keeps an open Share / embed dialog to the phone’s width: a long link or option stays inside its box (issue 60)', async () => {
    const { page } = await browser.open('lessons/cancelling-timers', PHONE);
    const summary = page.locator('details.share-embed > summary').first();
    await summary.scrollIntoViewIfNeeded();
    await summary.click();
    // Open, with its measured height written: the dialog is laid out whole.
    await page.locator('details.share-embed[open] .share-embed-body').getByText(/^Height [\d,]+ px, measured for a column/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await cut(page, 'details.share-embed[open] .share-embed-body, details.share-embed[open] .share-embed-body .button-row')).toEqual([]);
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
