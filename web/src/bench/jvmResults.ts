// The JVM originals' scores, measured by `npm run bench -- <suite> --jvm-only --save-jvm` on a
// stated machine and committed in jvm/results/: shown beside live rows and quoted by verdicts,
// never as live figures, and every JVM figure on a page comes from here.
import { intervalOf, unpairedLogRatio, type Interval, type LogEstimate } from './ratio';

export interface JvmRow {
  score: number;
  /** JMH's 99.9% half-width. */
  error: number;
  /** Every measurement iteration's score (JMH's rawData, fork after fork). */
  samples?: number[];
}

export interface JvmResults {
  suite: string;
  measured: string;
  java: string;
  machine: string;
  preset: string;
  /** The 1-minute load average before and after the run. */
  load?: number[];
  /** The run's nice value: below 0, it was scheduled ahead of the machine's other work. */
  nice?: number;
  rows: Record<string, JvmRow>;
}

const RESULTS = import.meta.glob<JvmResults>('../../../jvm/results/*.json', { eager: true, import: 'default' });

export function jvmResults(suite: string): JvmResults | undefined {
  return Object.entries(RESULTS).find(([path]) => path.endsWith(`/${suite}.json`))?.[1];
}

/** One JVM row, by the lab's row id. */
export function jvmRow(suite: string, id: string): JvmRow | undefined {
  const rows = jvmResults(suite)?.rows;
  return rows && Object.hasOwn(rows, id) ? rows[id] : undefined;
}

/** log(a ÷ b) on the JVM, from the committed iterations (JMH ran the rows one after the other). */
export function jvmRatio(suite: string, a: string, b: string): LogEstimate | undefined {
  const ra = jvmRow(suite, a)?.samples;
  const rb = jvmRow(suite, b)?.samples;
  return ra?.length && rb?.length ? unpairedLogRatio(ra, rb) : undefined;
}

/** The JVM's ratio as an interval, or undefined when the committed run kept no iterations. */
export function jvmRatioInterval(suite: string, a: string, b: string): Interval | undefined {
  const e = jvmRatio(suite, a, b);
  return e && intervalOf(e);
}

/** "the JVM originals, full preset, 2026-11-23": where a JVM figure comes from. */
export function jvmProvenance(suite: string): string {
  const r = jvmResults(suite);
  return r ? `the JVM originals in the lab’s committed run (${r.preset} preset, ${r.measured})` : 'the JVM originals (not run yet)';
}
