import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';

const browser = useBrowser();

const open = (version: string, ops: string, rest = '') => `embed/recycler?version=${version}&ops=${encodeURIComponent(ops)}${rest}`;
const narration = (page: Page) => page.locator('.narration').first().innerText();

/** The "pooled" list of thread `name`: its stack, bottom first. */
async function pooled(scope: Page | Locator, name: string): Promise<string[]> {
  const list = scope.getByRole('region', { name: `thread ${name}`, exact: true }).getByRole('list', { name: 'pooled', exact: true });
  await list.waitFor({ state: 'attached' });
  return list.locator('li').allTextContents();
}

async function stepUntil(page: Page, pattern: RegExp, max = 80): Promise<string> {
  for (let i = 0; i < max; i++) {
    const text = await narration(page);
    if (pattern.test(text)) return text;
    await page.getByRole('button', { name: 'Step forward' }).click();
  }
  throw new Error(`no step matched ${pattern}`);
}

const WORKED = 'A: get, get, B: recycle 1, recycle 2, A: get, get';

describe('the recyclers', () => {
  it('throws where Netty 4.0.21 throws: "recycled already" midway through a transfer, then a NullPointerException on its blanked slot', async () => {
    const ops = 'A: get-many 3, A: recycle 1, A: recycle 2, B: recycle 3, B: recycle 2, A: get-many 4, A: recycle 6';
    const { page, errors } = await browser.open(open('after', ops, '&max-capacity=1&step=op:11'));
    // Operation 10 is get #6: it moved o3, then met o2's ids from its first recycle.
    expect(await narration(page)).toMatch(/^A gets IllegalStateException: recycled already: o2's recycle ids are already set/);
    await page.goto(`${siteUrl()}${open('after', ops, '&max-capacity=1&step=op:12')}`);
    expect(await narration(page)).toMatch(/^A gets NullPointerException: the link's next slot is empty/);
    // Every command has its step, also the recycle of a get that threw.
    await page.goto(`${siteUrl()}${open('after', ops, '&max-capacity=1&step=end')}`);
    expect(await narration(page)).toBe('A has nothing to recycle: get #6 threw, so it returned no object.');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
  });


  it('steps the rewrite’s worked example: the first get allocates, the next transfers B’s handles', async () => {
    const { page, errors } = await browser.open(open('after', WORKED, '&step=op:5'));
    expect(await pooled(page, 'A')).toEqual([]);
    const rewind = await stepUntil(page, /cursor goes back/);
    expect(rewind).toMatch(/only the next empty-stack get can take from A's queues/);
    await stepUntil(page, /o1 moves from slot 0 of q1's head link to slot 0 of the stack/);
    expect(await page.locator('.recycler-stack .focus').count()).toBe(1);
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await narration(page)).toBe('get() returns o2 to A.');
    expect(await pooled(page, 'A')).toEqual(['o1']);
    const handles = page.getByRole('table', { name: 'handles' });
    expect(await handles.locator('tbody tr').first().innerText()).toMatch(/o1\s+pooled in A's stack, slot 0\s+A's stack\s+q1\s+q1/);
    expect(errors).toEqual([]);
  });

  it('races both versions: the old one drops B’s recycles and makes new objects', async () => {
    const { page, errors } = await browser.open(open('race', WORKED, '&step=end'));
    const before = page.getByRole('region', { name: 'Recycler before (4.0.20)', exact: true });
    const after = page.getByRole('region', { name: 'Recycler after (4.0.21)', exact: true });
    expect(await pooled(before, 'A')).toEqual([]);
    expect(await pooled(after, 'A')).toEqual(['o1']);
    expect(await before.getByRole('table', { name: 'handles' }).locator('tbody tr').count()).toBe(4);
    expect(await after.getByRole('table', { name: 'handles' }).locator('tbody tr').count()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('shows the assertion map and its AssertionError on a double recycle; settings stay in the link', async () => {
    const { page, errors } = await browser.open(open('before', 'get, recycle 1, recycle 1', '&assertions=on&step=end'));
    expect(await narration(page)).toBe('T gets AssertionError: recycled already: map.put found o1 already pooled: the assertion catches a second recycle.');
    expect(await page.getByRole('list', { name: 'identity map' }).locator('li').allTextContents()).toEqual([expect.stringMatching(/^o1 @\d+$/)]);
    await page.getByLabel('Assertions').selectOption('off');
    await expect.poll(() => narration(page)).toBe('recycle returns true.');
    expect(await pooled(page, 'T')).toEqual(['o1', 'o1']);
    await expect.poll(() => new URL(page.url()).searchParams.get('assertions')).toBe('off');
    expect(errors).toEqual([]);
  });

  it('refuses a script that recycles a get not made yet, where it is, and keeps the last good drawing', async () => {
    const { page, errors } = await browser.open(open('after', 'A: get, recycle 1, get'));
    await page.getByLabel('Ops script').fill('A: get, recycle 2');
    // Shown under its box at once (read out once the typing pauses: a status, not an alert per keystroke).
    await expect.poll(() => page.locator('.script-editor .input-error').innerText()).toMatch(/recycle 2 names the object of get 2, but the script has made 1 get by then/);
    await page.getByLabel('Max capacity').fill('0');
    await expect.poll(() => page.locator('.setting .input-error').first().innerText()).toMatch(/max-capacity|Max capacity/);
    expect(errors).toEqual([]);
  });

  it('counts a script too big to draw: the map’s two updates per cycle, none after the rewrite', async () => {
    const { page, errors } = await browser.open(open('race', 'T: get, recycle 1, cycle 100000', '&assertions=on'));
    const note = page.getByText(/So here are the counters only/);
    await note.waitFor();
    // The words name the counters "work" adds up (the map's slots probed), as the counters table's work row does.
    await expect.poll(() => page.getByText(/Recycler before \(4\.0\.20\): 1 allocation, 100,000 pops, 100,001 pushes and \d[\d,]* identity-map slots probed\./).count()).toBe(1);
    expect(await page.getByText('Recycler after (4.0.21): 1 allocation, 100,000 pops and 100,001 pushes.').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('the recycler lesson', () => {
  it('is on the home page, draws every player and has its exercises', async () => {
    const { page, errors } = await browser.open('');
    await page.getByRole('link', { name: 'Pooling objects with Netty\'s Recycler' }).first().click();
    const ex = page.locator('.exercises');
    await ex.waitFor();
    expect(await ex.locator('article.exercise').count()).toBeGreaterThanOrEqual(8);
    expect(await ex.getByRole('heading', { name: /How many handles move in one scavenge\?/ }).count()).toBe(1);
    expect(await page.locator('.recycler-player').count()).toBeGreaterThanOrEqual(9);
    expect(await page.locator('.bench-panel').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Restart widget' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('passes objects between two real Web Workers: the old pool makes every one, the rewrite a few', async () => {
    const { page, errors } = await browser.open('lessons/recycler');
    const w = page.locator('.threaded-bench');
    await w.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => w.locator('.bench-progress').innerText(), { timeout: 90_000, interval: 500 }).toMatch(/Finished: 2 rows|failed/);
    // A failure says why (the widget shows the worker's error): printed, not just "0 rows".
    expect(await w.locator('.bench-progress').innerText()).toMatch(/Finished: 2 rows/);
    const rows = await w.getByRole('table', { name: 'threaded throughput' }).locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    const cells = rows.map((r) => r.split('\t'));
    expect(cells.map((c) => c[0])).toEqual(['Recycler before (4.0.20)', 'Recycler after (4.0.21)']);
    expect(cells.every((c) => c.at(-1) === 'yes')).toBe(true);
    // row, objects/s, min … max, ns per object, objects allocated, allocated per object passed, handed over once
    expect(cells.every((c) => Number(c[3]) > 0)).toBe(true);
    const allocated = cells.map((c) => Number(c[4].replace(/,/g, '')));
    expect(allocated[0]).toBe(1_000_000);
    expect(allocated[1]).toBeLessThan(10_000);
    console.log(`[recycler e2e] threaded pipeline in Chromium:\n${rows.join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('grades a trace exercise clicked on objects by name, and echoes the objects, never indices', async () => {
    const { page } = await browser.open('lessons/recycler?seed=e2e&teacher=1');
    const ex = page.locator('article.exercise').filter({ hasText: 'What does A’s stack hold?' });
    await ex.waitFor();
    // The cells are the objects in the order they were made, not slots of anything: no index is shown or read.
    const cells = ex.getByRole('group', { name: 'the objects, in the order they were made' }).getByRole('button');
    // Its name is its words: "object" for a screen reader, then what is seen, "o1".
    expect(await cells.first().ariaSnapshot()).toBe('- button "object o1"');
    expect(await cells.first().evaluate((b) => [...b.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('visually-hidden')))
      .map((n) => n.textContent).join('').trim())).toBe('o1');
    const key = page.getByRole('table', { name: /Answer key/ }).locator('tbody tr').filter({ hasText: 'What does A’s stack hold?' });
    const model = (await key.locator('td').nth(1).innerText()).split(' → ');
    expect(model.every((o) => /^o\d+$/.test(o))).toBe(true);
    // A wrong order, twice: the feedback names the objects clicked and, the second time, the model's.
    for (const o of [...model].reverse().concat(model.length > 1 ? [] : ['o1'])) await ex.getByRole('button', { name: `object ${o}`, exact: true }).click();
    await ex.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => ex.locator('.feedback').innerText()).toMatch(/^Not quite\. You answered o\d+( → o\d+)*\. Your 1st click, o\d+, is not where the real run starts\. Hint: /);
    await ex.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => ex.locator('.feedback').innerText()).toContain(`the answer is ${model.join(' → ')}.`);
    expect(await ex.locator('.feedback').innerText()).not.toMatch(/\[\d+\]/);
  });
});
