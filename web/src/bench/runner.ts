// Runs a suite the way JMH does: every row (benchmark × parameters) in `forks` fresh forks, each
// with warmup and measurement iterations. Knows nothing of browsers or Node: forks come from a
// `ForkHost`. A failing row is reported and the rest still run; cancelling stops the current
// fork at once and keeps the rows already measured.
import type { ForkResult, ForkSettings, IterationResult } from './fork';
import type { ForkHost } from './protocol';
import { summarize, type Summary } from './stats';
import type { Preset, Row, Suite } from './suites';

export interface RowResult {
  row: Row;
  status: 'ok' | 'failed' | 'skipped';
  message?: string;
  /** Measurement-iteration scores (ops/s) from every fork: Cnt = forks × iterations. */
  samples: number[];
  summary?: Summary;
  batch?: number;
  singleShot?: boolean;
}

export interface Progress {
  row: number;
  rows: number;
  label: string;
  fork: number;
  forks: number;
  iteration?: IterationResult;
  iterationsPerFork: number;
  elapsedMs: number;
  /** Estimated from the forks done so far; undefined until one has finished. */
  remainingMs?: number;
}

export interface SuiteRun {
  suite: string;
  preset: string;
  settings: Preset;
  rows: RowResult[];
  cancelled: boolean;
  /** Rows skipped because the time budget was spent. */
  budgetSpent: boolean;
  resolutionMs?: number;
  startedAt: string;
  durationMs: number;
}

export function rowLabel(suite: Suite, row: Row): string {
  return `${suite.className}.${row.benchmark} (${suite.paramNames.map((p) => row.params[p]).join(', ')})`;
}

function runOneFork(host: ForkHost, row: Row, settings: ForkSettings, signal: AbortSignal | undefined,
  onIteration: (r: IterationResult) => void): Promise<ForkResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('cancelled', 'AbortError'));
    const channel = host.spawn();
    const abort = () => {
      channel.terminate();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    channel.onMessage((m) => {
      if (m.type === 'iteration') {
        onIteration(m.result);
        return;
      }
      signal?.removeEventListener('abort', abort);
      channel.terminate();
      if (m.type === 'done') resolve(m.result);
      else reject(new Error(m.message));
    });
    channel.send({ type: 'run', kernel: row.kernel, settings });
  });
}

export interface RunOptions {
  presetName: string;
  rows?: Row[];
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  onRow?: (r: RowResult, index: number) => void;
  now?: () => number;
}

export async function runSuite(suite: Suite, preset: Preset, host: ForkHost, opts: RunOptions): Promise<SuiteRun> {
  const now = opts.now ?? (() => performance.now());
  const rows = opts.rows ?? suite.rows;
  const start = now();
  const results: RowResult[] = [];
  let cancelled = false;
  let budgetSpent = false;
  let resolutionMs: number | undefined;
  let forksDone = 0;
  const forksTotal = rows.length * preset.forks;
  const iterationsPerFork = preset.warmupIterations + preset.measurementIterations;

  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const label = rowLabel(suite, row);
    if (cancelled) break;
    if (now() - start >= preset.budgetMs) {
      budgetSpent = true;
      results.push({ row, status: 'skipped', message: 'the time budget was spent before this row', samples: [] });
      opts.onRow?.(results[r], r);
      continue;
    }
    const settings: ForkSettings = {
      warmupIterations: preset.warmupIterations,
      measurementIterations: preset.measurementIterations,
      iterationMs: preset.iterationMs,
      maxBatch: row.maxBatch,
    };
    const samples: number[] = [];
    let result: RowResult | undefined;
    let batch: number | undefined;
    let singleShot = false;
    for (let f = 0; f < preset.forks; f++) {
      const progress = (iteration?: IterationResult) => {
        const elapsedMs = now() - start;
        opts.onProgress?.({
          row: r, rows: rows.length, label, fork: f, forks: preset.forks, iteration, iterationsPerFork, elapsedMs,
          remainingMs: forksDone > 0 ? (elapsedMs / forksDone) * (forksTotal - forksDone) : undefined,
        });
      };
      progress();
      try {
        const fork = await runOneFork(host, row, settings, opts.signal, progress);
        resolutionMs ??= fork.resolutionMs;
        batch = fork.batch;
        singleShot ||= fork.iterations.some((i) => i.singleShot);
        samples.push(...fork.iterations.filter((i) => i.phase === 'measurement').map((i) => i.score));
        forksDone++;
      } catch (e) {
        if ((e as Error).name === 'AbortError') {
          cancelled = true;
        } else {
          result = { row, status: 'failed', message: (e as Error).message, samples };
        }
        break;
      }
    }
    if (cancelled && samples.length === 0) break;
    result ??= samples.length
      ? { row, status: 'ok', samples, summary: summarize(samples), batch, singleShot }
      : { row, status: 'failed', message: 'no samples', samples };
    results.push(result);
    opts.onRow?.(result, r);
  }
  return {
    suite: suite.name, preset: opts.presetName, settings: preset, rows: results, cancelled, budgetSpent, resolutionMs,
    startedAt: new Date(Date.now() - (now() - start)).toISOString(), durationMs: now() - start,
  };
}
