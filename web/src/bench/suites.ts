// Benchmark suites: which rows to run, which wasm kernel each row times, the published figures
// to set beside ours, how to compare, and how to chart. A suite is defined beside its structure
// and registered by the catalog; nothing here knows a suite.
import type { Kernel } from './fork';
import type { Summary } from './stats';
import type { Claim, Interval, VerdictState } from './ratio';
import { lookup } from '../util/lookup';

/** One row's outcome in a run: its samples from every fork, or why it has none. */
export interface RowResult {
  row: Row;
  status: 'ok' | 'failed' | 'skipped';
  message?: string;
  /** Measurement-iteration scores (ops/s) from every fork: Cnt = forks × iterations. */
  samples: number[];
  summary?: Summary;
  batch?: number;
  singleShot?: boolean;
  /**
   * The rows measured with this one, iteration by iteration, share this key (the suite's
   * `interleave`): their samples at the same index were taken next to each other.
   */
  group?: string;
}

/** What a run of a suite produced (bench/runner.ts runs one). */
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

/** A row's kernel: its suite's, built by the wasm's one Kernel class from these parameters (crates/core's kernel.rs). */
export interface KernelSpec {
  suite: string;
  params: Record<string, string | number | boolean>;
}

/** The parameters as the kernel table reads them: `heap=jdk,num=100,reverse=true`. */
export const kernelParams = (spec: KernelSpec) => Object.entries(spec.params).map(([k, v]) => `${k}=${v}`).join(',');

/** The wasm exports a fork can build kernels from (the real module, or a test double). */
export type KernelFactory = Record<string, unknown>;

export interface Row {
  id: string;
  benchmark: string;
  params: Record<string, string | number>;
  kernel: KernelSpec;
  /** The most invocations prepared at once (bounded by memory). */
  maxBatch: number;
}

export interface Published {
  benchmark: string;
  params: Record<string, string | number>;
  score: number;
  error: number;
}

export interface Comparison {
  /** Stable, for JSON and tests: "reverse-100000". */
  id: string;
  title: string;
  /** What the source says, with its source named. */
  published: string;
  /** The estimate and its interval, in words. */
  measured: string;
  verdict: VerdictState;
  /** The verdict's words, as its sentence opens: "Reproduced", "Inconclusive", "Not judged". */
  state: string;
  /** What it says after its state, advice left out. */
  says: string;
  /** What would settle an inconclusive verdict, when something would. */
  settle?: string;
  /** The settling advice is the benchmarks' presets', which `forPreset` words for the run judged. */
  presetAdvice?: boolean;
  /** `state: says settle`, as one sentence (made by `worded`, never edited). */
  sentence: string;
  /** The interval the verdict was judged on (a ratio, or an exponent for growth claims). */
  ratio?: Interval;
  /** The claim the interval is judged against: "≥ 100×", "0.8×–1.25×". */
  threshold?: string;
  claim?: Claim;
  /** For a claim that must hold at every point: each point's interval and state. */
  points?: { label: string; interval: Interval; verdict: VerdictState }[];
  /** The rows compared (row ids). */
  rows: string[];
  /** The comparison this one explains, judged only if that one reproduced. */
  premise?: string;
}

/** A table a suite adds under its results (e.g. a ratio per row). */
export interface ExtraTable {
  caption: string;
  head: string[];
  rows: string[][];
}

export interface ChartSeries {
  key: string;
  label: string;
  /** CSS class that colours the line. */
  className: string;
  /** Which rows belong to it. */
  benchmark: string;
  params: Record<string, string | number>;
}

export interface Suite {
  name: string;
  title: string;
  /** The class name in the JMH table, after the original. */
  className: string;
  source: string;
  /** What the original timed that the lab does not (or the reverse), in one sentence. */
  caveat: string;
  paramNames: string[];
  rows: Row[];
  published: Published[];
  /** Verdicts, each computed from the data. */
  compare(run: SuiteRun): Comparison[];
  /**
   * Rows that verdicts compare share a key: the runner measures them together, alternating their
   * iterations, so their ratio is taken from pairs measured side by side.
   */
  interleave?(row: Row): string;
  /** Tables beside the verdicts (and in the CLI's output). */
  extras?(run: SuiteRun): ExtraTable[];
  /** Ops/s against `chart.x`, log-log, one line per series (plus its published figures). */
  /**
   * `publishedLabel` names the comparison figures in the chart's options; `publishedTag` follows a
   * design's name in the legend ("…, published"): only figures someone published are called that,
   * and the JVM originals run here say so.
   */
  chart: { x: string; xLabel: string; series: ChartSeries[]; publishedLabel: string; publishedTag: string };
  /** The JVM originals with the same op (`npm run bench -- <suite> --jvm`). */
  jvm?: JvmSpec;
}

/**
 * What a suite times: its rows (each with its kernel and parameters) and which of them are
 * measured side by side. A committed run's kernel digest covers the file that defines it
 * (web/scripts/kernel-digest.mjs), so the digest moves only when what is timed does.
 */
export type SuiteTimed = Pick<Suite, 'name' | 'paramNames' | 'rows' | 'interleave'>;
/** How a run of a suite is reported: published figures, verdicts, tables, chart, the JVM's run. Rewording it leaves a committed run current. */
export type SuiteReport = Omit<Suite, keyof SuiteTimed>;

/** One JMH run of a project under jvm/ (see jvm/README.md). */
export interface JvmRun {
  /** The Maven project, from the repository root, and the jar it builds there. */
  project: string;
  jar: string;
  /** Maven properties for this jar (`-Dnetty.version=4.0.20.Final`). */
  build?: string[];
  /** The benchmarks to run, as JMH takes them (a regex). */
  include: string;
  jvmArgs?: string[];
  /** The lab's benchmark name for these results, where the JVM method's differs. */
  benchmark?: string;
  /** Row parameters these results stand for that JMH does not have (a design that is a jar, not a parameter). */
  params?: Record<string, string | number>;
}

export interface JvmSpec {
  /** What runs, in a few words: "java.util.PriorityQueue and Netty 4.1.140's DefaultPriorityQueue". */
  what: string;
  runs: JvmRun[];
}

/** A JMH result (its JSON output, trimmed to what the lab reads). */
export interface JmhResult {
  benchmark: string;
  params?: Record<string, string>;
  primaryMetric: { score: number; scoreError: number; scoreUnit: string; rawData?: number[][] };
}

/** The lab row a JMH result measures: same method (or the run's name for it), same parameters. */
export function rowOfJmh(suite: Pick<Suite, 'rows'>, run: Pick<JvmRun, 'benchmark' | 'params'>, r: JmhResult): Row | undefined {
  const method = run.benchmark ?? r.benchmark.slice(r.benchmark.lastIndexOf('.') + 1);
  const want: Record<string, string | number> = { ...(r.params ?? {}), ...(run.params ?? {}) };
  const same = (a: string | number | undefined, b: string | number) =>
    a !== undefined && (String(a) === String(b) || (Number.isFinite(Number(a)) && Number(a) === Number(b)));
  return suite.rows.find((row) => row.benchmark === method && Object.entries(want).every(([k, v]) => same(row.params[k], v)));
}

/** Builds a row's kernel from a wasm module (a fork's own instance). */
export function buildKernel(wasm: KernelFactory, spec: KernelSpec): Kernel & { free(): void } {
  const Ctor = lookup(wasm as Record<string, unknown>, 'Kernel');
  if (typeof Ctor !== 'function') throw new Error('the wasm module has no Kernel class');
  return new (Ctor as new (suite: string, params: string) => Kernel & { free(): void })(spec.suite, kernelParams(spec));
}

export interface Preset {
  forks: number;
  warmupIterations: number;
  measurementIterations: number;
  iterationMs: number;
  /** The whole suite stops (keeping what it measured) when this is spent. */
  budgetMs: number;
}

export const PRESETS: Record<'quick' | 'full', Preset> = {
  /** A whole suite within its budget (two minutes), so a class can run it live, with enough pairs for an interval. */
  quick: { forks: 1, warmupIterations: 1, measurementIterations: 16, iterationMs: 75, budgetMs: 120_000 },
  /** Closer to JMH's defaults (Netty ran 2 forks × 10 iterations of 1 s after 10 warmups). */
  full: { forks: 2, warmupIterations: 5, measurementIterations: 10, iterationMs: 1000, budgetMs: 20 * 60_000 },
};
