// The exercises of the request-timeouts lesson, each generated from a seed by running Kafka's
// timing wheel (or the DelayQueue of tasks) on a small script and graded against what it did.
import type { Maker } from '../../web/src/exercises/exercises';
import { distinct, randomInt, rng } from '../../web/src/exercises/rng';
import type { StepSpec } from '../../web/src/embed/params';
import { listing, num, plural } from '../../web/src/util/format';
import { frameAt, modelAt, wheelTrace } from '../../web/src/wheel/frames';
import { actionRange, kindIndex, stepAt, type Trace } from '../../web/src/script/trace';
import { saturation } from '../../web/src/wheel/saturation';
import { published } from './published';

const replay = (view: string, ops: string, step: StepSpec) => ({ family: 'wheel', view, ops, step });

/** The steps of action `a` (0-based). */
function stepsOf(t: Trace, a: number) {
  const [from, to] = actionRange(t, a);
  return Array.from({ length: to - from }, (_, i) => ({ k: from + i, ...stepAt(t, from + i) }));
}

const levelName = (l: number) => `level ${l}`;

/** The first level an added timer is placed on, and the step that places it. */
function placed(t: Trace, a: number) {
  const place = kindIndex(t.schema, 'place');
  const s = stepsOf(t, a).find((x) => x.kind === place)!;
  return { k: s.k, level: s.a };
}

/** Two clocks, then one timer: which level takes it? */
const whichLevel: Maker = (seed) => {
  const r = rng(`${seed}/level`);
  // Timer 1 moves the wheel's clock to `wheel` (its bucket comes due then); then nothing is due
  // until `now`, so the wheel's clock lags now by the gap (or by nothing).
  const wheel = randomInt(r, 1, 39) * 10;
  const now = wheel + [0, randomInt(r, 3, 38) * 10, randomInt(r, 40, 300) * 10][randomInt(r, 0, 2)];
  const delay = [randomInt(r, 2, 19), randomInt(r, 25, 399), randomInt(r, 450, 7000)][randomInt(r, 0, 2)];
  const ops = `add 1 ${wheel}, advance ${now}, add 2 ${delay}`;
  const t = wheelTrace(ops, 'wheel');
  const { k, level } = placed(t, 2);
  // Each level's reach as the add found it (a level made during the add starts at the clock of
  // the one below, rounded down to its own tick).
  const reaches = modelAt(t, k + 1).levels.slice(0, level + 1).map((l) => `level ${l.level} reaches ${num(l.time + l.tick)} … ${num(l.time + l.interval - 1)} ms`);
  const due = now + delay;
  // The same add on a wheel whose clock is at now (a bucket came due at now).
  const kept = wheelTrace(`add 1 ${now}, advance ${now}, add 2 ${delay}`, 'wheel');
  const fromNow = placed(kept, 2).level;
  // The add only offers its bucket; the reaper's next pass (an advance, here to the same time)
  // polls it if it is already due, and the timer cascades down.
  const passed = `${ops}, advance ${now}`;
  const p = wheelTrace(passed, 'wheel');
  const cascades = stepsOf(p, 3).filter((s) => s.kind === kindIndex(p.schema, 'cascade')).length;
  const settled = modelAt(p, p.length).buckets.find((b) => b.timers.includes(1))!.level;
  const lagged = now === wheel ? ''
    : fromNow === level ? `Counted from now it would have gone to the same level.`
      : `Counted from now it would have gone to ${levelName(fromNow)}.${cascades > 0 ? ` Its bucket on ${levelName(level)} had already expired: the add only offers it, and the reaper's next pass polls it, so the timer cascades down to ${levelName(settled)} (step on in the replay).` : ''}`;
  return {
    id: 'which-level', kind: 'compute', title: 'Which level takes it?',
    prompt: `${now > wheel
      ? `Timer 1 fires at ${num(wheel)} ms, when its bucket comes due, and nothing is due after it: the wheel's clock stays at ${num(wheel)} ms while the real clock runs on to ${num(now)} ms.`
      : `Timer 1 fires at ${num(wheel)} ms, when its bucket comes due: the wheel's clock and the real clock are both at ${num(now)} ms.`} The wheel has ticks of 1 ms and 20 slots a level (level 1: 20 ms ticks, level 2: 400 ms). Now timer 2 is added with a delay of ${num(delay)} ms. Which level does it land on? (0 is the finest.)`,
    hint: 'Its expiration is now + delay, by the real clock. But each level’s reach counts from the wheel’s own clock, not from now: a level reaches from its clock + one tick to just under its clock + tick × 20, its clock being the wheel’s clock rounded down to the level’s tick. Try level 0 first, then go up.',
    expected: level,
    explanation: `It is due at ${num(now)} + ${num(delay)} = ${num(due)} ms by the real clock, ${now > wheel ? 'but' : 'and'} the reaches count from the wheel's clock, ${num(wheel)} ms: ${reaches.join('; ')}${reaches.length > 1 ? ' (the reaches overlap: a timer goes to the finest level that covers it)' : ''}. ${level === 0 ? 'Level 0 covers it.' : `Level ${level} is the first that covers it.`}${lagged ? ` ${lagged}` : ''}`,
    // Opens at the add; the reaper's next pass follows it.
    replay: replay('wheel', passed, 'op:3'),
  };
};

/** …and which slot? */
const whichSlot: Maker = (seed) => {
  const r = rng(`${seed}/slot`);
  const now = randomInt(r, 1, 40) * 20;
  const delay = randomInt(r, 21, 390);
  // Timer 1 comes due at `now`, so the wheel's clock is at now too.
  const ops = `add 1 ${now}, advance ${now}, add 2 ${delay}`;
  const t = wheelTrace(ops, 'wheel');
  const b = modelAt(t, t.length).buckets.find((x) => x.timers.includes(1))!;
  const due = now + delay;
  return {
    id: 'which-slot', kind: 'compute', title: 'Which slot?',
    prompt: `Timer 1 fires at ${num(now)} ms, when its bucket comes due, so the wheel's clock is at ${num(now)} ms, as is the real clock. Then timer 2 is added with a delay of ${num(delay)} ms; it lands on ${levelName(b.level)} (${b.level === 0 ? '1 ms' : '20 ms'} ticks, 20 slots). Which slot (0 … 19)?`,
    hint: 'slot = (expiration ÷ tick, rounded down) mod 20.',
    expected: b.slot,
    explanation: `It expires at ${num(due)} ms: (${num(due)} ÷ ${b.level === 0 ? 1 : 20}, rounded down) mod 20 = ${b.slot}. Its bucket expires at ${num(b.expires)} ms.`,
    replay: replay('wheel', ops, 'op:3'),
  };
};

/** When does it first move down a level? */
const firstCascade: Maker = (seed) => {
  const r = rng(`${seed}/cascade`);
  // A whole number of level-2 ticks would come due with its bucket and fire, never moving down.
  const drawn = randomInt(r, 820, 7900);
  const delay = drawn % 400 === 0 ? drawn + 1 : drawn;
  const ops = `add 1 ${delay}, advance ${delay}`;
  const t = wheelTrace(ops, 'wheel');
  const cascade = kindIndex(t.schema, 'cascade');
  const first = stepsOf(t, 1).find((s) => s.kind === cascade)!;
  // The wheel's clock when the bucket is polled: its expiration.
  const time = modelAt(t, first.k + 1).wheelTime;
  return {
    id: 'first-cascade', kind: 'compute', title: 'When does it move down?',
    prompt: `At 0 ms a timer is added with a delay of ${num(delay)} ms; then the clock runs to ${num(delay)} ms. At what time (ms) does the timer first move down a level?`,
    hint: 'First find the level it lands on: the finest whose reach covers the delay. A bucket there holds every timer due within one of that level’s ticks, and comes due when its tick begins: then it is flushed, and each of its timers is added again, lower.',
    expected: time,
    explanation: `It waits in level 2's bucket expiring at ${num(time)} ms (${num(delay)} rounded down to a multiple of 400). At ${num(time)} ms that bucket is flushed and the timer drops to level ${first.b}.`,
    replay: replay('wheel', ops, 'op:2'),
  };
};

/** Click the timers in the order they fire during one advance. */
const fireOrder: Maker = (seed) => {
  const r = rng(`${seed}/fire`);
  const delays = distinct(r, 6, 2, 38);
  delays[5] = delays[2]; // two timers in one bucket: list order decides
  const cancelled = randomInt(r, 0, 1) ? 4 : 3;
  const ids = delays.map((_, i) => i + 1);
  const ops = `${ids.map((id, i) => `add ${id} ${delays[i]}`).join(', ')}, cancel ${ids[cancelled]}, advance 40`;
  const t = wheelTrace(ops, 'wheel');
  const fired = modelAt(t, t.length).fired.map((f) => Number(t.entityLabels[f.timer]));
  const cells = [...ids].sort((a, b) => a - b);
  return {
    id: 'fire-order', kind: 'trace', title: 'In what order do they fire?',
    prompt: `Timers ${ids.map((id, i) => `${id} (+${delays[i]} ms)`).join(', ')} are added at 0 ms, in that order; then timer ${ids[cancelled]} is cancelled and the clock advances to 40 ms. Click the timers in the order they fire, then press Check.`,
    cells: { labels: cells.map(String), noun: 'timer', groupLabel: 'the timers, by number' },
    hint: 'Buckets come out of the delay queue earliest expiration first; within one bucket, the list is flushed from the head, in the order the timers were added.',
    expected: fired.map((id) => cells.indexOf(id)),
    explanation: `They fire ${fired.join(', ')}: by expiration, and ${ids[2]} before ${ids[5]}, which share a bucket, because ${ids[2]} was appended first. ${ids[cancelled]} was unlinked and never fires.`,
    replay: replay('wheel', ops, `op:${ids.length + 2}`),
  };
};

/** How many entries does the wheel's delay queue hold? */
const bucketsQueued: Maker = (seed) => {
  const r = rng(`${seed}/buckets`);
  const n = randomInt(r, 8, 12);
  const max = randomInt(r, 30, 120);
  const delays = Array.from({ length: n }, () => randomInt(r, 1, max));
  const ops = delays.map((d, i) => `add ${i + 1} ${d}`).join(', ');
  const t = wheelTrace(ops, 'wheel');
  const queued = frameAt(t, t.length).get('q_size');
  const m = modelAt(t, t.length);
  return {
    id: 'buckets-queued', kind: 'compute', title: 'What does the delay queue hold?',
    prompt: `At 0 ms, ${n} timers are added to an empty wheel, due in ${listing(delays.map((d) => `${d}`))} ms. How many entries does the wheel's delay queue hold afterwards?`,
    hint: 'The delay queue holds buckets, never timers, and a bucket is offered once, when its expiration is first set. So: in which bucket does each timer land (level 0 has 1 ms slots, level 1 has 20 ms slots), and how many different buckets is that?',
    expected: queued,
    explanation: `${queued}: one per bucket holding timers (${m.buckets.map((b) => `level ${b.level}, slot ${b.slot}`).join('; ')}). A DelayQueue of tasks would hold all ${n}.`,
    replay: replay('wheel', ops, 'end'),
  };
};

/** The old design's cancel: count the equals() calls. */
const delayQueueCancel: Maker = (seed) => {
  const r = rng(`${seed}/dq`);
  const delays = distinct(r, randomInt(r, 7, 10), 5, 95);
  const victim = randomInt(r, 2, delays.length);
  const ops = `${delays.map((d, i) => `add ${i + 1} ${d}`).join(', ')}, cancel ${victim}`;
  const t = wheelTrace(ops, 'delay-queue');
  const equals = kindIndex(t.schema, 'q-equals');
  const n = stepsOf(t, delays.length).filter((s) => s.kind === equals).length;
  return {
    id: 'dq-cancel', kind: 'compute', title: 'The old design’s cancel',
    prompt: `A DelayQueue of tasks holds timers ${delays.map((d, i) => `${i + 1} (+${d} ms)`).join(', ')}, added in that order. How many equals() calls does cancelling timer ${victim} make, counting the one that finds it?`,
    hint: 'remove(Object) scans the heap\'s array from slot [0]. Work out where each task sits after the offers: every offer climbs while it is earlier than its parent.',
    expected: n,
    explanation: `Timer ${victim} sits in slot [${n - 1}] of the heap's array, so the scan makes ${plural(n, 'equals() call')}. The wheel's cancel makes none: the entry unlinks itself from its bucket.`,
    replay: replay('delay-queue', ops, `op:${delays.length + 1}`),
  };
};

/** Predict: how many levels does one far timer need? */
const levelsNeeded: Maker = (seed) => {
  const r = rng(`${seed}/levels`);
  const delay = [randomInt(r, 21, 399), randomInt(r, 401, 7999), randomInt(r, 8001, 159_999), randomInt(r, 160_001, 3_199_999)][randomInt(r, 0, 3)];
  const ops = `add 1 ${delay}`;
  const t = wheelTrace(ops, 'wheel');
  const levels = frameAt(t, t.length).get('levels');
  // The top level as the player draws it: its tick, and how far it reaches (tick × slots).
  const top = modelAt(t, t.length).levels[levels - 1];
  const choices = ['2', '3', '4', '5'];
  return {
    id: 'levels-needed', kind: 'predict', title: 'How many levels?',
    prompt: `An empty wheel (1 ms ticks, 20 slots; only level 0 exists) at 0 ms. One timer is added with a delay of ${num(delay)} ms. How many levels exist afterwards?`,
    choices, hint: 'Each level reaches 20 times further than the one below: 20 ms, 400 ms, 8 s, 160 s, … and overflow wheels are made on first need.',
    expected: String(levels),
    explanation: `${levels}, levels 0 to ${levels - 1}. Level ${levels - 1} (ticks of ${num(top.tick)} ms, reaching ${num(top.interval)} ms) is the first whose reach covers ${num(delay)} ms; each level below it was asked first and handed the timer up.`,
    replay: replay('wheel', ops, 'end'),
  };
};

/** Predict: how much does cancelling on the wheel cost, as n grows? */
const cancelCost: Maker = (seed) => {
  const r = rng(`${seed}/cancel`);
  const n = [60, 90, 120][randomInt(r, 0, 2)];
  const ops = `burst ${n} 150, cancel ${randomInt(r, 1, n)}`;
  const t = wheelTrace(ops, 'wheel');
  const last = frameAt(t, t.length).counts('last');
  const work = last.unlink + last['q-compare'] + last['q-equals'] + last['q-move'];
  const choices = ['1: one unlink', `about ${Math.round(Math.log2(n))}: a heap's log₂ n`, `about ${n / 2}: half the timers`];
  return {
    id: 'cancel-cost', kind: 'predict', title: 'What does a cancel cost?',
    prompt: `${n} timers wait on the wheel, all due 150 ms from now. One of them is cancelled. How many unlinks, comparisons, equals() calls and moves does the cancel make in all?`,
    choices, hint: 'The entry knows the list it is in, and the list is doubly linked.',
    expected: work === 1 ? choices[0] : work < 10 ? choices[1] : choices[2],
    explanation: `Counted on the real wheel: ${plural(last.unlink, 'unlink')}, ${plural(last['q-compare'], 'comparison')}, ${plural(last['q-equals'], 'equals() call')}. The bucket stays in the delay queue even if it is now empty; nothing else moves.`,
    replay: replay('wheel', ops, `op:${n + 1}`),
  };
};

/** The simulation's target rates the reading questions use (a subset of its quick sweep). */
const SIM_RATES = [5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000];
const k = (x: number) => `${num(Math.round(x / 1000))}k`;

/** Where one thread stops keeping up, read from a table of costs per simulated second (made up from the seed, and said to be). */
const simSaturation: Maker = (seed) => {
  const r = rng(`${seed}/saturation`);
  let ms: number[] = [];
  do {
    const at = Math.exp(Math.log(3_000) + r() * (Math.log(500_000) - Math.log(3_000)));
    const slope = 1.2 + r() * 1.2;
    ms = SIM_RATES.map((rate) => Math.max(1, Math.round(1000 * (rate / at) ** slope)));
  } while (ms.some((x) => x > 930 && x < 1070));
  const s = saturation(SIM_RATES.map((rate, i) => ({ rate, cost: ms[i] / 1000 })))!;
  const pairs = SIM_RATES.slice(1).map((rate, i) => `between ${k(SIM_RATES[i])} and ${k(rate)} requests/s`);
  const choices = [`below ${k(SIM_RATES[0])} requests/s`, ...pairs, `beyond ${k(SIM_RATES.at(-1)!)} requests/s`];
  const expected = s.kind === 'below' ? choices[0] : s.kind === 'beyond' ? choices.at(-1)!
    : pairs[SIM_RATES.findIndex((rate) => rate >= s.rate) - 1];
  const table = SIM_RATES.map((rate, i) => `${num(rate)}/s: ${num(ms[i])} ms`).join('; ');
  return {
    id: 'sim-saturation', kind: 'predict', title: 'Where does one thread stop keeping up?',
    prompt: `Suppose a run of the lab's purgatory simulation (the old purgatory, many timeouts) gave these figures, made up for this question in the shape the widget reports: for each target rate, the wall-clock time one thread took to process one simulated second of requests: ${table}. Where does one thread stop keeping up?`,
    choices, hint: 'The simulation’s clock is virtual. One thread keeps up while a simulated second costs it less than a real second.',
    expected,
    explanation: `One thread keeps up while a simulated second costs less than 1,000 ms of wall-clock time: ${expected}. This is not what Kafka's wiki read as saturation from its benchmark's printed rates (the actual rate below the target: the generator falling behind the wall clock, in a whole JVM process), so compare where each saturates by direction, not by rate.`,
  };
};

/** What a lab run can and cannot say against Kafka's published saturation rates. */
const directionNotSize: Maker = (seed) => {
  const r = rng(`${seed}/direction`);
  let few: [number, number] = [0, 0];
  let many: [number, number] = [0, 0];
  const range = (centre: number, half: number): [number, number] => [centre / half, centre * half];
  const apart = (a: [number, number], b: [number, number]) => Math.max(a[0] / b[1], b[0] / a[1]);
  do {
    const c = Math.exp(Math.log(20_000) + r() * (Math.log(400_000) - Math.log(20_000)));
    few = range(c, 1.05 + r() * 0.45);
    many = range(c * (0.2 + r() * 1.4), 1.05 + r() * 0.45);
    // Clearly apart or clearly overlapping: no pair of ends within 5 % of each other.
  } while (Math.abs(Math.log(apart(few, many))) < 0.05);
  const choices = [
    'yes: it saturates earlier with many timeouts, as Kafka’s did',
    'no: it saturates later with many timeouts',
    'it cannot tell from these ranges: they overlap',
    'no: its rates are far from Kafka’s',
  ];
  const expected = many[1] < few[0] ? choices[0] : many[0] > few[1] ? choices[1] : choices[2];
  const fig = published.figures;
  const text = (x: [number, number]) => `${k(x[0])}–${k(x[1])} requests/s`;
  return {
    id: 'direction-not-size', kind: 'predict', title: 'What can a lab run say about Kafka’s figures?',
    prompt: `Kafka's wiki reported the old purgatory saturating around ${num(fig['old-low'].value)} requests/s with few timeouts and ${num(fig['old-high'].value)} with many. Suppose a run of the lab's simulation (figures made up for this question) put the old purgatory's saturation, over its seeds, at ${text(few)} with few timeouts and ${text(many)} with many. Would that run reproduce what can be compared?`,
    choices, hint: 'One thread’s work on a virtual clock is not a JVM process on the wall clock: which of Kafka’s findings survives that difference?',
    expected,
    explanation: `${expected.charAt(0).toUpperCase()}${expected.slice(1)}. The rates themselves cannot be compared with Kafka's (a different measure, machine and runtime), so "far from Kafka's" is no verdict; the direction, earlier saturation with more timeouts, can. From two ranges alone, as here, only ranges that do not overlap settle it; the lab's own verdict judges the interval of the ratio of the two saturations, which can settle a direction even where the ranges overlap.`,
  };
};

export const exercises: Maker[] = [whichLevel, whichSlot, firstCascade, fireOrder, bucketsQueued, delayQueueCancel, levelsNeeded, cancelCost, simSaturation, directionNotSize];
