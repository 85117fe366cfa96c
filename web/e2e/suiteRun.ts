// What a quick benchmark run must show on any machine. The runner starts no row once its preset's
// time budget is spent (two minutes for quick) and lists the rest as skipped, so on a busy machine
// a suite runs fewer rows than on a quiet one: how many is the machine's business. A test asks
// that the rows the run says it measured are the rows the table shows, that every other row is
// listed as skipped (none failed), and that the status says the budget ran out exactly when some
// were skipped.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { PRESETS } from '../src/bench/suites';

/**
 * How long a quick run may take before the test calls it hung: its budget, then the last group of
 * rows it started just before the budget ran out (the runner checks between groups), with room for
 * a busy machine. A bound on a hang, not a measurement.
 */
export const QUICK_RUN_BOUND_MS = PRESETS.quick.budgetMs + 90_000;

/** A test that runs one quick suite: the run's bound, and a minute for opening the page and reading it. */
export const QUICK_RUN_TEST_MS = QUICK_RUN_BOUND_MS + 60_000;

export interface FinishedRun {
  /** The JMH table as the page shows it. */
  table: string;
  /** The table's measured rows (`Class.benchmark …`), in suite order. */
  rows: string[];
  /** Rows the budget left unmeasured. */
  skipped: number;
}

/** Waits for the quick run in `panel` (`.bench-panel`) of `className`'s `total` rows to finish, and checks what it says it ran. */
export async function finishedRun(panel: Locator, className: string, total: number): Promise<FinishedRun> {
  const progress = panel.locator('.bench-progress');
  await expect.poll(() => progress.innerText(), { timeout: QUICK_RUN_BOUND_MS, interval: 1000 }).toMatch(/^(Finished|Cancelled) in/);
  const status = await progress.innerText();
  const said = /^Finished in [\d.]+ s: (\d+) rows measured/.exec(status);
  expect(said, status).not.toBeNull();
  const table = await panel.locator('.jmh-table').innerText();
  const lines = table.trim().split('\n');
  const rows = lines.filter((l) => l.startsWith(`${className}.`));
  const skipped = lines.filter((l) => l.startsWith(`SKIPPED: ${className}.`)).length;
  expect(lines.filter((l) => /^(FAILED|CANCELLED)\b/.test(l)), table).toEqual([]);
  expect(rows.length, status).toBe(Number(said![1]));
  // The budget is checked before each group, never before the first: a run measures something.
  expect(rows.length, table).toBeGreaterThan(0);
  expect(rows.length + skipped, table).toBe(total);
  expect(status.includes('the rest skipped when the time budget ran out'), status).toBe(skipped > 0);
  return { table, rows, skipped };
}

/**
 * A suite's headline verdict: judged as `judged` says, or, only when the budget skipped rows (one
 * it needs among them, perhaps), not measured.
 */
export function expectHeadline(run: FinishedRun, verdict: string, judged: RegExp): void {
  if (run.skipped > 0 && verdict.startsWith('Not measured: ')) return;
  expect(verdict).toMatch(judged);
}
