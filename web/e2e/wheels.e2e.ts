import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';

const browser = useBrowser();

/** The body rows of a table named `name`, as cell texts. */
async function rows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name, exact: true });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

const fired = (page: Page, name = 'fired') => page.getByRole('list', { name, exact: true }).locator('li').allTextContents();
const stepCount = (page: Page) => page.locator('.step-count').first().innerText();
const open = (ops: string, rest = '') => `embed/wheel?view=wheel&ops=${encodeURIComponent(ops)}${rest}`;

describe('the timing wheel', () => {
  it('fits all 20 slots beside the level names in the lesson at 1280 px, slot 19 included', async () => {
    const { page } = await browser.open('lessons/request-timeouts');
    const drawing = page.locator('.wheel-drawing').first();
    await drawing.waitFor();
    // The frame is wider than the smallest wheel (576 px), so nothing scrolls sideways.
    const [scroll, client, frame] = await drawing.evaluate((el) => [el.scrollWidth, el.clientWidth, el.closest('.wheel-drawing-frame')!.clientWidth]);
    expect(frame).toBeGreaterThanOrEqual(576);
    expect(scroll - client, `the frame is ${frame} px`).toBeLessThanOrEqual(1);
  });

  it('places a delay of exactly 20 on level 1, then cascades and fires in order', async () => {
    const { page, errors } = await browser.open(open('add 1 20, add 2 19, add 3 0, advance 20', '&step=op:4'));
    expect(await rows(page, 'wheel levels')).toEqual([['0', '1', '20', '0'], ['1', '20', '400', '0']]);
    expect(await rows(page, 'wheel buckets')).toEqual([['0', '19', '19', '2'], ['1', '1', '20', '1']]);
    expect(await fired(page)).toEqual(['3 at 0']);
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await fired(page)).toEqual(['3 at 0', '2 at 19', '1 at 20']);
    expect(await rows(page, 'wheel buckets')).toEqual([]);
    expect(await rows(page, 'wheel levels')).toEqual([['0', '1', '20', '20'], ['1', '20', '400', '20']]);
    expect(errors).toEqual([]);
  });

  it('shows a timer mid-cascade, one level lower at each bucket expiry', async () => {
    const { page } = await browser.open(open('add 1 7421, advance 7200'));
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await rows(page, 'wheel buckets')).toEqual([['1', '11', '7420', '1']]);
    // The last step is the reaper waiting; one back, the cascade itself; a few more, the flush of
    // level 2's bucket.
    expect(await page.locator('.narration').innerText()).toMatch(/^Nothing more is due by 7200 ms \(the earliest bucket expires at 7420 ms\): the reaper waits\./);
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await page.locator('.narration').innerText()).toBe('#1 moved down from level 2 to level 1.');
    expect(await page.locator('.wheel-svg .chip.focus').count()).toBe(1);
    let narration = '';
    for (let i = 0; i < 10 && !narration.startsWith('Flush L2[18]'); i++) {
      await page.getByRole('button', { name: 'Step back' }).click();
      narration = await page.locator('.narration').innerText();
    }
    expect(narration).toContain('Flush L2[18]: take its 1 timer');
    expect(await page.locator('.wheel-svg .slot.focus').count()).toBe(1);
  });

  it('shows now and the wheel’s own clock, which lags it after an idle gap', async () => {
    const { page, errors } = await browser.open(open('add 1 5, advance 1000, add 2 5', '&step=op:3'));
    const clocks = page.locator('.wheel-clocks');
    await expect.poll(() => clocks.innerText()).toMatch(/^Now: 1,000 ms · the wheel's clock: 5 ms \(995 ms behind/);
    // The add only offers its bucket, as Kafka's SystemTimer.add does: the wheel's clock stays at
    // 5 ms, so timer 2 (due at 1,005) is beyond levels 0 and 1 and waits in level 2's bucket 800,
    // until an advance polls it (issue 58).
    await page.getByRole('button', { name: 'Jump to end' }).click();
    await expect.poll(() => clocks.innerText()).toMatch(/^Now: 1,000 ms · the wheel's clock: 5 ms /);
    expect(await rows(page, 'wheel levels')).toEqual([['0', '1', '20', '5'], ['1', '20', '400', '0'], ['2', '400', '8000', '0']]);
    expect(await rows(page, 'wheel buckets')).toEqual([['2', '2', '800', '2']]);
    expect(errors).toEqual([]);
  });

  it('keeps the state in the link, so it reopens exactly', async () => {
    const ops = 'random 30 900 4, advance 250, cancel 7, advance 400';
    const { page } = await browser.open(open(ops, '&step=op:3'));
    await page.getByRole('button', { name: 'Step forward' }).click();
    const total = (await stepCount(page)).split(' / ')[1];
    const before = { buckets: await rows(page, 'wheel buckets'), fired: await fired(page), step: await stepCount(page) };
    const href = await page.getByRole('link', { name: 'Link to this step' }).getAttribute('href');
    await page.goto(href!);
    expect(await stepCount(page)).toBe(before.step);
    expect(before.step.endsWith(` / ${total}`)).toBe(true);
    expect(await rows(page, 'wheel buckets')).toEqual(before.buckets);
    expect(await fired(page)).toEqual(before.fired);
    expect(await page.getByLabel('Ops script').inputValue()).toBe(ops);
  });

  it('races the wheel against the DelayQueue of tasks: an unlink against a 50-slot scan', async () => {
    const { page, errors } = await browser.open('embed/wheel?view=race&ops=burst%2050%20100,%20cancel%2050&step=end');
    await expect.poll(() => page.locator('.narration').innerText()).toContain('After operation 51 of 51 (cancel 50)');
    const narration = await page.locator('.narration').innerText();
    expect(narration).toContain('1 bucket unlink');
    expect(narration).toContain('50 delay-queue equals() calls');
    const panels = page.locator('.race-lane table.counters').filter({ has: page.locator('caption', { hasText: 'work counted' }) });
    const counters = await panels.evaluateAll((tables) => tables.map((t) => {
      // (A counter that counts as work is marked so after its name.)
      const row = [...t.querySelectorAll('tr')].find((r) => r.querySelector('th')?.textContent?.startsWith('delay-queue equals() calls'));
      return row?.lastElementChild?.textContent ?? null;
    }));
    expect(counters).toEqual([null, '50']);
    expect(await page.getByRole('list', { name: 'fired', exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('points at the mistake in a bad script', async () => {
    const { page, errors } = await browser.open(open('add 1 5, add 1 6'));
    await expect.poll(() => page.locator('.script-editor .input-error').innerText()).toContain('Line 1, column 10: command 2: timer 1 already exists');
    await page.goto(siteUrl() + 'embed/wheel?view=spokes');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('view=spokes is not a view; expected view=wheel, view=delay-queue or view=race');
    expect(errors).toEqual([]);
  });

  it('counts a 100,000-timer script in a worker without drawing it', async () => {
    const { page, errors } = await browser.open('embed/wheel?view=race&ops=random%20100000%205000%201,%20drain');
    const counts = page.locator('.count-only');
    await expect.poll(() => counts.innerText()).toContain('counters only');
    expect(await counts.innerText()).toContain('holds up to 100,000 timers');
    expect(await page.locator('.wheel-svg').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
