import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { consistentVerdicts } from './verdicts';
import { QUICK_RUN_TEST_MS, expectHeadline, finishedRun } from './suiteRun';

const browser = useBrowser();

describe('the benchmark panel', () => {
  it('runs the quick heap-cancel suite in Workers, prints a JMH table of the rows it ran and computed verdicts', { timeout: QUICK_RUN_TEST_MS }, async () => {
    const { page, errors } = await browser.open('embed/bench?suite=heap-cancel&preset=quick');
    const panel = page.locator('.bench-panel');
    // Input latency while the suite runs: keystrokes into a field on the page, event to handler.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'latency-probe';
      document.body.append(input);
      (window as unknown as { delays: number[] }).delays = [];
      input.addEventListener('keydown', (e) => (window as unknown as { delays: number[] }).delays.push(performance.now() - e.timeStamp));
    });
    const started = Date.now();
    await panel.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => panel.locator('.bench-progress').innerText()).toContain('Row');
    for (let i = 0; i < 20; i++) {
      await page.locator('#latency-probe').press('a');
      await page.waitForTimeout(250);
    }
    const run = await finishedRun(panel, 'ScheduledFutureTaskBenchmark', 16);
    const seconds = (Date.now() - started) / 1000;
    const { table, rows } = run;
    expect(table.split('\n')[0]).toMatch(/^Benchmark\s+\(heap\)\s+\(num\)\s+Mode\s+Cnt\s+Score\s+Error\s+Units$/);
    for (const row of rows) {
      const score = Number(row.split(/\s+/)[5]);
      expect(Number.isFinite(score) && score > 0, row).toBe(true);
    }
    // Each verdict names its state, the one its interval gives (which one depends on the machine's
    // load, so none is required); the headline is the paper's claim, at 100,000 in reverse.
    const verdicts = await consistentVerdicts(panel.locator('.verdicts'), 5);
    expectHeadline(run, verdicts[0], /^(Reproduced|Not reproduced|Inconclusive): .*reverse at 100,000.*[\d,.]+× \(95 % interval [\d,.]+×–[\d,.]+×\)/);
    // The JVM originals' committed scores, labelled as not live, beside this run's wasm rows.
    const jvm = panel.getByRole('table', { name: 'the JVM originals', exact: true });
    expect(await jvm.locator('caption').innerText()).toMatch(/not live/);
    const jvmRows = await jvm.locator('tbody tr').allInnerTexts();
    expect(jvmRows).toHaveLength(16);
    // The ratio next to the row's name (what the prose reads first), then the JVM's score and the
    // wasm's; a row the budget skipped has neither ratio nor wasm score.
    const withWasm = jvmRows.filter((r) => /\t[\d.]+×\t[\d,.]+ ± [\d,.]+( noisy)?\t[\d,.]+$/.test(r));
    const without = jvmRows.filter((r) => /\t—\t[\d,.]+ ± [\d,.]+( noisy)?\t—$/.test(r));
    expect([withWasm.length, without.length], jvmRows.join('\n')).toEqual([rows.length, 16 - rows.length]);
    console.log(`[bench e2e] wasm in Chromium beside the JVM:\n${jvmRows.join('\n')}`);
    const delays = await page.evaluate(() => (window as unknown as { delays: number[] }).delays);
    delays.sort((a, b) => a - b);
    console.log(`[bench e2e] quick suite took ${seconds.toFixed(1)} s, ${rows.length} of 16 rows run; input delay during the run: median ` +
      `${delays[Math.floor(delays.length / 2)].toFixed(1)} ms, max ${delays[delays.length - 1].toFixed(1)} ms\n${table}\n${verdicts.join('\n')}`);
    expect(await panel.locator('.bench-env').innerText()).toMatch(/cross-origin isolated · timer resolution/);
    expect(errors).toEqual([]);
  });

  it('refuses a malformed link with a clear message', async () => {
    const { page } = await browser.open('embed/bench?suite=sorting');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('suite=sorting is not a suite; expected heap-cancel');
  });
});
