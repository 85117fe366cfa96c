// Claims: a lesson's sentences that compare figures ("slower", "level", "ahead", "about two
// thirds"), computed from the run they cite. Each lesson declares its claims in
// lessons/<slug>/claims.ts: what is compared (a ÷ b, at one or more points), where the numbers come
// from (the committed wasm run, the committed JVM run, the lesson's published figures, or the
// lab's counters), and the words for each outcome. The prose names the outcome its sentence
// assumes (`<Claim id="…" says="below" />`); the component renders the words the data gives, and
// a test (claims.test.ts, in `npm test`) refuses every claim whose data no longer says what the
// prose does.
//
// Every interval is the verdicts' own (web/src/bench/ratio.ts): the paired log-ratio for wasm rows
// measured side by side, Welch's for the JVM's rows (JMH ran them one after the other), and, for
// published rows, which come as Score ± Error only, the same Welch combination of two log-means
// rebuilt from each row's Error and Cnt.
import { combine, intervalOf, judge, unpairedLogRatio, type Claim as Bound, type Interval, type LogEstimate } from '../bench/ratio';
import { tQuantile } from '../bench/stats';
import { rowRatio } from '../bench/verdict';
import type { SuiteRun } from '../bench/suites';
import type { JvmResults } from '../bench/jvmResults';
import type { LessonFigures } from './define';
import { times, timesEnd } from '../util/format';

/** The committed runs a claim may read, by suite: replaceable, so a test can change a figure. */
export interface ClaimData {
  wasm: Record<string, { measured: string; runtime: string; machine: string; run: Pick<SuiteRun, 'rows'> & { preset?: string } }>;
  jvm: Record<string, JvmResults>;
  /** The lesson's published figures. */
  published?: LessonFigures;
  /** The lab's counters, for `count` claims (the real structures; needs the wasm module). */
  count?: (family: string, ops: string, variant: string, settings?: Record<string, string>) => Record<string, number>[];
}

/** One point of a comparison: a ÷ b. */
export interface Point {
  label: string;
  a: string;
  b: string;
}

/** Where a ratio's numbers come from. */
export type Source =
  | { from: 'wasm' | 'jvm'; suite: string }
  | { from: 'published' }
  /**
   * Work counted by the real structures: `a` and `b` are `variant:command:kinds`, the kinds joined
   * by + (or `*`), the command 0-based (`k` alone, `..k` up to and including it, or `all`).
   */
  | { from: 'count'; family: string; ops: string; settings?: Record<string, string> };

/** An outcome a sentence may assume: its name, the claim on the interval, and the words. */
export interface Outcome {
  /** Judged on each point's interval: the outcome holds where `judge` says reproduced. */
  when: Bound;
  /** The words, with {ratio}, {percent-above}, {percent-below}, {interval} filled in from the data. */
  words: string;
}

export interface RatioClaim {
  kind: 'ratio';
  /** The ratio, named the way round it is computed: "Netty's heap ÷ the JDK heap, in order". */
  what: string;
  source: Source;
  points: Point[];
  /**
   * The outcomes, tried in order on each point. A point none fits is `undecided`; points that
   * differ make the claim `mixed`. Default: `above` (all of the interval ≥ 1) and `below` (< 1).
   */
  outcomes?: Record<string, Outcome>;
  /** Words for `undecided` (the interval straddles every outcome's bound) and `mixed`. */
  undecided?: string;
  mixed?: string;
}

/** A number computed from the runs (a time, a rate), with its outcome by range. */
export interface ValueClaim {
  kind: 'value';
  what: string;
  compute: (d: ClaimData) => number;
  /** Outcomes by the range the value falls in, [low, high), and the words ({value} filled in). */
  outcomes: Record<string, { range: [number, number]; words: string }>;
  format: (x: number) => string;
  /** Where the inputs come from, for the reader who hovers. */
  from: (d: ClaimData) => string;
}

export type ClaimSpec = RatioClaim | ValueClaim;

export interface Evaluated {
  id: string;
  /** The outcome the data gives: an outcome's name, `undecided`, `mixed` or `not measured`. */
  outcome: string;
  /** Each point's outcome, in order, comma-separated: "above, above, undecided, undecided". */
  pattern?: string;
  /** The sentence's words for it. */
  text: string;
  /** The figures behind it: each point's interval, and where they come from. */
  detail: string;
}

export const DEFAULT_OUTCOMES: Record<string, Outcome> = {
  above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio}' },
  below: { when: { kind: 'below', threshold: 1 }, words: '{ratio}' },
};

/** JMH's Error is the 99.9 % half-width: the standard error of a Score of `count` samples. */
function publishedLogMean(value: number, error: number, count: number): LogEstimate {
  const se = error / tQuantile(0.9995, count - 1);
  return { mean: Math.log(value), variance: (se / value) ** 2, df: count - 1 };
}

/** log(a ÷ b) of two published rows: Welch's combination of their log-means. */
export function publishedLogRatio(figures: LessonFigures, a: string, b: string): LogEstimate | undefined {
  const fa = figures.figures[a];
  const fb = figures.figures[b];
  if (!fa || !fb) return undefined;
  const n = (id: string, f: typeof fa) => {
    const count = figures.sources[f.source]?.count;
    if (f.error === undefined || !count) throw new Error(`published figure "${id}" has no Error and Cnt to build an interval from`);
    return publishedLogMean(f.value, f.error, count);
  };
  return combine([{ estimate: n(a, fa), weight: 1 }, { estimate: n(b, fb), weight: -1 }]);
}

/** A count named `variant:command:kinds`, e.g. `jdk:1:compare+equals+move` or `<variant>:all:*`. */
function counted(d: ClaimData, family: string, ops: string, name: string, settings?: Record<string, string>): number {
  if (!d.count) throw new Error('this claim counts work, which needs the wasm module');
  const [variant, command, kinds] = name.split(':');
  const per = d.count(family, ops, variant, settings);
  // countNow gives each command's own counts, then the script's totals (index = number of commands).
  // `k` is command k alone, `..k` commands 0 to k, `all` the whole script.
  const commands = per.length - 1;
  const k = Number(command.replace(/^\.\./, ''));
  const picked = command === 'all' ? [commands] : command.startsWith('..') ? Array.from({ length: k + 1 }, (_, i) => i) : [k];
  if (picked.some((i) => !(i >= 0 && i < per.length)) || (command !== 'all' && !(k < commands))) throw new Error(`script "${ops}" has no command ${command}`);
  const total = (row: Record<string, number>) => (kinds === '*' ? Object.values(row).reduce((s, x) => s + x, 0)
    : kinds.split('+').reduce((s, kind) => {
      if (!(kind in row)) throw new Error(`the ${family} counters have no "${kind}"; they have ${Object.keys(row).join(', ')}`);
      return s + row[kind];
    }, 0));
  return picked.reduce((s, i) => s + total(per[i]), 0);
}

/** The interval of one point's ratio, 95 % (an exact count's interval is the count itself). */
export function pointInterval(spec: RatioClaim, p: Point, d: ClaimData): Interval | undefined {
  const s = spec.source;
  if (s.from === 'count') {
    const x = counted(d, s.family, s.ops, p.a, s.settings) / counted(d, s.family, s.ops, p.b, s.settings);
    return { estimate: x, low: x, high: x };
  }
  let e: LogEstimate | undefined;
  if (s.from === 'wasm') {
    const run = d.wasm[s.suite]?.run;
    if (!run) throw new Error(`there is no committed wasm run of ${s.suite}`);
    e = rowRatio(run, p.a, p.b);
  } else if (s.from === 'jvm') {
    const rows = d.jvm[s.suite]?.rows;
    if (!rows) throw new Error(`there is no committed JVM run of ${s.suite}`);
    const [ra, rb] = [rows[p.a]?.samples, rows[p.b]?.samples];
    e = ra?.length && rb?.length ? unpairedLogRatio(ra, rb) : undefined;
  } else {
    if (!d.published) throw new Error('this lesson has no published figures');
    e = publishedLogRatio(d.published, p.a, p.b);
  }
  return e && intervalOf(e);
}


/** "0.75–0.91×", or one value when the ends read the same. */
function range(xs: number[], f: (x: number) => string): string {
  const lo = f(Math.min(...xs));
  const hi = f(Math.max(...xs));
  // "8–20 %", not "8 %–20 %" (the sign follows a non-breaking space).
  return lo === hi ? lo : `${lo.replace(/×$/, '').replace(/\s%$/, '')}–${hi}`;
}

// A non-breaking space: "97 %" never breaks between the number and its sign.
const pct = (x: number) => `${Math.round(x)}\u00a0%`;

/** Where a claim's numbers come from, in words. */
export function sourceOf(spec: RatioClaim, d: ClaimData): string {
  const s = spec.source;
  if (s.from === 'count') return `counted by the lab's structures on "${s.ops}"`;
  if (s.from === 'published') return 'the published rows (Score ± 99.9 % Error, rebuilt into a 95 % interval on the ratio)';
  if (s.from === 'jvm') {
    const r = d.jvm[s.suite];
    return r ? `the committed JVM run of ${s.suite} (${r.preset} preset, ${r.measured}, ${r.java}, ${r.machine})` : `no JVM run of ${s.suite}`;
  }
  const r = d.wasm[s.suite];
  return r ? `the committed wasm run of ${s.suite} (${r.run.preset ?? ''} preset, ${r.measured}, ${r.runtime}, ${r.machine})` : `no wasm run of ${s.suite}`;
}

function fill(words: string, values: Record<string, string>): string {
  return words.replace(/\{([a-z-]+)\}/g, (m, k: string) => {
    if (!(k in values)) throw new Error(`the words "${words}" name {${k}}, which a claim does not fill`);
    return values[k];
  });
}

/** Neighbouring items with the same `name`, in order, each group an array. */
function runsOf<T extends { name: string }>(items: T[]): T[][] {
  const out: T[][] = [];
  for (const x of items) {
    const last = out.at(-1);
    if (last && last[0].name === x.name) last.push(x);
    else out.push([x]);
  }
  return out;
}

/** Where a run of points lies: "at 0", "at 256 and 1,024", "from 256 to 65,536". */
function where(labels: string[]): string {
  if (labels.length === 1) return `at ${labels[0]}`;
  if (labels.length === 2) return `at ${labels[0]} and ${labels[1]}`;
  return `from ${labels[0]} to ${labels.at(-1)}`;
}

/** A claim's outcome on `d`, at every point or at the one labelled `at`. */
export function evaluate(id: string, spec: ClaimSpec, d: ClaimData, at?: string): Evaluated {
  if (spec.kind === 'value') {
    const x = spec.compute(d);
    const hit = Object.entries(spec.outcomes).find(([, o]) => x >= o.range[0] && x < o.range[1]);
    const value = spec.format(x);
    return {
      id, outcome: hit ? hit[0] : 'out of range', text: hit ? fill(hit[1].words, { value }) : value,
      detail: `${spec.what}: ${value}, from ${spec.from(d)}`,
    };
  }
  const points = at === undefined ? spec.points : spec.points.filter((p) => p.label === at);
  if (!points.length) throw new Error(`claim "${id}" has no point "${at}"; it has ${spec.points.map((p) => p.label).join(', ')}`);
  const outcomes = spec.outcomes ?? DEFAULT_OUTCOMES;
  const judged = points.map((p) => {
    const i = pointInterval(spec, p, d);
    const name = i && Object.entries(outcomes).find(([, o]) => judge(i, o.when) === 'reproduced')?.[0];
    return { p, i, name: i ? name ?? 'undecided' : 'not measured' };
  });
  const names = [...new Set(judged.map((j) => j.name))];
  const outcome = names.length === 1 ? names[0] : names.includes('not measured') ? 'not measured' : 'mixed';
  const exact = spec.source.from === 'count';
  const valuesOf = (measured: Interval[]): Record<string, string> => {
    const est = measured.map((i) => i.estimate);
    return est.length ? {
      ratio: range(est, times),
      'percent-above': range(est.map((x) => (x - 1) * 100), pct),
      'percent-below': range(est.map((x) => (1 - x) * 100), pct),
      interval: exact ? 'counted exactly' : `95 % interval ${range(measured.map((i) => i.low), times)} to ${range(measured.map((i) => i.high), times)}`,
    } : {};
  };
  const wordsFor = (name: string) => (name in outcomes ? outcomes[name].words : name === 'mixed' ? spec.mixed : name === 'undecided' ? spec.undecided : undefined);
  // {points}: the points in their own outcome's words, neighbours with the same outcome together:
  // "7 % faster at 0, 8–20 % slower from 256 to 65,536".
  const byPoint = runsOf(judged).map((run) => {
    const w = wordsFor(run[0].name);
    const measured = run.filter((j) => j.i).map((j) => j.i!);
    const what = measured.length === run.length && w && !w.includes('{points}') ? fill(w, valuesOf(measured)) : run[0].name;
    return `${what} ${where(run.map((j) => j.p.label))}`;
  }).join(', ');
  const values = { ...valuesOf(judged.filter((j) => j.i).map((j) => j.i!)), points: byPoint };
  const words = wordsFor(outcome);
  const detail = `${spec.what}, from ${sourceOf(spec, d)}: ${judged.map((j) => `${j.p.label}: ${j.i
    ? (exact ? times(j.i.estimate) : `${times(j.i.estimate)} (95 % interval ${timesEnd(j.i.low)}–${timesEnd(j.i.high)})`) : 'not measured'}`).join('; ')}`;
  return { id, outcome, pattern: judged.map((j) => j.name).join(', '), text: words === undefined ? `[${outcome}]` : fill(words, values), detail };
}

/**
 * Whether the data gives what the prose says: one outcome for the claim ("below"), or, with commas,
 * one per point in order ("above, above, undecided, undecided"), for a sentence that goes point by point.
 */
export function saysWhat(e: Evaluated, says: string): boolean {
  return says.includes(',') ? e.pattern === says : e.outcome === says;
}

/** A `<Claim …/>` tag of a lesson's MDX, as written. */
export interface ClaimTag {
  id: string;
  says: string;
  at?: string;
  line: number;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** Every `<Claim …/>` in a lesson's text. */
export function claimTags(mdx: string): ClaimTag[] {
  return [...mdx.matchAll(/<Claim\b[^>]*\/>/g)].map((m) => ({
    id: attr(m[0], 'id') ?? '', says: attr(m[0], 'says') ?? '', at: attr(m[0], 'at'),
    line: mdx.slice(0, m.index).split('\n').length,
  }));
}

/**
 * What is wrong with a lesson's claims on `d`: a tag naming no claim, a claim that cannot be
 * computed, and every claim whose data gives another outcome than the prose says. Empty when the
 * prose matches its data.
 */
export function staleClaims(file: string, mdx: string, claims: Record<string, ClaimSpec>, d: ClaimData): string[] {
  const problems: string[] = [];
  for (const t of claimTags(mdx)) {
    const where = `${file}:${t.line}`;
    const spec = Object.hasOwn(claims, t.id) ? claims[t.id] : undefined;
    if (!spec) {
      problems.push(`${where}: <Claim id="${t.id}"> names no claim; the lesson's claims are ${Object.keys(claims).join(', ')}`);
      continue;
    }
    try {
      const e = evaluate(t.id, spec, d, t.at);
      if (!saysWhat(e, t.says)) {
        problems.push(`${where}: claim "${t.id}"${t.at ? ` at ${t.at}` : ''} says "${t.says}", but its data says "${t.says.includes(',') ? e.pattern : e.outcome}" (${e.detail})`);
      }
    } catch (err) {
      problems.push(`${where}: claim "${t.id}" cannot be computed: ${(err as Error).message}`);
    }
  }
  return problems;
}
