import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';
import { consistentVerdicts } from './verdicts';
import { QUICK_RUN_TEST_MS, expectHeadline, finishedRun } from './suiteRun';
import { serveStatic } from '../scripts/static-server.mjs';

const browser = useBrowser();

/** A table named `name` as `field=value` pairs (row header and first cell). */
async function fields(page: Page | Locator, name = 'queue fields'): Promise<string[]> {
  const table = page.getByRole('table', { name, exact: true });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => `${tr.querySelector('th')?.textContent}=${tr.querySelector('td')?.textContent}`));
}

async function contents(page: Page | Locator, name = 'queue contents'): Promise<string[]> {
  const list = page.getByRole('list', { name, exact: true });
  await list.waitFor({ state: 'attached' });
  return list.locator('li').allTextContents();
}
const narration = (page: Page) => page.locator('.narration').innerText();
const open = (queue: string, ops: string, rest = '') => `embed/queue?queue=${queue}&ops=${encodeURIComponent(ops)}${rest}`;

/** Steps forward until the narration matches, or gives up after `max` steps. */
async function stepUntil(page: Page, pattern: RegExp, max = 60): Promise<string> {
  for (let i = 0; i < max; i++) {
    const text = await narration(page);
    if (pattern.test(text)) return text;
    await page.getByRole('button', { name: 'Step forward' }).click();
  }
  throw new Error(`no step matched ${pattern}`);
}

describe('the queues', () => {
  it('draws the CLQ with its lagging tail: the JDK swings tail every second offer', async () => {
    const { page, errors } = await browser.open(open('clq', 'offer 1, offer 2, offer 3', '&step=end'));
    expect(await contents(page)).toEqual(['1', '2', '3']);
    expect(await fields(page)).toEqual(['head=n0', 'tail=n2']);
    expect(await page.locator('.queue-svg .queue-node').count()).toBe(4);
    expect(errors).toEqual([]);
  });

  it('shows two producers racing for one next pointer: the loser’s CAS fails and it retries', async () => {
    const { page, errors } = await browser.open(open('clq', 'A: offer 1, B: offer 2', '&schedule=A%20A%20B%20B%20B%20A'));
    const text = await stepUntil(page, /fails/);
    expect(text).toBe("A's CAS of n0.next null → n1 fails: another thread linked its node there first; it looks again from the same node.");
    expect(await page.locator('.queue-svg .failed').count()).toBe(1);
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await contents(page)).toEqual(['2', '1']);
    const failures = await page.locator('table.counters tr').filter({ hasText: 'CAS failures' }).locator('td').last().innerText();
    expect(failures).toBe('1');
    expect(errors).toEqual([]);
  });

  it('shows each bounded queue’s indices, and an MPSC consumer spinning on a claimed slot', async () => {
    const { page, errors } = await browser.open(open('abq', 'offer 1, offer 2, offer 3, poll, offer 4', '&capacity=3&step=end'));
    expect(await fields(page)).toEqual(['takeIndex=1', 'putIndex=1', 'count=3', 'lock=free']);
    expect(await contents(page)).toEqual(['2', '3', '4']);

    await page.goto(siteUrl() + open('spsc', 'fill 8, offer 9', '&capacity=8&step=end'));
    expect(await fields(page)).toEqual(['producerIndex=8', 'consumerIndex=0', 'producerLimit=6', 'lookAheadStep=2']);
    expect(await page.getByRole('table', { name: 'threads' }).innerText()).toContain('T: offer 9 → false');

    await page.goto(siteUrl() + open('mpsc', 'P: offer 7, C: poll', '&schedule=P%20P%20P%20C%20C%20C%20C'));
    expect(await stepUntil(page, /spins/)).toMatch(/^C spins: a producer has claimed this slot/);
    expect(await page.locator('.queue-svg .queue-slot.claimed').count()).toBe(1);
    expect(await fields(page)).toEqual(['producerIndex=1', 'consumerIndex=0', 'producerLimit=8']);
    await page.getByRole('button', { name: 'Jump to end' }).click();
    expect(await page.getByRole('list', { name: 'polled', exact: true }).locator('li').allTextContents()).toEqual(['7']);
    expect(errors).toEqual([]);
  });

  it('keeps the script, capacity, schedule and step in the link', async () => {
    const { page } = await browser.open(open('mpsc', 'P1: fill 3, P2: fill 3, C: drain', '&capacity=4&schedule=random%209&step=op:4'));
    await page.getByRole('button', { name: 'Step forward' }).click();
    const before = { fields: await fields(page), contents: await contents(page), step: await page.locator('.step-count').first().innerText() };
    const href = await page.getByRole('link', { name: 'Link to this step' }).getAttribute('href');
    expect(href).toContain('capacity=4&schedule=random%209');
    await page.goto(href!);
    expect(await fields(page)).toEqual(before.fields);
    expect(await contents(page)).toEqual(before.contents);
    expect(await page.locator('.step-count').first().innerText()).toBe(before.step);
    expect(await page.getByLabel('Schedule').inputValue()).toBe('random 9');
  });

  it('points at a bad script, a bad schedule and a queue’s contract', async () => {
    const { page, errors } = await browser.open(open('clq', 'P1: offer 5, P2: offre 6'));
    await expect.poll(() => page.locator('.script-editor .input-error').innerText()).toContain('Line 1, column 18: command 2: "offre" is not a command');
    await page.goto(siteUrl() + open('clq', 'P1: offer 5', '&schedule=P1%20P9'));
    await expect.poll(() => page.locator('.setting .input-error').innerText()).toBe('schedule: there is no thread "P9"; the threads are P1.');
    expect(await page.getByLabel('Schedule').getAttribute('aria-invalid')).toBe('true');
    await page.goto(siteUrl() + open('spsc', 'A: offer 1, B: offer 2'));
    await expect.poll(() => page.locator('.script-editor .input-error').innerText()).toContain('command 2: JCTools SpscArrayQueue has a single producer thread: A already offers, so B may not');
    await page.goto(siteUrl() + 'embed/queue?queue=lifo');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('queue=lifo is not a view');
    expect(errors).toEqual([]);
  });

  it('races the same threads on the CLQ and the ABQ', async () => {
    const { page, errors } = await browser.open(open('race', 'P: fill 3, C: poll, size', '&capacity=2&step=end'));
    // Round-robin: C's poll runs before P has linked a node (null); its size() then finds two.
    const clq = page.getByRole('region', { name: 'ConcurrentLinkedQueue', exact: true });
    const abq = page.getByRole('region', { name: 'ArrayBlockingQueue', exact: true });
    expect(await contents(clq)).toEqual(['1', '2', '3']);
    expect(await clq.getByRole('table', { name: 'threads' }).innerText()).toContain('C: size → 2');
    expect(await abq.getByRole('table', { name: 'queue fields', exact: true }).innerText()).toContain('count');
    expect(await narration(page)).toContain('After operation');
    expect(errors).toEqual([]);
  });

  it('counts a 100,000-element size() in a worker: the CLQ walks every node', async () => {
    const { page, errors } = await browser.open(open('race', 'fill 100000, size', '&capacity=100000'));
    const counts = page.locator('.count-only');
    await expect.poll(() => counts.innerText()).toContain('counters only');
    expect(await counts.innerText()).toContain('100,000 nodes counted by size()');
    expect(await page.locator('.queue-svg').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('runs the quick udp-queue suite in Workers: size() collapses the CLQ, the array queues do not', { timeout: QUICK_RUN_TEST_MS }, async () => {
    const { page, errors } = await browser.open('embed/bench?suite=udp-queue&preset=quick');
    const panel = page.locator('.bench-panel');
    await panel.getByRole('button', { name: 'Run' }).click();
    const run = await finishedRun(panel, 'QueueOfferBenchmark', 15);
    const verdicts = await consistentVerdicts(panel.locator('.verdicts'), 5);
    expectHeadline(run, verdicts[0], /^(Reproduced|Not reproduced|Inconclusive): .*CLQ.*size\(\).*1,048,576/);
    console.log(`[queues e2e] udp-queue quick, ${run.rows.length} of 15 rows run:\n${run.rows.join('\n')}\n${verdicts.join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('races the queues across real Web Workers on one shared memory, every element delivered in order', async () => {
    const { page, errors } = await browser.open('lessons/bounded-queues');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const w = page.locator('.threaded-bench');
    await w.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => w.locator('.bench-progress').innerText(), { timeout: 90_000, interval: 500 }).toMatch(/Finished: \d+ rows|failed/);
    // A failure says why (the widget shows the worker's error), so the status is compared whole.
    expect(await w.locator('.bench-progress').innerText()).toBe('Finished: 7 rows.');
    const rows = await w.getByRole('table', { name: 'threaded throughput' }).locator('tbody tr').allInnerTexts();
    const cells = rows.map((r) => r.split('\t'));
    // Every row of the set ran, in its order, with its producers (and one consumer).
    expect(cells.map((c) => `${c[0]} ${c[1]}`)).toEqual(['ConcurrentLinkedQueue 1', 'ConcurrentLinkedQueue 2', 'ArrayBlockingQueue 1',
      'ArrayBlockingQueue 2', 'JCTools SpscArrayQueue 1', 'JCTools MpscArrayQueue 1', 'JCTools MpscArrayQueue 2']);
    const count = (cell: string) => Number(cell.replace(/,/g, ''));
    for (const c of cells) {
      const [title, , rate, spread, full, empty, delivered] = c;
      const row = c.join(' | ');
      // Every element arrived once, in each producer's order, in each of the three runs.
      expect(delivered, row).toBe('yes');
      // The mean rate lies within its runs' range; how high it is depends on the machine, so it is
      // printed, not asserted.
      const [min, max] = spread.split(' … ').map(count);
      expect(min <= count(rate) && count(rate) <= max && min > 0, row).toBe(true);
      // Spins are counted, whole and never negative; an unbounded queue is never full.
      expect([full, empty].every((x) => /^[\d,]+$/.test(x)), row).toBe(true);
      if (title === 'ConcurrentLinkedQueue') expect(count(full), row).toBe(0);
    }
    console.log(`[queues e2e] threaded race in Chromium (ops/s, mean of three runs):\n${cells.map((c) => `${c[0]} (${c[1]}P): ${c[2]}`).join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('says why real threads cannot run on a page that is not cross-origin isolated, and shows the committed run', async () => {
    const site = await serveStatic(process.env.HOTPATH_SITE_DIR!, { base: process.env.HOTPATH_SITE_BASE ?? '/', isolate: false });
    try {
      const { page, errors } = await browser.open();
      await page.goto(`${site.url}lessons/bounded-queues`);
      const w = page.locator('.threaded-bench');
      await expect.poll(() => w.getByRole('note').first().innerText()).toContain('This page is not cross-origin isolated');
      expect(await w.getByRole('button', { name: 'Run' }).count()).toBe(0);
      // The committed run (Node's worker threads), one row per row of the set, labelled as not live.
      const committed = w.getByRole('table', { name: 'threaded throughput, committed run' });
      await committed.waitFor();
      expect(await committed.getByRole('rowheader').allInnerTexts()).toEqual([
        'ConcurrentLinkedQueue', 'ConcurrentLinkedQueue', 'ArrayBlockingQueue', 'ArrayBlockingQueue', 'JCTools SpscArrayQueue', 'JCTools MpscArrayQueue', 'JCTools MpscArrayQueue',
      ]);
      expect(await w.innerText()).toContain('The committed run, not live');
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
