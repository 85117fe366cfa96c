// The request-timeouts lesson, as a class would run it: the purgatory simulation and the timer
// benchmark, both quick, with verdicts computed from what they measured.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { consistentVerdicts } from './verdicts';
import { QUICK_RUN_TEST_MS, expectHeadline, finishedRun } from './suiteRun';

const browser = useBrowser();

describe('the request-timeouts lesson', () => {
  it('runs the quick purgatory sweep in a Worker and computes its verdicts', async () => {
    const { page, errors } = await browser.open('lessons/request-timeouts');
    const sim = page.locator('.purgatory-sim');
    await sim.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => sim.getByRole('status').first().innerText(), { timeout: 170_000, interval: 500 }).toMatch(/Finished in [\d.]+ s: \d+ points measured/);
    const verdicts = await consistentVerdicts(sim.locator('.verdicts'), 3);
    expect(verdicts[0]).toMatch(/^(Reproduced: with half the requests timing out, the old purgatory saturates at [\d.]+k\/s \(|Not reproduced: |Inconclusive: |Not measured: )/);
    // The numbers in the sentences are the table's: the old design's high-timeout cost passes 1.
    const costs = await sim.locator('.pg-table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(costs.some((r) => parseFloat(r[2] ?? '') > 1)).toBe(true);
    // Each cost shows its interval over the seeded runs.
    expect(costs.flat().filter((c) => c !== '—').every((c) => /^[\d.]+ \([\d.]+–[\d.]+\)\*?$/.test(c ?? ''))).toBe(true);
    await expect.poll(() => sim.getByRole('note').innerText()).toMatch(/the old design holds [\d,]+ requests in its delay queue, [\d,]+ of them already completed/);
    console.log(`[timeouts e2e] quick purgatory sweep:\n${verdicts.join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('runs the quick timer benchmark and sets the JVM originals beside it', { timeout: QUICK_RUN_TEST_MS }, async () => {
    const { page, errors } = await browser.open('embed/bench?suite=timer-add-cancel&preset=quick');
    const panel = page.locator('.bench-panel');
    await panel.getByRole('button', { name: 'Run' }).click();
    const run = await finishedRun(panel, 'TimerAddCancelBenchmark', 9);
    const verdicts = await consistentVerdicts(panel.locator('.verdicts'), 4);
    expectHeadline(run, verdicts[0], /^(Holds|Does not hold|Inconclusive): .*100,000 timers.*[\d,.]+× \(95 % interval [\d,.]+×–[\d,.]+×\)/);
    console.log(`[timeouts e2e] timer-add-cancel quick, ${run.rows.length} of 9 rows run:\n${run.rows.join('\n')}\n${verdicts.join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('lists the lesson on the home page and its exercises work', async () => {
    const { page, errors } = await browser.open('');
    await page.getByRole('link', { name: 'Request timeouts at scale' }).first().click();
    const ex = page.locator('.exercises');
    await ex.waitFor();
    expect(await ex.locator('article.exercise').count()).toBeGreaterThanOrEqual(8);
    expect(await ex.getByRole('heading', { name: /Which level takes it\?/ }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('draws the delay queue in its own words, and names an area only while a bucket is in it', async () => {
    // Not the heap lesson's "hand" and "out". Of add 1 5, advance 5: step 4 offers the bucket (in
    // hand), step 3 has nothing in hand or out, step 8 polls it (leaving).
    const areas = async (step: number) => {
      const { page, errors } = await browser.open(`embed/wheel?variant=wheel&ops=${encodeURIComponent('add 1 5, advance 5')}&step=${step}`);
      await page.locator('.wheel-view .heap-tree').first().waitFor();
      expect(errors).toEqual([]);
      return page.locator('.wheel-view .heap-tree .area-label').allTextContents();
    };
    expect(await areas(4)).toEqual(['being placed']);
    expect(await areas(8)).toEqual(['leaving']);
    expect(await areas(3)).toEqual([]);
  });
});
