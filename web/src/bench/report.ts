// What a run produces: the JMH text table and CSV, whatever the suite. Each suite computes its
// own verdicts (see Suite.compare).
import type { RowResult, SuiteRun } from './suites';
import type { Suite } from './suites';
import type { Summary } from './stats';
import type { VerdictState } from './ratio';
import { csvTable } from '../util/csv';

const fixed3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '');

/**
 * A row too noisy to quote: its 99.9 % error is more than half its score, or it has a single
 * sample and so no error at all.
 */
export function isNoisy(s: Pick<Summary, 'mean' | 'error'> | undefined): boolean {
  return !!s && !(s.error <= s.mean / 2);
}

export const NOISY_NOTE = 'noisy: the row\'s 99.9 % error is more than half its score (or it has one sample); do not quote it.';

/** JMH's human-readable table (rows too noisy to quote marked), failed and skipped rows listed after it. */
export function jmhTable(suite: Suite, run: SuiteRun): string {
  const ok = run.rows.filter((r) => r.status === 'ok');
  const header = ['Benchmark', ...suite.paramNames.map((p) => `(${p})`), 'Mode', 'Cnt', 'Score', '', 'Error', 'Units', ''];
  const body = ok.map((r) => [
    `${suite.className}.${r.row.benchmark}`,
    ...suite.paramNames.map((p) => String(r.row.params[p])),
    'thrpt',
    String(r.summary!.n),
    fixed3(r.summary!.mean),
    Number.isFinite(r.summary!.error) ? '±' : '',
    fixed3(r.summary!.error),
    'ops/s',
    isNoisy(r.summary) ? 'noisy' : '',
  ]);
  const all = [header, ...body];
  const widths = header.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  const lines = all.map((row) => row.map((cell, c) => (c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd());
  if (ok.some((r) => isNoisy(r.summary))) lines.push('', NOISY_NOTE);
  for (const r of run.rows.filter((x) => x.status !== 'ok')) {
    lines.push(`${r.status.toUpperCase()}: ${suite.className}.${r.row.benchmark} (${suite.paramNames.map((p) => r.row.params[p]).join(', ')}): ${r.message}`);
  }
  if (run.cancelled) lines.push('CANCELLED: the rows above were measured before the run was stopped.');
  return lines.join('\n');
}

export function toCsv(suite: Suite, run: SuiteRun): string {
  const head = ['benchmark', ...suite.paramNames, 'mode', 'cnt', 'score', 'error', 'units', 'status', 'noisy', 'samples'];
  return csvTable(head, run.rows.map((r) => [
    `${suite.className}.${r.row.benchmark}`, ...suite.paramNames.map((p) => r.row.params[p]), 'thrpt',
    r.summary?.n ?? 0, r.summary?.mean, r.summary && Number.isFinite(r.summary.error) ? r.summary.error : '',
    'ops/s', r.status, isNoisy(r.summary), r.samples,
  ]));
}

/** How the CLI marks each state of a verdict. */
export const VERDICT_MARK: Record<VerdictState, string> = { reproduced: '✓', 'not reproduced': '✗', inconclusive: '?', 'not measured': '·' };

/** 12.3× or 488×. */
export { times } from '../util/format';

/** Rows too noisy to quote (see `isNoisy`). */
export function noisyRows(run: Pick<SuiteRun, 'rows'>): RowResult[] {
  return run.rows.filter((r) => r.status === 'ok' && isNoisy(r.summary));
}

