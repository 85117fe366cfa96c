// One fork of a benchmark, as JMH runs it: calibrate a batch size from the timer's resolution,
// then warmup and measurement iterations. Environment-agnostic: the browser Worker and the Node
// worker thread both call `runFork` with a kernel from wasm and `performance.now`.

/** What a suite's benchmark looks like to the harness: one call prepares, one call runs. */
export interface Kernel {
  /** Prepares `k` invocations, untimed (JMH's @Setup(Level.Invocation)). */
  prepare(k: number): void;
  /** Runs the prepared invocations; returns a checksum the harness keeps. */
  run(): number;
}

export interface Clock {
  now(): number; // milliseconds
}

export interface ForkSettings {
  warmupIterations: number;
  measurementIterations: number;
  iterationMs: number;
  /** The most invocations prepared at once (memory). */
  maxBatch: number;
}

export interface IterationResult {
  phase: 'warmup' | 'measurement';
  index: number;
  ops: number;
  timedMs: number;
  /** Operations per second over the timed part of the iteration. */
  score: number;
  batch: number;
  /** One invocation was longer than an iteration, so the iteration is that one invocation. */
  singleShot: boolean;
}

/** The smallest step `clock` can show: 100 µs in an ordinary page, 5 µs when isolated. */
export function measureResolution(clock: Clock, samples = 40): number {
  let best = Infinity;
  for (let i = 0; i < samples; i++) {
    const a = clock.now();
    let b = clock.now();
    while (b === a) b = clock.now();
    best = Math.min(best, b - a);
  }
  return best;
}

/**
 * A batch must last 100 timer ticks, so one tick is under 1% of it; and at least 0.2 ms. No
 * longer than that: a batch's invocations are prepared before it runs, and JMH prepares each
 * right before its op, so the longer the batch, the colder the state an op starts from.
 */
export const MIN_BATCH_MS = 0.2;

export function targetBatchMs(resolutionMs: number): number {
  return Math.max(100 * resolutionMs, MIN_BATCH_MS);
}

/**
 * Grows the batch until one batch takes `targetMs`; returns the batch and ms per invocation. One
 * invocation runs first, untimed: a first call can cost far more than the next (the engine
 * compiling the function lazily, a structure's first growth, wasm memory growing), and timed it
 * would settle on a batch of one whose timing is mostly the clock's.
 */
export function calibrate(kernel: Kernel, clock: Clock, targetMs: number, maxBatch: number): { batch: number; opMs: number } {
  kernel.prepare(1);
  kernel.run();
  let k = 1;
  for (;;) {
    kernel.prepare(k);
    const t0 = clock.now();
    kernel.run();
    const t = clock.now() - t0;
    if (t >= targetMs || k >= maxBatch) return { batch: k, opMs: t / k };
    const grow = t > 0 ? Math.ceil((k * targetMs * 1.25) / t) : k * 8;
    k = Math.min(maxBatch, Math.max(k * 2, grow));
  }
}

export function runIteration(
  kernel: Kernel, clock: Clock, batch: number, iterationMs: number,
  phase: IterationResult['phase'], index: number, sink: (checksum: number) => void,
): IterationResult {
  let ops = 0;
  let timed = 0;
  const wallStart = clock.now();
  do {
    kernel.prepare(batch);
    const t0 = clock.now();
    const checksum = kernel.run();
    timed += clock.now() - t0;
    ops += batch;
    sink(checksum);
    // Setup is untimed but not free: stop a setup-heavy iteration at three times its length.
  } while (timed < iterationMs && clock.now() - wallStart < 3 * iterationMs);
  return {
    phase, index, ops, timedMs: timed, score: ops / (timed / 1000), batch,
    singleShot: batch === 1 && ops === 1,
  };
}

export interface ForkResult {
  iterations: IterationResult[];
  resolutionMs: number;
  batch: number;
  checksum: number;
}

/** Extra warmup iterations a fork may add while its score is still climbing. */
export const MAX_EXTRA_WARMUP = 6;

/**
 * Whether to warm up once more after the `configured` iterations: while the last warmup scored over
 * 5 % more than the one before (a browser's wasm compiler swaps in optimized code some time after
 * a module loads, and on a busy machine that can outlast a short preset's warmup). The first
 * extra iteration is always run when only one was configured, to have two to compare.
 */
export function stillWarming(done: readonly IterationResult[], i: number, configured: number): boolean {
  const warm = done.filter((r) => r.phase === 'warmup');
  if (i < configured || i >= configured + MAX_EXTRA_WARMUP || warm.length === 0) return false;
  if (warm.length === 1) return true;
  const [prev, last] = warm.slice(-2);
  return last.score > prev.score * 1.05;
}

/**
 * A fork that runs one iteration at a time on request, so the runner can interleave the rows a
 * verdict compares (A, B, B, A, …) and load that drifts over the run hits them alike. Opening it
 * calibrates and warms up; each `measure` is one measurement iteration.
 */
export interface OpenFork {
  resolutionMs: number;
  batch: number;
  measure(index: number): IterationResult;
  result(): ForkResult;
}

export function openFork(
  kernel: Kernel, clock: Clock, s: ForkSettings, onIteration: (r: IterationResult) => void = () => {},
): OpenFork {
  const resolutionMs = measureResolution(clock);
  const { batch } = calibrate(kernel, clock, targetBatchMs(resolutionMs), s.maxBatch);
  let checksum = 0;
  const sink = (c: number) => {
    checksum = (checksum + c) % 1e15;
  };
  const iterations: IterationResult[] = [];
  for (let i = 0; i < s.warmupIterations || stillWarming(iterations, i, s.warmupIterations); i++) {
    const r = runIteration(kernel, clock, batch, s.iterationMs, 'warmup', i, sink);
    iterations.push(r);
    onIteration(r);
  }
  return {
    resolutionMs,
    batch,
    measure(index) {
      const r = runIteration(kernel, clock, batch, s.iterationMs, 'measurement', index, sink);
      iterations.push(r);
      onIteration(r);
      return r;
    },
    result: () => ({ iterations, resolutionMs, batch, checksum }),
  };
}

/** A whole fork on its own: warmup, then every measurement iteration in a row. */
export function runFork(
  kernel: Kernel, clock: Clock, s: ForkSettings, onIteration: (r: IterationResult) => void = () => {},
): ForkResult {
  const fork = openFork(kernel, clock, s, onIteration);
  for (let i = 0; i < s.measurementIterations; i++) fork.measure(i);
  return fork.result();
}
