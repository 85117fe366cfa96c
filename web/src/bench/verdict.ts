// Verdicts every suite builds the same way: a measured quantity with its interval, judged against
// a claim, in one of four states, with a sentence that names the quantity the way round it is
// computed and, when the run cannot tell, what would settle it.
import type { RowResult, SuiteRun } from './suites';
import type { Comparison } from './suites';
import { times } from './report';
import { timesEnd } from '../util/format';
import {
  VERDICT_CONFIDENCE, claimText, intervalOf, judge, judgeAll, logOfMean, pairedLogRatio, unpairedLogRatio,
  type Claim, type Interval, type LogEstimate, type VerdictState,
} from './ratio';

export const SETTLE = 'Run the full preset (two forks of ten one-second iterations), with other tabs and programs closed, to settle it.';
const SETTLE_AFTER_FULL = 'This was the full preset already: run it again with other tabs and programs closed, or read it as undecided on this machine.';

/** A run's verdicts, whose advice on settling one knows which preset the run used. */
const SETTLE_COMMITTED = 'This is the run committed with the lab, on the machine named above: press Run to measure it on yours, with other tabs and programs closed.';

/**
 * An inconclusive verdict's advice, for the run it judges: a quick run is told to run the full
 * preset, a full run that it already was, and the committed run (not the reader's machine at all)
 * that Run measures theirs.
 */
export function forPreset(preset: string, comparisons: Comparison[], committed = false): Comparison[] {
  const advice = committed ? SETTLE_COMMITTED : preset === 'full' ? SETTLE_AFTER_FULL : SETTLE;
  return comparisons.map((c) => (c.presetAdvice ? worded(c, c.state, c.says, advice, true) : c));
}

type Words = 'state' | 'says' | 'settle' | 'presetAdvice' | 'sentence';

/**
 * A comparison with its words: the state as the sentence opens with it, what it says, and what
 * would settle it (the presets' advice when `presetAdvice`), and the sentence they make. Every
 * verdict's sentence is made here, so none is ever cut apart again.
 */
export function worded<C extends Omit<Comparison, Words>>(
  c: C, state: string, says: string, settle?: string, presetAdvice = false,
): C & Pick<Comparison, Words> {
  return { ...c, state, says, settle, presetAdvice, sentence: settle ? `${state}: ${says} ${settle}` : `${state}: ${says}` };
}

/** A row this run measured, by id. */
export function measuredRow(run: Pick<SuiteRun, 'rows'>, id: string): RowResult | undefined {
  return run.rows.find((r) => r.status === 'ok' && r.row.id === id && r.samples.length > 0);
}

/** log(a ÷ b) of two rows' throughputs: paired when they were measured side by side, else unpaired. */
export function rowRatio(run: Pick<SuiteRun, 'rows'>, a: string, b: string): LogEstimate | undefined {
  const ra = measuredRow(run, a);
  const rb = measuredRow(run, b);
  if (!ra || !rb) return undefined;
  return ra.group !== undefined && ra.group === rb.group && ra.samples.length === rb.samples.length
    ? pairedLogRatio(ra.samples, rb.samples)
    : unpairedLogRatio(ra.samples, rb.samples);
}

/** log(mean throughput) of one row, for slopes across rows. */
export function rowLevel(run: Pick<SuiteRun, 'rows'>, id: string): LogEstimate | undefined {
  const r = measuredRow(run, id);
  return r ? logOfMean(r.samples) : undefined;
}

const pct = `${Math.round(VERDICT_CONFIDENCE * 100)} %`;

/** "1,523× (95 % interval 1,310×–1,770×)". */
export function ratioWithInterval(i: Interval): string {
  return `${times(i.estimate)} (${pct} interval ${Number.isFinite(i.low) ? timesEnd(i.low) : '0'}–${Number.isFinite(i.high) ? timesEnd(i.high) : '∞'})`;
}

/**
 * A ratio in a table, estimated as the verdicts estimate it and shown with the same interval, in
 * short: "1,541× (1,441×–1,669×)"; "—" when a row is missing. Tables say in their caption that the
 * brackets are the verdicts' 95 % interval, so a ratio reads the same in a table and a sentence.
 */
export function intervalCell(i: Interval | undefined): string {
  if (!i) return '—';
  return `${times(i.estimate)} (${Number.isFinite(i.low) ? timesEnd(i.low) : '0'}–${Number.isFinite(i.high) ? timesEnd(i.high) : '∞'})`;
}

/** a ÷ b of two measured rows, as a table cell (see intervalCell). */
export function ratioCell(run: Pick<SuiteRun, 'rows'>, a: string, b: string): string {
  const e = rowRatio(run, a, b);
  return intervalCell(e && intervalOf(e));
}

/** The caption's note on what the brackets are. */
export const INTERVAL_NOTE = `brackets: the ${pct} interval the verdicts judge on`;

/** "n^1.92 (95 % interval n^1.85–n^2.01)". */
export function exponentWithInterval(i: Interval): string {
  // A rounded −0.004 reads "n^0.00", not "n^-0.00".
  const e = (x: number) => (Number.isFinite(x) ? `n^${(Math.abs(x) < 0.005 ? 0 : x).toFixed(2)}` : x > 0 ? 'n^∞' : 'n^−∞');
  return `${e(i.estimate)} (${pct} interval ${e(i.low)}–${e(i.high)})`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Whose claim a verdict judges, as its headline says: a published source's ("Reproduced"), the
 * direction of the lab's own JVM run of the originals ("Agrees with the JVM run"), or a threshold
 * the lab set where nothing was published ("Holds"). A reader takes "Reproduced" to mean someone
 * outside the lab made the claim, so only a published one gets the word.
 */
export type ClaimSource = 'published' | 'jvm' | 'lab';
const HEADLINE: Record<ClaimSource, Record<'reproduced' | 'not reproduced', string>> = {
  published: { reproduced: 'Reproduced', 'not reproduced': 'Not reproduced' },
  jvm: { reproduced: 'Agrees with the JVM run', 'not reproduced': 'Disagrees with the JVM run' },
  lab: { reproduced: 'Holds', 'not reproduced': 'Does not hold' },
};
const headline = (verdict: VerdictState, source: ClaimSource = 'published') =>
  verdict === 'reproduced' || verdict === 'not reproduced' ? HEADLINE[source][verdict] : capital(verdict);

export interface QuantitySpec {
  id: string;
  title: string;
  /** What the source says, with the source named. */
  published: string;
  /** Whose claim this is (a published source's unless said): the headline's word depends on it. */
  source?: ClaimSource;
  rows: string[];
  /** The measured quantity, named the way round it is computed: "the indexed heap ÷ the JDK heap, in reverse at 100,000". */
  what: string;
  claim: Claim;
  /** log of a ratio (shown as ×), or an exponent of n (shown as n^x). */
  scale?: 'ratio' | 'exponent';
  estimate: LogEstimate | undefined;
  /** The sentence after "Reproduced: " or "Not reproduced: ", given the interval. */
  says: Record<'reproduced' | 'not reproduced', (i: Interval, text: string) => string>;
  /** Why there is no estimate, if not a missing row: "the sweep did not bracket the old design's saturation". */
  missing?: string;
  /** What would settle an inconclusive verdict, if not the benchmarks' full preset. */
  settle?: string;
}

/** A verdict on one quantity. */
export function verdictOf(s: QuantitySpec): Comparison {
  const { estimate, ...rest } = s;
  return intervalVerdict({ ...rest, interval: estimate && intervalOf(estimate, s.scale === 'exponent' ? 'linear' : 'ratio') });
}

/** A verdict on an interval computed elsewhere (a simulation's band). */
export function intervalVerdict(s: Omit<QuantitySpec, 'estimate'> & { interval: Interval | undefined }): Comparison {
  const unit = s.scale === 'exponent' ? '' : '×';
  const base = { id: s.id, title: s.title, published: s.published, rows: s.rows, threshold: claimText(s.claim, unit), claim: s.claim };
  const i = s.interval;
  if (!i) return worded({ ...base, measured: '—', verdict: 'not measured' }, 'Not measured', `${s.what} (${s.missing ?? 'a row it needs did not run'}).`);
  const text = s.scale === 'exponent' ? exponentWithInterval(i) : ratioWithInterval(i);
  const verdict = judge(i, s.claim);
  const c = { ...base, measured: text, verdict, ratio: i };
  return verdict === 'inconclusive'
    ? worded(c, 'Inconclusive', `${s.what} is ${text}, which straddles the claim's ${claimText(s.claim, unit)}.`, s.settle ?? SETTLE, !s.settle)
    : worded(c, headline(verdict, s.source), s.says[verdict as 'reproduced' | 'not reproduced'](i, text));
}

export interface PointwiseSpec extends Omit<QuantitySpec, 'estimate' | 'says'> {
  /** One quantity per point (size, bound), labelled: "1,024". */
  points: { label: string; estimate: LogEstimate | undefined }[];
  says: Record<'reproduced' | 'not reproduced', (list: string) => string>;
  /** The JVM originals' interval at each point, when they ran the same rows: where it refutes the claim, the verdict says so. */
  jvm?: (Interval | undefined)[];
}

/** A claim that must hold at every point: judged per point, then together (see `judgeAll`). */
export function pointwiseVerdict(s: PointwiseSpec): Comparison {
  const unit = s.scale === 'exponent' ? '' : '×';
  const base = { id: s.id, title: s.title, published: s.published, rows: s.rows, threshold: `${claimText(s.claim, unit)} at every point`, claim: s.claim };
  if (s.points.some((p) => !p.estimate)) return worded({ ...base, measured: '—', verdict: 'not measured' }, 'Not measured', `${s.what} (a row it needs did not run).`);
  const judged = s.points.map((p) => {
    const i = intervalOf(p.estimate!, s.scale === 'exponent' ? 'linear' : 'ratio');
    return { label: p.label, i, state: judge(i, s.claim), text: s.scale === 'exponent' ? exponentWithInterval(i) : ratioWithInterval(i) };
  });
  const verdict = judgeAll(judged.map((j) => j.state));
  const list = judged.map((j) => `${j.label}: ${j.text}`).join('; ');
  const open = judged.filter((j) => j.state === 'inconclusive').map((j) => j.label);
  const openText = open.length > 1 ? `${open.slice(0, -1).join(', ')} and ${open.at(-1)}` : open[0];
  const says = verdict === 'inconclusive'
    ? `${s.what}, ${list}; at ${openText} the interval straddles the claim's ${claimText(s.claim, unit)}.`
    : s.says[verdict as 'reproduced' | 'not reproduced'](list);
  // The lab reproducing a claim its own JVM originals refute is worth a sentence, not a green tick alone.
  const refuted = (s.jvm ?? []).flatMap((i, k) => (i && judge(i, s.claim) === 'not reproduced' ? [`${s.points[k].label} (${ratioWithInterval(i)})`] : []));
  const disagreement = refuted.length && verdict !== 'not reproduced'
    ? ` On the JVM the claim does not hold at ${refuted.length > 1 ? `${refuted.slice(0, -1).join(', ')} and ${refuted.at(-1)}` : refuted[0]}: there the lab and the JVM disagree.`
    : '';
  const c = {
    ...base, measured: list, verdict, ratio: deciding(judged, verdict, s.claim).i,
    points: judged.map((j) => ({ label: j.label, interval: j.i, verdict: j.state })),
  };
  // The advice comes last, after the disagreement, so the presets' advice can be worded for the run.
  // A headline must not say "reproduced" where the originals disagree: it says whose run it was.
  const state = verdict === 'reproduced' && refuted.length && (s.source ?? 'published') === 'published' ? REPRODUCED_HERE_ONLY : headline(verdict, s.source);
  return verdict === 'inconclusive'
    ? worded(c, 'Inconclusive', says + disagreement, s.settle ?? SETTLE, !s.settle)
    : worded(c, state, says + disagreement);
}

/** The headline of a claim the lab's run reproduces and the committed JVM run of the originals refutes somewhere. */
export const REPRODUCED_HERE_ONLY = 'Reproduced in the lab’s run, not on the JVM';

/**
 * A claim whose direction comes from the JVM originals (A faster than B, as on the JVM): the
 * JVM's own interval must settle the direction before the lab's can be judged against it.
 */
export function sameWayAsJvm(jvm: Interval | undefined, s: Omit<QuantitySpec, 'claim'>): Comparison {
  const faster = jvm && (jvm.low > 1 ? true : jvm.high < 1 ? false : undefined);
  const c = verdictOf({ source: 'jvm', ...s, claim: faster === false ? { kind: 'below', threshold: 1 } : { kind: 'at least', threshold: 1 } });
  if (faster !== undefined || c.verdict === 'not measured') return c;
  return jvm
    ? worded({ ...c, verdict: 'inconclusive' }, 'Inconclusive', `on the JVM ${s.what} is ${ratioWithInterval(jvm)}, which straddles 1×, so there is no direction to reproduce. The lab measured ${c.measured}.`)
    : worded({ ...c, verdict: 'not measured' }, 'Not judged', `the committed JVM run kept no iterations, so the JVM's direction has no interval. The lab measured ${c.measured}.`);
}

/** The point that decided a pointwise verdict: the first that refuted or left it open, or else the closest call. */
function deciding<T extends { i: Interval; state: VerdictState }>(points: T[], verdict: VerdictState, c: Claim): T {
  const first = points.find((p) => p.state === verdict && verdict !== 'reproduced');
  if (first) return first;
  const margin = (i: Interval) => c.kind === 'at least' ? i.low / c.threshold
    : c.kind === 'below' ? c.threshold / i.high : Math.min(i.low / c.low, c.high / i.high);
  return points.reduce((a, b) => (margin(b.i) < margin(a.i) ? b : a));
}

/**
 * A verdict that explains another (the flag explains the gain) is judged only when that one
 * reproduced; otherwise it says why it cannot be.
 */
export function onPremise(c: Comparison, premise: Comparison): Comparison {
  if (premise.verdict === 'reproduced' || c.verdict === 'not measured') return { ...c, premise: premise.id };
  const state: VerdictState = premise.verdict === 'inconclusive' ? 'inconclusive' : 'not measured';
  const why = premise.verdict === 'not reproduced'
    ? `this run found no such gain to explain (“${premise.title}” was not reproduced)`
    : premise.verdict === 'inconclusive'
      ? `“${premise.title}” is itself inconclusive in this run`
      : `“${premise.title}” was not measured`;
  return worded({ ...c, premise: premise.id, verdict: state }, state === 'inconclusive' ? 'Inconclusive' : 'Not judged',
    `${c.title.charAt(0).toLowerCase()}${c.title.slice(1)} cannot be judged, because ${why}. (Measured: ${c.measured}.)`);
}
