// The exercises of the cancelling-timers lesson. Each is generated from a seed by running the
// real heaps (the same traces the step player replays) and graded against what they did.
import type { Maker } from '../../web/src/exercises/exercises';
import { distinct, randomInt, rng } from '../../web/src/exercises/rng';
import type { StepSpec } from '../../web/src/embed/params';
import { num as fmt, plural } from '../../web/src/util/format';
import { heapTrace, slotsAt } from '../../web/src/heap/frames';
import { actionRange, kindIndex, stepAt, type Trace } from '../../web/src/script/trace';
import { countNow } from '../../web/src/script/run';
import { READINGS, clearOfHalf, intervalText, readInterval } from '../../web/src/exercises/reading';
import { pointInterval, type RatioClaim } from '../../web/src/published/claims';
import { lessonClaimData } from '../../web/src/published/Claim';
import { claims } from './claims';

/** The steps of action `a` (0-based). */
function stepsOf(t: Trace, a: number) {
  const [from, to] = actionRange(t, a);
  return Array.from({ length: to - from }, (_, i) => stepAt(t, from + i));
}

/** The array, as deadlines, just before and just after action `a`. */
const arrayBefore = (t: Trace, a: number) => slotsAt(t, t.actionStarts[a]).map(Number);
const arrayAfter = (t: Trace, a: number) => slotsAt(t, actionRange(t, a)[1]).map(Number);
const kind = (t: Trace, name: string) => kindIndex(t.schema, name);

const adds = (ds: number[]) => ds.map((d) => `add ${d}`).join(', ');

/** Work counted by the real heap's counter probe for one command of a script (0-based). */
const commandWork = (ops: string, heap: string, command: number) => countNow('heap', ops, heap)[command];

const replay = (view: string, ops: string, step: StepSpec) => ({ family: 'heap', view, ops, step });

/** The array as the question shows it, slot [0] first. */
const shown = (slots: number[]) => ({ text: slots.join('  '), label: "the heap's array, slot [0] first", row: { place: 'slot', values: slots } });

/** How many equals() calls does remove(K) make on this JDK heap? */
const equalsCount: Maker = (seed) => {
  const r = rng(`${seed}/equals`);
  const ds = distinct(r, randomInt(r, 7, 10), 10, 99);
  const target = ds[randomInt(r, 0, ds.length - 1)];
  const ops = `${adds(ds)}, remove ${target}`;
  const run = heapTrace(ops, 'jdk');
  const last = run.actions.length - 1;
  const before = arrayBefore(run, last);
  const n = stepsOf(run, last).filter((s) => s.kind === kind(run, 'equals')).length;
  return {
    id: 'equals-count', kind: 'compute', title: 'Count the equals() calls',
    prompt: `The JDK heap holds these timers, array slot [0] first. How many equals() calls does remove(${target}) make in all, counting the call that finds it?`,
    code: shown(before), hint: 'remove(Object) looks at slot [0], then [1], then [2] … and stops at the first match.',
    expected: n, explanation: `${target} is in slot [${n - 1}], so the scan compares it with slots [0] to [${n - 1}], one call of its equals() each (${target}.equals(slot), the argument's method): ${plural(n, 'call')}, the last one the match.`,
    replay: replay('jdk', ops, `op:${ds.length + 1}`),
  };
};

/** Click the cells in the order the JDK heap examines them during remove(K). */
const scanOrder: Maker = (seed) => {
  const r = rng(`${seed}/scan`);
  const ds = distinct(r, randomInt(r, 8, 11), 10, 99);
  const target = ds[randomInt(r, 2, ds.length - 1)];
  const ops = `${adds(ds)}, remove ${target}`;
  const run = heapTrace(ops, 'jdk');
  const last = run.actions.length - 1;
  const cells = arrayBefore(run, last);
  const order = stepsOf(run, last).filter((s) => s.kind === kind(run, 'equals')).map((s) => s.a);
  return {
    id: 'scan-order', kind: 'trace', title: 'Trace the search',
    prompt: `Click the array cells in the order the JDK heap examines them during remove(${target}), then press Check.`,
    cells: { labels: cells.map(String), noun: 'deadline', groupLabel: 'array cells, in index order', place: 'slot' },
    hint: 'The search does not use the heap order at all.',
    expected: order, explanation: `The scan visits slots ${order.map((i) => `[${i}]`).join(', ')}, left to right, until it reaches ${target}.`,
    replay: replay('jdk', ops, `op:${ds.length + 1}`),
  };
};

/** Where does the timer due at X end up after poll()? */
const afterPoll: Maker = (seed) => {
  const r = rng(`${seed}/poll`);
  const ds = distinct(r, randomInt(r, 7, 10), 10, 99);
  const ops = `${adds(ds)}, poll`;
  const run = heapTrace(ops, 'jdk');
  const last = run.actions.length - 1;
  const before = arrayBefore(run, last);
  const after = arrayAfter(run, last);
  const moved = before[before.length - 1];
  return {
    id: 'after-poll', kind: 'compute', title: 'Follow the last timer',
    prompt: `The heap holds these timers, slot [0] first. poll() takes the earliest out and moves the last timer, ${moved}, to the root to sift it down. In which slot does ${moved} end up?`,
    code: shown(before), hint: 'At each level, compare with the earlier of the two children; stop when neither child is earlier.',
    expected: after.indexOf(moved), explanation: `After poll() the array is ${after.join('  ')}: ${moved} is in slot [${after.indexOf(moved)}].`,
    replay: replay('jdk', ops, `op:${ds.length + 1}`),
  };
};

/** How many comparisons does offer(K) make? */
const offerComparisons: Maker = (seed) => {
  const r = rng(`${seed}/offer`);
  const ds = distinct(r, randomInt(r, 6, 12), 20, 99);
  const k = randomInt(r, 1, 99);
  const ops = `${adds(ds)}, add ${k}`;
  const run = heapTrace(ops, 'jdk');
  const last = run.actions.length - 1;
  const before = arrayBefore(run, last);
  const steps = stepsOf(run, last);
  const n = steps.filter((s) => s.kind === kind(run, 'compare')).length;
  // Each level climbed is one parent moved down a slot; the path is read from those moves.
  const path = [before.length, ...steps.filter((s) => s.kind === kind(run, 'move') && s.a >= 0).map((s) => s.a)];
  const levels = path.length - 1;
  const where = levels === 0
    ? `stays where it starts, in [${path[0]}]: its parent is not later`
    : `climbs ${plural(levels, 'level')}, ${path.map((i) => `[${i}]`).join(' → ')}, ${path[path.length - 1] === 0 ? 'reaching the root' : 'and stops there: its parent is not later'}`;
  return {
    id: 'offer-comparisons', kind: 'compute', title: 'Climb the tree',
    prompt: `The heap holds these timers, slot [0] first. How many comparisons does offer(${k}) make? (Equal deadlines: the timer scheduled first counts as earlier.)`,
    code: shown(before), hint: `The new timer starts in slot [${before.length}] and compares with its parent, slot (k − 1) / 2, until it is not earlier.`,
    expected: n, explanation: `${k} ${where}: ${plural(n, 'comparison')} in all.`,
    replay: replay('jdk', ops, `op:${ds.length + 1}`),
  };
};

/** Which index does timer X store after this script? (Netty) */
const storedIndex: Maker = (seed) => {
  const r = rng(`${seed}/index`);
  const ds = distinct(r, randomInt(r, 7, 10), 10, 99);
  // Any timer but the one in the last slot: that one is simply cleared, and nothing moves.
  const filled = heapTrace(adds(ds), 'indexed');
  const queued = slotsAt(filled, filled.length).map(Number);
  const victim = queued[randomInt(r, 0, queued.length - 2)];
  const ops = `${adds(ds)}, remove ${victim}`;
  const run = heapTrace(ops, 'indexed');
  const last = run.actions.length - 1;
  const before = arrayBefore(run, last);
  const after = arrayAfter(run, last);
  const moved = before[before.length - 1];
  return {
    id: 'stored-index', kind: 'compute', title: 'What does the timer remember?',
    prompt: `Netty's heap holds these timers, slot [0] first. remove(${victim}) moves the last timer, ${moved}, into the freed slot and bubbles it. What index does ${moved} store in itself afterwards?`,
    code: shown(before), hint: 'Every move writes the new slot into the timer that moved; compare the moved timer with the one removed to know the direction.',
    expected: after.indexOf(moved), explanation: `After the removal the array is ${after.join('  ')}, and ${moved} has written its slot, ${after.indexOf(moved)}, into itself.`,
    replay: replay('indexed', ops, `op:${ds.length + 1}`),
  };
};

/** Predict: equals() calls to cancel n timers in reverse on the JDK heap. */
const predictReverse: Maker = (seed) => {
  const r = rng(`${seed}/reverse`);
  const n = [50, 80, 100, 120][randomInt(r, 0, 3)];
  const ops = `schedule ${n}, cancel-reverse`;
  const exact = commandWork(ops, 'jdk', 1).equals; // counted by the real heap, not by the formula
  const choices = [n, n * 2, (n * (n + 1)) / 2, n * n].map(fmt);
  return {
    id: 'predict-reverse', kind: 'predict', title: 'Predict the pathology',
    prompt: `Schedule ${n} timers due at 1 … ${n} in order, then cancel all of them in reverse order on the JDK heap. How many equals() calls will the cancellations make in total? Choose, check, then replay it in the player.`,
    choices, hint: 'In reverse, the timer being cancelled is always in the last slot, so every scan reads the whole array.',
    expected: fmt(exact), explanation: `The real heap made ${fmt(exact)} equals() calls: each cancellation scans every remaining slot, ${n} + ${n - 1} + … + 1.`,
    replay: replay('race', ops, 'end'),
  };
};

/** Predict: equals() calls for the indexed heap, same experiment. */
const predictIndexed: Maker = (seed) => {
  const r = rng(`${seed}/indexed`);
  const n = [60, 90, 110][randomInt(r, 0, 2)];
  const ops = `schedule ${n}, cancel-reverse`;
  const calls = commandWork(ops, 'indexed', 1).equals;
  return {
    id: 'predict-indexed', kind: 'predict', title: 'And the indexed heap?',
    prompt: `An experiment like the last one, on Netty's indexed heap: ${n} timers due at 1 … ${n}, cancelled in reverse. How many equals() calls in total? Type a number, check, then replay it in the player.`,
    hint: 'Each timer knows its own index. Before removing, Netty checks that the slot it names really holds this timer.', expected: calls,
    explanation: `The real heap made ${fmt(calls)}, one per cancellation: each reads the stored index and goes straight to the slot, where remove makes its one equals() call (the x.equals(a[i]) on the pseudocode's remove line, in Netty's contains()) to check the slot holds this very timer. No search: in reverse that slot is always the last one, which is then simply cleared.`,
    replay: replay('race', ops, 'end'),
  };
};

/** Predict: which order is the JDK heap's worst case? */
const worstOrder: Maker = (seed) => {
  const r = rng(`${seed}/order`);
  const n = [40, 64, 100][randomInt(r, 0, 2)];
  const choices = ['cancelling in scheduling order', 'cancelling in reverse order', 'both cost the same'];
  // Only the cancellations: the question says the timers are already queued.
  const work = (ops: string) => {
    const t = commandWork(ops, 'jdk', 1);
    return t.compare + t.equals + t.move;
  };
  const inOrder = work(`schedule ${n}, cancel-in-order`);
  const reverse = work(`schedule ${n}, cancel-reverse`);
  const expected = inOrder === reverse ? choices[2] : inOrder > reverse ? choices[0] : choices[1];
  return {
    id: 'worst-order', kind: 'predict', title: 'Which order hurts?',
    prompt: `${n} timers due at 1 … ${n} are queued in the JDK heap. Which costs more work in total (comparisons + equals() calls + moves): cancelling them all in scheduling order, or in reverse?`,
    choices, hint: 'Where in the array is the next timer to cancel, in each case?',
    expected, explanation: `Counted on the real heap, cancellations only: ${fmt(inOrder)} comparisons, equals() calls and moves in order, ${fmt(reverse)} in reverse. In order each cancelled timer is at the root (one equals() call plus a sift down); in reverse each is in the last slot, found only after scanning every slot. The replay runs both on the same ${n} timers, in order first, then scheduled again and cancelled in reverse: compare the counters' "this operation" column after each.`,
    replay: replay('jdk', `schedule ${n}, cancel-in-order, schedule ${n}, cancel-reverse`, `op:${n + 1}`),
  };
};

/** Little's law: how many timers does a server keep queued? */
export const queuedTimers = (perSecond: number, answerMs: number, timeoutS: number, lazy: boolean) =>
  (lazy ? perSecond * timeoutS : (perSecond * answerMs) / 1000);

const littleTimers: Maker = (seed) => {
  const r = rng(`${seed}/little`);
  const rate = randomInt(r, 2, 400) * 100;
  const ms = randomInt(r, 2, 40) * 10;
  const timeout = [1, 2, 5, 10][randomInt(r, 0, 3)];
  const lazy = r() < 0.5;
  const n = queuedTimers(rate, ms, timeout, lazy);
  return {
    id: 'little-timers', kind: 'compute', title: 'How many timers wait?',
    prompt: `A server accepts ${fmt(rate)} requests a second and answers each in ${ms} ms on average. For every request it schedules a ${timeout}-second timeout and cancels it when the answer goes out; ${lazy
      ? 'a cancelled timer stays in the queue until its deadline comes round (lazy cancellation)'
      : 'a cancel takes the timer out of the queue at once'}. How many timers does the queue hold on average?`,
    hint: 'Little’s law: the number inside = the rate things arrive × how long each stays inside. How long does a timer stay?',
    expected: n,
    explanation: lazy
      ? `Every timer stays its full ${timeout} s, answered or not: ${fmt(rate)} a second × ${timeout} s = ${fmt(n)}. Removing on cancel would keep only ${fmt(queuedTimers(rate, ms, timeout, false))}.`
      : `A timer stays as long as its request is in flight: ${fmt(rate)} a second × ${ms / 1000} s = ${fmt(n)}. With lazy cancellation every timer would stay ${timeout} s: ${fmt(queuedTimers(rate, ms, timeout, true))}.`,
  };
};

/** The benchmark's ratio when every operation also pays a fixed cost (the hand-off to the event loop). */
export const measuredPercent = (a: number, b: number, fixed: number) => (100 * (fixed + a)) / (fixed + b);

const fixedCost: Maker = (seed) => {
  const r = rng(`${seed}/fixed`);
  let a = 0;
  let b = 0;
  let h = 0;
  do {
    a = randomInt(r, 2, 60);
    b = a + randomInt(r, 1, 20);
    h = randomInt(r, 2, 60);
  } while (!clearOfHalf(measuredPercent(a, b, h)) || !clearOfHalf((100 * a) / b));
  const shown = Math.round(measuredPercent(a, b, h));
  return {
    id: 'fixed-cost', kind: 'compute', title: 'What does a fixed cost do to a ratio?',
    prompt: `A benchmark's operation cancels a batch of timers and then hands off to another thread and back, as Netty's did (the times here are made up for this question). The cancels take ${a} µs on heap A and ${b} µs on heap B; the hand-off takes ${h} µs either way. The benchmark reports throughput (operations a second). What is B's score as a percentage of A's, rounded to a whole percent?`,
    hint: 'Throughput is one second ÷ the time of a whole operation, and the hand-off is part of every operation.',
    expected: shown,
    explanation: `A's operation takes ${h + a} µs, B's ${h + b} µs: B scores ${h + a} ÷ ${h + b} = ${shown} % of A. The heaps alone differ more: ${a} ÷ ${b} = ${Math.round((100 * a) / b)} %. A fixed cost in the timed region pulls every ratio toward 100 %, most where operations are short.`,
  };
};

/** The in-order rows the lesson reads: published, JVM, wasm; one point each. */
const IN_ORDER = ['published-in-order', 'jvm-in-order', 'wasm-in-order'] as const;
const RUN_NAME: Record<(typeof IN_ORDER)[number], string> = {
  'published-in-order': 'Netty’s published table (JMH, 2017; the interval is the lab’s, rebuilt from the rows’ Score ± Error)',
  'jvm-in-order': 'the lab’s committed JVM run',
  'wasm-in-order': 'the lab’s saved wasm run',
};

const readRatio: Maker = (seed) => {
  const r = rng(`${seed}/interval`);
  const id = IN_ORDER[randomInt(r, 0, IN_ORDER.length - 1)];
  const spec = claims[id] as RatioClaim;
  const p = spec.points[randomInt(r, 0, spec.points.length - 1)];
  const i = pointInterval(spec, p, lessonClaimData('cancelling-timers'))!;
  const answer = readInterval(i);
  const choices = ['Netty’s heap was faster', 'Netty’s heap was slower', 'no difference this run can resolve'];
  const expected = choices[READINGS.indexOf(answer)];
  return {
    id: 'read-interval', kind: 'predict', title: 'Read the interval',
    prompt: `In ${RUN_NAME[id]}, cancelling ${p.label} timers in order, Netty’s heap ÷ the JDK heap is ${i.estimate.toFixed(2)}×, with a 95 % interval of ${intervalText(i)}. What does that row show?`,
    choices, hint: 'Is the whole interval on one side of 1×?',
    expected,
    explanation: `${intervalText(i)} ${answer === 'faster' ? 'lies wholly above 1×: Netty’s heap was faster on that row' : answer === 'slower' ? 'lies wholly below 1×: Netty’s heap was slower on that row' : 'contains 1×: the row cannot tell the heaps apart'}. Read a ratio by its interval, not by its point estimate: ${i.estimate.toFixed(2)}× alone says nothing about how sure it is.`,
  };
};

export const exercises: Maker[] = [
  equalsCount, scanOrder, afterPoll, offerComparisons, storedIndex, predictReverse, predictIndexed, worstOrder,
  littleTimers, fixedCost, readRatio,
];
