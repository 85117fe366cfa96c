import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteUrl, useBrowser } from './browser';

const browser = useBrowser();

describe('the exercises, as a student does them', () => {
  it('answer, get feedback, follow the replay link, and export the progress', async () => {
    // The teacher opens the answer key for the class's seed…
    const { page: teacher } = await browser.open('lessons/cancelling-timers?seed=e2e-class&teacher=1');
    const key = teacher.getByRole('table', { name: /Answer key for set e2e-class/ });
    await key.waitFor();
    const answers = await key.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.children[2].textContent ?? ''));
    expect(answers).toHaveLength(8);

    // …and a student opens the same set.
    const { page, errors } = await browser.open('lessons/cancelling-timers?seed=e2e-class');
    const ex = page.locator('.exercises');
    await ex.waitFor();
    expect(await ex.getByRole('table', { name: /Answer key/ }).count()).toBe(0);
    await ex.getByLabel('Your name (for the export)').fill('Ada');

    // 1. A compute question: wrong first, then right.
    const first = ex.locator('article.exercise').nth(0);
    const right = Number(answers[0]);
    await first.getByLabel('Your answer').fill(String(right + 1));
    await first.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => first.locator('.feedback').innerText()).toContain(`Not quite. You answered ${right + 1}; the answer is ${right}.`);
    await first.getByLabel('Your answer').fill(String(right));
    await first.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => first.locator('.feedback').innerText()).toContain('Correct.');
    expect(await first.locator('.feedback').innerText()).toContain('attempts: 2');

    // The replay link opens the player on the same script, just before the operation asked about.
    const href = await first.getByRole('link', { name: 'Replay these steps in the player' }).getAttribute('href');
    const url = new URL(href!);
    expect(url.pathname).toMatch(/\/embed\/heap$/);
    expect(url.searchParams.get('ops')).toMatch(/remove \d+$/);
    await page.goto(href!);
    await expect.poll(() => page.locator('.narration').innerText()).toMatch(/Place \d+ in \[\d+\]/);
    await page.goBack();
    await ex.waitFor();

    // 2. A trace question: click the cells in the scan's order.
    const trace = ex.locator('article.exercise').nth(1);
    const order = answers[1].split(' ').map((s) => Number(s.slice(1, -1)));
    for (const slot of order) await trace.getByRole('button', { name: new RegExp(`^slot ${slot}, deadline`) }).click();
    await trace.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => trace.locator('.feedback').innerText()).toContain('Correct.');

    // 3. A predict question, answered with a choice.
    const predict = ex.locator('article.exercise').nth(5);
    await predict.getByRole('radio', { name: answers[5] }).check();
    await predict.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => predict.locator('.feedback').innerText()).toContain('The real heap made');
    expect(await ex.getByRole('status').first().innerText()).toBe('3 of 8 solved');

    // Progress survives a reload and exports for the teacher.
    await page.reload();
    await expect.poll(() => page.locator('.exercises .score').innerText()).toBe('3 of 8 solved');
    const download = page.waitForEvent('download');
    await page.locator('.exercises').getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer');
    expect(csv[1]).toMatch(/^Ada,cancelling-timers,e2e-class,equals-count,compute,2,true,false,0,/);
    expect(csv).toHaveLength(9);
    expect(errors).toEqual([]);
    expect(siteUrl()).toContain('/hotpath-e2e/');
  });
});
