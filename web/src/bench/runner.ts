// Runs a suite the way JMH does: every row (benchmark × parameters) in `forks` fresh forks, each
// with warmup and measurement iterations. Rows that a verdict compares are measured together
// (the suite's `interleave`): each has its own fork, and their measurement iterations alternate,
// so the ratio of two rows is taken from pairs measured side by side. Knows nothing of browsers
// or Node: forks come from a `ForkHost`. A failing row is reported and the rest still run;
// cancelling stops the running forks at once and keeps the rows already measured.
import type { ForkResult, ForkSettings, IterationResult } from './fork';
import type { ForkHost, ForkReply, ForkRequest } from './protocol';
import { summarize } from './stats';
import type { Preset, Row, RowResult, Suite, SuiteRun } from './suites';

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

export function rowLabel(suite: Suite, row: Row): string {
  return `${suite.className}.${rowName(suite, row)}`;
}

/** The row without its class, for a table whose header names the class once. */
export function rowName(suite: Suite, row: Row): string {
  return `${row.benchmark} (${suite.paramNames.map((p) => row.params[p]).join(', ')})`;
}

/** A fork opened on a worker: measure one iteration at a time, then close. */
interface Handle {
  ready: { batch: number; resolutionMs: number };
  measure(index: number): Promise<IterationResult>;
  close(): Promise<ForkResult>;
  terminate(): void;
}

function openOne(host: ForkHost, row: Row, settings: ForkSettings, signal: AbortSignal | undefined,
  onIteration: (r: IterationResult) => void): Promise<Handle> {
  const cancelled = () => new DOMException('cancelled', 'AbortError');
  if (signal?.aborted) return Promise.reject(cancelled());
  const channel = host.spawn();
  // Replies come in request order; each request waits for its own.
  let waiting: { resolve: (m: ForkReply) => void; reject: (e: Error) => void; until: ForkReply['type'] } | undefined;
  let failure: Error | undefined;
  const abort = () => {
    channel.terminate();
    failure = cancelled();
    waiting?.reject(failure);
  };
  signal?.addEventListener('abort', abort, { once: true });
  const stop = () => {
    signal?.removeEventListener('abort', abort);
    channel.terminate();
  };
  channel.onMessage((m) => {
    if (m.type === 'iteration') onIteration(m.result);
    if (m.type === 'error') {
      failure = new Error(m.message);
      stop();
      waiting?.reject(failure);
    } else if (waiting && m.type === waiting.until) {
      const w = waiting;
      waiting = undefined;
      w.resolve(m);
    }
  });
  const ask = (req: ForkRequest, until: ForkReply['type']) => new Promise<ForkReply>((resolve, reject) => {
    if (failure) return reject(failure);
    waiting = { resolve, reject, until };
    channel.send(req);
  });
  return ask({ type: 'open', kernel: row.kernel, settings }, 'ready').then((ready) => ({
    ready: ready as { batch: number; resolutionMs: number },
    measure: (index) => ask({ type: 'measure', index }, 'iteration').then((m) => (m as { result: IterationResult }).result),
    close: () => ask({ type: 'close' }, 'done').then((m) => {
      stop();
      return (m as { result: ForkResult }).result;
    }),
    terminate: stop,
  }));
}

/** The rows measured together, in suite order: rows with the same `interleave` key share a group. */
export function interleaveGroups(suite: Pick<Suite, 'interleave'>, rows: readonly Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  rows.forEach((row, i) => {
    const key = suite.interleave ? suite.interleave(row) : `row ${i}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  });
  return [...groups.values()];
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
  const results = new Map<Row, RowResult>();
  let cancelled = false;
  let budgetSpent = false;
  let resolutionMs: number | undefined;
  let forksDone = 0;
  const forksTotal = rows.length * preset.forks;
  const iterationsPerFork = preset.warmupIterations + preset.measurementIterations;
  const settingsOf = (row: Row): ForkSettings => ({
    warmupIterations: preset.warmupIterations, measurementIterations: preset.measurementIterations,
    iterationMs: preset.iterationMs, maxBatch: row.maxBatch,
  });
  const progress = (row: Row, f: number, iteration?: IterationResult) => {
    const elapsedMs = now() - start;
    opts.onProgress?.({
      row: rows.indexOf(row), rows: rows.length, label: rowLabel(suite, row), fork: f, forks: preset.forks, iteration, iterationsPerFork, elapsedMs,
      remainingMs: forksDone > 0 ? (elapsedMs / forksDone) * (forksTotal - forksDone) : undefined,
    });
  };
  const failed = (row: Row, e: unknown) => {
    if ((e as Error).name === 'AbortError') cancelled = true;
    else results.set(row, { ...results.get(row)!, status: 'failed', message: (e as Error).message });
  };

  for (const group of interleaveGroups(suite, rows)) {
    if (cancelled) break;
    if (now() - start >= preset.budgetMs) {
      budgetSpent = true;
      for (const row of group) results.set(row, { row, status: 'skipped', message: 'the time budget was spent before this row', samples: [] });
      continue;
    }
    const key = suite.interleave?.(group[0]);
    for (const row of group) results.set(row, { row, status: 'ok', samples: [], group: group.length > 1 ? key : undefined });
    for (let f = 0; f < preset.forks && !cancelled; f++) {
      // Open every row's fork (each calibrates and warms up), then measure them in turn.
      const open: { row: Row; fork: Handle }[] = [];
      for (const row of group) {
        if (cancelled || results.get(row)!.status !== 'ok') continue;
        progress(row, f);
        try {
          const fork = await openOne(host, row, settingsOf(row), opts.signal, (it) => progress(row, f, it));
          resolutionMs ??= fork.ready.resolutionMs;
          results.get(row)!.batch = fork.ready.batch;
          open.push({ row, fork });
        } catch (e) {
          failed(row, e);
        }
      }
      // A, B, C then C, B, A: a drift in the machine's load falls on every row alike.
      for (let i = 0; i < preset.measurementIterations && !cancelled; i++) {
        for (const { row, fork } of i % 2 === 0 ? open : [...open].reverse()) {
          const r = results.get(row)!;
          if (cancelled || r.status !== 'ok') continue;
          try {
            const it = await fork.measure(i);
            r.samples.push(it.score);
            r.singleShot ||= it.singleShot;
          } catch (e) {
            failed(row, e);
          }
        }
      }
      for (const { row, fork } of open) {
        if (cancelled || results.get(row)!.status !== 'ok') {
          fork.terminate();
          continue;
        }
        try {
          await fork.close();
          forksDone++;
        } catch (e) {
          failed(row, e);
        }
      }
    }
    for (const row of group) {
      const r = results.get(row)!;
      if (cancelled && r.samples.length === 0) {
        results.delete(row);
        continue;
      }
      if (r.status === 'ok') {
        if (r.samples.length) r.summary = summarize(r.samples);
        else Object.assign(r, { status: 'failed', message: 'no samples' });
      }
      opts.onRow?.(r, rows.indexOf(row));
    }
  }
  return {
    suite: suite.name, preset: opts.presetName, settings: preset, rows: rows.filter((r) => results.has(r)).map((r) => results.get(r)!),
    cancelled, budgetSpent, resolutionMs, startedAt: new Date(Date.now() - (now() - start)).toISOString(), durationMs: now() - start,
  };
}
