import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';

const browser = useBrowser();

const feedback = (ex: Locator) => ex.locator('.feedback').innerText();

describe('the exercises, as a student does them', () => {
  it('answer, get a hint before the answer, follow the replay link, and export the progress', async () => {
    // The teacher opens the answer key for the class's seed…
    const { page: teacher } = await browser.open('lessons/cancelling-timers?seed=e2e-class&teacher=1');
    const key = teacher.getByRole('table', { name: /Answer key for set e2e-class/ });
    await key.waitFor();
    // As the key writes them: a number grouped by thousands (5,050), as its choice is labelled.
    const answers = await key.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.children[2].textContent ?? ''));
    expect(answers).toHaveLength(11);

    // …and a student opens the same set.
    const { page, errors } = await browser.open('lessons/cancelling-timers?seed=e2e-class');
    const ex = page.locator('.exercises');
    await ex.waitFor();
    expect(await ex.getByRole('table', { name: /Answer key/ }).count()).toBe(0);
    await ex.getByLabel('Your name (for the export)').fill('Ada');

    // 1. A compute question: a first wrong answer gets a hint, not the answer; a second shows it.
    const first = ex.locator('article.exercise').nth(0);
    const right = Number(answers[0].replace(/,/g, '')); // typed as digits only
    await first.getByLabel('Your answer').fill(String(right + 1));
    await first.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => feedback(first)).toContain(`Not quite. You answered ${right + 1}. Hint: remove(Object) looks at slot [0]`);
    expect(await feedback(first)).toContain('the answer is shown after one more wrong answer, or when you press Show answer');
    expect(await feedback(first)).not.toMatch(/answer is \d|equals\(\) on slots/);
    await first.getByLabel('Your answer').fill(String(right + 2));
    await first.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => feedback(first)).toContain(`Not quite. You answered ${right + 2}; the answer is ${right}.`);
    expect(await first.getByRole('button', { name: 'Show answer' }).count()).toBe(0);
    await first.getByLabel('Your answer').fill(String(right));
    await first.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => feedback(first)).toContain('Correct.');
    expect(await feedback(first)).toContain('(Solved after the answer was shown.)');
    expect(await feedback(first)).toContain('attempts: 3');

    // The replay link opens the player on the same script, just before the operation asked about.
    const href = await first.getByRole('link', { name: 'Replay these steps in the player' }).getAttribute('href');
    const url = new URL(href!);
    expect(url.pathname).toMatch(/\/embed\/heap$/);
    expect(url.searchParams.get('ops')).toMatch(/remove \d+$/);
    await page.goto(href!);
    await expect.poll(() => page.locator('.narration').innerText()).toMatch(/Place \d+ in \[\d+\]/);
    await page.goBack();
    await ex.waitFor();

    // 2. A trace question: click the cells in the scan's order. The key names the deadlines the
    // cells hold; the click order is marked with ordinals, never with bare numbers.
    const trace = ex.locator('article.exercise').nth(1);
    const order = answers[1].split(' → ');
    const cells = trace.getByRole('group', { name: 'array cells, in index order' });
    // (A screen reader's name for a cell is its place and value: "slot 3, deadline 40".)
    for (const d of order) await cells.getByRole('button', { name: new RegExp(`^slot \\d+ ?, deadline ${d}$`) }).click();
    expect(await cells.locator('.order').allInnerTexts()).toEqual(order.map((_, k) => `${k + 1}${['st', 'nd', 'rd'][k] ?? 'th'}`));
    expect(await trace.locator('.hint').first().innerText()).toContain(`Your order: ${answers[1]}`);
    await trace.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => feedback(trace)).toContain('Correct.');

    // 3. A predict question, answered with a choice.
    const predict = ex.locator('article.exercise').nth(5);
    await predict.getByRole('radio', { name: answers[5] }).check();
    await predict.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => feedback(predict)).toContain('The real heap made');
    expect(await ex.getByRole('status').first().innerText()).toBe('3 of 11 solved');

    // 4. Show answer, asked for before any try: the answer and why; the export records it.
    const asked = ex.locator('article.exercise').nth(6);
    await asked.getByRole('button', { name: 'Show answer' }).click();
    await expect.poll(() => feedback(asked)).toContain(`The answer is ${answers[6]}.`);

    // 5. Work not yet checked, of every kind: a typed number, a choice, clicks.
    await ex.locator('article.exercise').nth(2).getByLabel('Your answer').fill('77');
    await ex.locator('article.exercise').nth(7).getByRole('radio').nth(1).check();
    const scan = ex.locator('article.exercise').nth(1);
    await scan.getByRole('button', { name: 'Clear' }).click();
    await scan.getByRole('group').getByRole('button').nth(2).click();
    await scan.getByRole('group').getByRole('button').nth(0).click();

    // Progress and unchecked work survive a reload, and the progress exports for the teacher.
    await page.reload();
    await expect.poll(() => page.locator('.exercises .score').innerText()).toBe('3 of 11 solved');
    expect(await ex.locator('article.exercise').nth(2).getByLabel('Your answer').inputValue()).toBe('77');
    expect(await ex.locator('article.exercise').nth(7).getByRole('radio').nth(1).isChecked()).toBe(true);
    expect(await scan.getByRole('group').getByRole('button', { pressed: true }).count()).toBe(2);
    expect(await scan.locator('.order').allInnerTexts()).toEqual(['2nd', '1st']);
    expect(await ex.locator('article.exercise').nth(0).getByLabel('Your answer').inputValue()).toBe(String(right));
    const download = page.waitForEvent('download');
    await page.locator('.exercises').getByRole('button', { name: 'Export CSV' }).click();
    const csvPath = await (await download).path();
    const csv = readFileSync(csvPath, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer,answer_shown,answer_asked');
    expect(csv[1]).toMatch(/^Ada,cancelling-timers,e2e-class,equals-count,compute,3,true,false,0,\d+,true,false$/);
    expect(csv[7]).toMatch(/^Ada,cancelling-timers,e2e-class,predict-indexed,predict,0,false,false,0,,true,true$/);
    expect(csv).toHaveLength(12);
    expect(errors).toEqual([]);
    expect(siteUrl()).toContain('/hotpath-e2e/');

    // The teacher drops it beside a gradebook exported before answers could be shown.
    const old = csv.map((l) => l.replace(/,answer_shown,answer_asked$|,(true|false),(true|false)$/, '').replace(/^Ada,/, 'Bo,')).join('\n');
    expect(old.split('\n')[0]).toBe('student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer');
    await teacher.goto(siteUrl() + 'teacher');
    await teacher.locator('input[type=file]').setInputFiles([
      { name: 'ada.csv', mimeType: 'text/csv', buffer: readFileSync(csvPath) },
      { name: 'bo.csv', mimeType: 'text/csv', buffer: Buffer.from(old) },
    ]);
    const table = teacher.getByRole('table', { name: 'class results' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Ada\t3 of 11\t✓ in 3, answer shown after 2 wrong\t✓ first try\t/);
    expect(rows[0]).toContain('— (answer asked for)');
    expect(rows[1]).toMatch(/^Bo\t3 of 11\t✓ in 3\t✓ first try\t/);
    expect(await teacher.getByRole('list', { name: 'hardest exercises' }).innerText()).toContain('1 shown the answer before solving it');
  });
});

describe('the concept check before and after a lesson', () => {
  it('keeps the answers before, and after the lesson says how many are right, then and now', async () => {
    const { page, errors } = await browser.open('lessons/cancelling-timers');
    const pre = page.getByRole('region', { name: 'Before you start: what do you expect?' });
    await pre.waitFor();
    // Keeping answers takes every question answered: it says so, and keeps nothing.
    await pre.getByRole('button', { name: 'Keep my answers' }).click();
    await expect.poll(() => pre.getByRole('status').innerText()).toMatch(/^Choose an answer to every question first \(4 left\)/);
    // The first choice of each question: some right, some not (the answers are not shown before).
    for (const group of await pre.getByRole('group').all()) await group.getByRole('radio').first().check();
    await pre.getByRole('button', { name: 'Keep my answers' }).click();
    await expect.poll(() => pre.getByRole('status').innerText()).toContain('Kept. You will see which were right after the lesson');
    expect(await pre.getByText(/^(Right|Not quite)/).count()).toBe(0);
    const post = page.getByRole('region', { name: 'After the lesson: the same questions again' });
    const answers = { 'cancel-cost': 'O(n): it searches the array first, then O(log n) to repair', 'reverse-order': 'Earliest deadline first', 'littles-law': '500', 'index-cost': 'A field holding its slot, written on every move' };
    for (const a of Object.values(answers)) await post.getByRole('radio', { name: a, exact: true }).check();
    await post.getByRole('button', { name: 'Keep my answers' }).click();
    // The first choices were right for one question of four (cancel-reverse's "Earliest deadline first").
    await expect.poll(() => post.getByRole('status').innerText()).toBe('4 of 4 right. Before the lesson: 1 of 4.');
    // Kept across a reload.
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'After the lesson: the same questions again' }).getByRole('status').innerText()).toBe('4 of 4 right. Before the lesson: 1 of 4.');
    expect(errors).toEqual([]);
  });
});
