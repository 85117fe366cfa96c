// The comparisons the cancelling-timers lesson makes in its prose, computed from the runs they
// cite (see web/src/published/claims.ts): each sentence names the outcome it assumes, and a test
// refuses the lesson when the data says otherwise.
import { claimComponent } from '../../web/src/published/Claim';
import type { ClaimSpec, Point } from '../../web/src/published/claims';

const NUMS = [100, 1000, 10000, 100000];
const label = (n: number) => n.toLocaleString('en-US');

/** Netty's heap ÷ the JDK heap, one point per size, in the ids of a run (lab rows or published figures). */
const heaps = (row: (heap: 'indexed' | 'jdk', n: number) => string): Point[] =>
  NUMS.map((n) => ({ label: label(n), a: row('indexed', n), b: row('jdk', n) }));

const order = (o: 'in-order' | 'reverse') => (heap: 'indexed' | 'jdk', n: number) => `${heap === 'indexed' ? 'after' : 'before'}-${o}-${n}`;
const lab = (method: string) => (heap: 'indexed' | 'jdk', n: number) => `${method}/${heap}/${n}`;

const SLOWER = { when: { kind: 'below', threshold: 1 }, words: '{percent-below} slower' } as const;
const FASTER = { when: { kind: 'at least', threshold: 1 }, words: '{percent-above} faster' } as const;
/** The band the heap-cancel verdicts call level (in order): the whole interval inside 0.8–1.25×. */
const LEVEL = { when: { kind: 'within', low: 0.8, high: 1.25 }, words: '{ratio}' } as const;

export const claims: Record<string, ClaimSpec> = {
  'published-in-order': {
    kind: 'ratio', what: "Netty's heap ÷ the JDK heap, cancelling in order (Netty's published table)",
    source: { from: 'published' }, points: heaps(order('in-order')),
    outcomes: { below: SLOWER, above: FASTER },
    undecided: 'no difference the rows can resolve ({ratio}, {interval})',
  },
  /** How close the published in-order rows are: each row's interval against the verdicts' level band. */
  'published-in-order-band': {
    kind: 'ratio', what: "Netty's heap ÷ the JDK heap, cancelling in order (Netty's published table), against the band 0.8–1.25×",
    source: { from: 'published' }, points: heaps(order('in-order')),
    outcomes: { level: LEVEL }, undecided: '{ratio}', mixed: '{ratio}',
  },
  'jvm-in-order': {
    kind: 'ratio', what: "Netty's DefaultPriorityQueue ÷ java.util.PriorityQueue, cancelling in order (JVM)",
    source: { from: 'jvm', suite: 'heap-cancel' }, points: heaps(lab('cancelInOrder')),
    // The ratios are shown too, so the reader can set them beside the verdicts' level band.
    outcomes: { below: { ...SLOWER, words: '{percent-below} slower (Netty’s ÷ the JDK’s: {ratio})' }, above: FASTER },
    undecided: 'no faster or slower within its interval ({ratio})', mixed: '{points}',
  },
  'wasm-in-order': {
    kind: 'ratio', what: "the lab's indexed heap ÷ its JDK heap, cancelling in order (wasm)",
    source: { from: 'wasm', suite: 'heap-cancel' }, points: heaps(lab('cancelInOrder')),
    outcomes: { below: SLOWER, above: FASTER },
    undecided: 'no faster or slower within its interval ({ratio})', mixed: '{points}',
  },
  'wasm-reverse': {
    kind: 'ratio', what: "the lab's indexed heap ÷ its JDK heap, cancelling in reverse (wasm)",
    source: { from: 'wasm', suite: 'heap-cancel' }, points: heaps(lab('cancelInReverseOrder')).slice(1),
    outcomes: { above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio}' } }, mixed: '{points}',
  },
  /**
   * The JDK heap in reverse ÷ in order at the smallest size, in each run: whether (n + 1)/2 times the
   * equals() calls makes reverse slower there (the work count is the concept check's question).
   */
  ...Object.fromEntries((['published', 'jvm', 'wasm'] as const).map((from) => [`${from}-jdk-reverse-small`, {
    kind: 'ratio', what: `the JDK heap cancelling in reverse ÷ in order, 100 timers (${from === 'published' ? "Netty's published table" : from === 'jvm' ? 'JVM' : 'wasm'})`,
    source: from === 'published' ? { from } : { from, suite: 'heap-cancel' },
    points: [from === 'published'
      ? { label: '100', a: 'before-reverse-100', b: 'before-in-order-100' }
      : { label: '100', a: 'cancelInReverseOrder/jdk/100', b: 'cancelInOrder/jdk/100' }],
    outcomes: { above: { when: { kind: 'at least', threshold: 1 }, words: '{ratio}' }, below: { when: { kind: 'below', threshold: 1 }, words: '{ratio}' } },
    undecided: '{ratio}, no difference its interval resolves',
  } satisfies ClaimSpec])),
  /** The time one published operation takes, in order, at a size: what a fixed hand-off is added to. */
  ...Object.fromEntries([100, 1000, 10000].map((n) => [`op-time-${n}`, {
    kind: 'value', what: `the time of one operation (cancel ${label(n)} timers in order, JDK heap, published)`,
    compute: (d) => 1e6 / d.published!.figures[`before-in-order-${n}`].value,
    format: (us) => (us >= 1000 ? `${(us / 1000).toPrecision(2)} ms` : `${us.toPrecision(2)} µs`),
    from: () => "Netty's published table: 1 ÷ Score",
    outcomes: {
      'microseconds': { range: [1, 30], words: '{value}' },
      'tens of microseconds': { range: [30, 300], words: '{value}' },
      'milliseconds': { range: [300, 1e9], words: '{value}' },
    },
  } satisfies ClaimSpec])),
};

export const Claim = claimComponent('cancelling-timers', claims);
