import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';

const browser = useBrowser();

const SCRIPT = 'add 50,add 30,add 90,add 10,add 70,add 20,remove 90';

async function arrayCells(page: Page, nth = 0): Promise<string[]> {
  const table = page.getByRole('table', { name: /array/i }).nth(nth);
  await table.waitFor();
  return table.locator('td .cell-value').allTextContents();
}

const stepCount = (page: Page) => page.locator('.step-count').first().innerText();

describe('the heap widgets', () => {
  it('steps a JDK heap script forwards and back, and the array view follows', async () => {
    const { page, errors } = await browser.open(`embed/heap?heap=jdk&ops=${encodeURIComponent(SCRIPT)}`);
    expect(await arrayCells(page)).toEqual([]);
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await arrayCells(page)).toEqual(['10', '30', '20', '50', '70']);
    expect(await stepCount(page)).toBe('32 / 32');
    // One step back: 90 has left the queue, but its slot is not yet cleared.
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await page.locator('.narration').innerText()).toContain('leaves the queue from [5]');
    // Back to the start, then forward from the keyboard, as a student would.
    await page.getByRole('button', { name: 'Jump to start' }).click();
    await page.locator('.narration').click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await stepCount(page)).toBe('3 / 32');
    expect(await arrayCells(page)).toEqual(['50']); // 30 is in hand, about to be compared
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await arrayCells(page)).toEqual(['30', '50']);
    await page.keyboard.press('End');
    expect(await arrayCells(page)).toEqual(['10', '30', '20', '50', '70']);
    await page.keyboard.press('Home');
    expect(await stepCount(page)).toBe('0 / 32');
    // The scan: six equals() calls before 90 is found in the last slot.
    await page.goto(siteUrl() + `embed/heap?heap=jdk&ops=${encodeURIComponent(SCRIPT)}&step=30`);
    expect(await page.locator('.narration').innerText()).toContain('equals() call 6: 90 at [5] is the timer to cancel');
    const scanned = await page.getByRole('table', { name: /array/i }).locator('td.scanned').count();
    expect(scanned).toBe(6);
    expect(errors).toEqual([]);
  });

  it('keeps the keys working when a jump leaves its own button with nothing to do (issue 48, item 14)', async () => {
    const { page, errors } = await browser.open(`embed/heap?heap=jdk&ops=${encodeURIComponent(SCRIPT)}&step=3`);
    const start = page.getByRole('button', { name: 'Jump to start' });
    await start.click();
    expect(await stepCount(page)).toBe('0 / 32');
    // Nothing clicked since: the button keeps its focus, marked as having nothing to do, and → steps.
    expect(await start.getAttribute('aria-disabled')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Jump to start');
    await page.keyboard.press('ArrowRight');
    expect(await stepCount(page)).toBe('1 / 32');
    await page.getByRole('button', { name: 'Jump to end' }).click();
    await page.keyboard.press('ArrowLeft');
    expect(await stepCount(page)).toBe('31 / 32');
    // A button with nothing to do does nothing when pressed.
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Step forward' }).click({ force: true });
    expect(await stepCount(page)).toBe('32 / 32');
    expect(errors).toEqual([]);
  });

  it('keeps the step in the URL, so a link reopens the same state', async () => {
    const { page } = await browser.open(`embed/heap?heap=indexed&ops=${encodeURIComponent(SCRIPT)}&step=5`);
    const total = (await stepCount(page)).split(' / ')[1];
    expect(Number(total)).toBeGreaterThan(6);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('6');
    const href = await page.getByRole('link', { name: 'Link to this step' }).getAttribute('href');
    await page.goto(href!);
    expect(await stepCount(page)).toBe(`6 / ${total}`);
    expect(await page.getByLabel('Ops script').inputValue()).toBe(SCRIPT);
  });

  it('shows each indexed timer its stored index', async () => {
    const { page } = await browser.open(`embed/heap?heap=indexed&ops=${encodeURIComponent(SCRIPT)}&step=end`);
    const cells = page.getByRole('table', { name: /array/i }).locator('td .cell-stored');
    await cells.first().waitFor();
    const stored = await cells.allTextContents();
    expect(stored).toEqual(['i=0', 'i=1', 'i=2', 'i=3', 'i=4']);
  });

  it('points at the mistake in a bad script and keeps the text', async () => {
    const { page, errors } = await browser.open('embed/heap?heap=jdk&ops=add%205,add%203,add%209,remve%205,poll');
    const alert = page.locator('.script-editor .input-error');
    await expect.poll(() => alert.innerText()).toContain('Line 1, column 19: command 4: "remve" is not a command');
    expect(await page.getByLabel('Ops script').inputValue()).toBe('add 5,add 3,add 9,remve 5,poll');
    await page.getByLabel('Ops script').fill('add 5,add 3,add 9,remove 5,poll');
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await arrayCells(page)).toEqual(['9']);
    await page.goto(siteUrl() + 'embed/heap?heap=splay');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('heap=splay is not a view');
    expect(errors).toEqual([]);
  });

  it('races both heaps on the benchmark script and counts their work', async () => {
    const { page } = await browser.open('embed/heap?heap=race&ops=schedule%2015,cancel-reverse&step=end');
    expect(await page.locator('.narration').innerText()).toContain('After operation 30 of 30');
    const totals = await page.locator('.counters').evaluateAll((tables) => tables.map((t) => {
      const row = [...t.querySelectorAll('tr')].find((r) => r.querySelector('th')?.textContent?.replace(' ✱ (counts as work)', '') === 'equals() calls');
      return row?.lastElementChild?.textContent;
    }));
    // JDK: 15 + 14 + … + 1 equals() calls; Netty: one per cancel (contains(node, i)).
    expect(totals).toEqual(['120', '15']);
  });

  it('counts a script too big to draw, in a worker, without drawing it', async () => {
    const { page, errors } = await browser.open('embed/heap?heap=race&ops=schedule%201000,cancel-reverse');
    await expect.poll(() => page.locator('.count-only').innerText()).toContain('counters only');
    const total = await page.locator('.count-only tr.total').innerText();
    // JDK: 500,500 equals() + 999 comparisons (the in-order inserts) + 1,000 moves; indexed: 1,000 equals.
    expect(total).toContain('502,499');
    expect(await page.locator('.heap-tree').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the cost curves', () => {
  it('count the real heaps up to n = 100,000 and fit the slopes the theory predicts', async () => {
    const { page, errors } = await browser.open('lessons/cancelling-timers');
    const curves = page.locator('.cost-curves');
    await curves.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => curves.getByRole('status').innerText(), { timeout: 50_000, interval: 500 }).toContain('Counted 28 points');
    const legend = await curves.locator('.legend li').allInnerTexts();
    const slope = (label: string) => {
      const line = legend.find((l) => l.trim().startsWith(label))!;
      const m = /slope (-?[\d.]+)/.exec(line);
      return m ? Number(m[1]) : line;
    };
    const jdkReverse = slope('JDK PriorityQueue, in reverse') as number;
    expect(jdkReverse).toBeGreaterThan(0.95);
    expect(jdkReverse).toBeLessThan(1.05);
    expect(slope('JDK PriorityQueue, in order') as number).toBeLessThan(0.25);
    expect(slope('Netty DefaultPriorityQueue, in order') as number).toBeLessThan(0.25);
    // One equals() per cancellation and nothing else: flat.
    expect(slope('Netty DefaultPriorityQueue, in reverse') as number).toBeCloseTo(0, 2);
    expect(errors).toEqual([]);
  });
});
