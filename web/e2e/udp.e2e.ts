import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './browser';

const browser = useBrowser();

async function runSim(sim: Locator, queue: string, seconds: string): Promise<string> {
  await sim.getByLabel('Queue', { exact: true }).selectOption(queue);
  await sim.getByLabel('Simulated seconds').fill(seconds);
  await sim.getByRole('button', { name: /^Start/ }).click();
  const status = sim.locator('.overload-status');
  await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 500 }).not.toMatch(/^(Running|$)/);
  return status.innerText();
}

/** The lesson's two simulations, once both are on the page (they mount one after the other). */
async function sims(page: Page): Promise<Locator> {
  const all = page.locator('.overload-sim');
  await expect.poll(() => all.count()).toBe(2);
  return all;
}

describe('the bounded-queues lesson', () => {
  it('is listed on the home page, and its exercises are there', async () => {
    const { page, errors } = await browser.open('');
    await page.getByRole('link', { name: 'Bounded and unbounded queues' }).first().click();
    const ex = page.locator('.exercises');
    await ex.waitFor();
    expect(await ex.locator('article.exercise').count()).toBeGreaterThanOrEqual(8);
    expect(await ex.getByRole('heading', { name: /What does size\(\) count\?/ }).count()).toBe(1);
    expect(await page.locator('.queue-player').count()).toBeGreaterThanOrEqual(5);
    expect(errors).toEqual([]);
  });

  it('runs the overload: the unbounded queue stops out of memory, a bounded one holds flat and drops', async () => {
    const { page, errors } = await browser.open('lessons/bounded-queues');
    // The lesson's second simulation: the whole server, with the component's defaults.
    const sim = (await sims(page)).last();
    await sim.scrollIntoViewIfNeeded();
    const oom = await runSim(sim, 'clq', '5');
    // 50,000 packets a second more than the consumers take; 128 MiB hold 64,783 of them.
    expect(oom).toMatch(/^Out of memory at 1\.\d\d s: 64,7\d\d packets queued hold 128\.0 MiB, past the run’s 128 MiB budget/);
    const table = sim.getByRole('table', { name: 'latest sample' });
    expect(await table.innerText()).toMatch(/refused by the queue\s+0/);

    const flat = await runSim(sim, 'abq', '2');
    expect(flat).toMatch(/^Finished 2\.00 s simulated: memory held steady at 3[89]\.\d MiB/);
    const text = await table.innerText();
    expect(Number(/queued\s+([\d,]+)/.exec(text)![1].replace(/,/g, ''))).toBeLessThanOrEqual(20_000);
    expect(Number(/refused by the queue\s+([\d,]+)/.exec(text)![1].replace(/,/g, ''))).toBeGreaterThan(50_000);
    // A full queue of 20,000 drained at 150,000 a second: about 133 ms of waiting.
    const [p50] = /median \/ 99th percentile wait \(ms\)\s+(\d+)/.exec(text)!.slice(1).map(Number);
    expect(p50).toBeGreaterThan(100);
    expect(p50).toBeLessThan(170);
    expect(errors).toEqual([]);
  });

  it('shows that the blog’s bound can outgrow the memory budget: a bounded queue runs out of memory before it is full', async () => {
    const { page, errors } = await browser.open('lessons/bounded-queues');
    const sim = (await sims(page)).first();
    await sim.scrollIntoViewIfNeeded();
    expect(await sim.getByLabel('Queue', { exact: true }).inputValue()).toBe('abq');
    expect(await sim.getByLabel('Bound (packets)').inputValue()).toBe('1000000');
    // 1,000,000 × (2,048 + 4) bytes, against 128 MiB: the largest bound that fits is 65,408.
    expect(await sim.getByRole('note').filter({ hasText: 'Full, this queue' }).innerText()).toMatch(/holds 1,956\.9 MiB: more than the 128 MiB budget.*The largest bound that fits is 65,408 packets/);
    await sim.getByRole('button', { name: /^Start/ }).click();
    const status = sim.locator('.overload-status');
    await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 500 }).not.toMatch(/^(Running|$)/);
    expect(await status.innerText()).toMatch(/^Out of memory at 1\.[23]\d s: [\d,]+ packets queued and the queue’s array hold 128\.\d MiB/);
    expect(errors).toEqual([]);
  });

  it('refuses a bad rate at its box and keeps the last run', async () => {
    const { page } = await browser.open('lessons/bounded-queues');
    const sim = (await sims(page)).last();
    await sim.getByLabel('Packets arriving per second').fill('lots');
    await expect.poll(() => sim.getByRole('alert').innerText()).toContain('Packets arriving per second: "lots" is not a whole number');
    expect(await sim.getByRole('button', { name: /^Start/ }).isDisabled()).toBe(true);
  });
});
