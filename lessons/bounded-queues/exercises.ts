// The exercises of the bounded-queues lesson, each generated from a seed by running the real
// queues (the JDK's ConcurrentLinkedQueue and ArrayBlockingQueue, JCTools' rings) on a small
// script, step by step, and graded against what they did.
import type { Maker } from '../../web/src/exercises/exercises';
import { distinct, randomInt, rng } from '../../web/src/exercises/rng';
import type { StepSpec } from '../../web/src/embed/params';
import { num, plural } from '../../web/src/util/format';
import { frameAt, queueTrace } from '../../web/src/queue/frames';
import { chainOf, polledOf } from '../../web/src/queue/viewModel';
import { countSteps, kindIndex, stepAt } from '../../web/src/script/trace';
import { MIB, PACKET_BYTES, NODE_BYTES, secondsToExhaust, waitMs } from '../../web/src/queue/overload';
import { buildVisits } from './claims';

const replay = (view: string, ops: string, step: StepSpec, settings?: Record<string, string>) =>
  ({ family: 'queue', view, ops, step, ...(settings ? { settings } : {}) });

const polls = (m: number) => Array.from({ length: m }, () => 'poll').join(', ');

/** size() on a CLQ after some offers and polls: how many nodes does it count? */
const sizeCount: Maker = (seed) => {
  const r = rng(`${seed}/size`);
  const n = randomInt(r, 6, 14);
  const m = randomInt(r, 1, n - 2);
  const ops = `fill ${n}, ${polls(m)}, size`;
  const t = queueTrace(ops, 'clq');
  const visits = countSteps(t, 'visit', t.actions.length - 1);
  return {
    id: 'size-count', kind: 'compute', title: 'What does size() count?',
    prompt: `One thread runs \`${ops}\` on a ConcurrentLinkedQueue. The queue keeps no count: size() walks the nodes from the first live one and counts each that holds an element. How many nodes does it count?`,
    hint: 'Every offer added a node; every poll emptied one (and the emptied ones are skipped or already off the list).',
    expected: visits,
    explanation: `${plural(n, 'offer')} and ${plural(m, 'poll')} leave ${plural(visits, 'element')}: size() reads each of those nodes, and on a queue of a million it would read a million. That is the walk the blog's guard paid on every packet.`,
    replay: replay('clq', ops, `op:${n + m + 1}`),
  };
};

/** Where does the lagging tail point? */
const tailNode: Maker = (seed) => {
  const r = rng(`${seed}/tail`);
  const n = randomInt(r, 3, 9);
  const ops = `fill ${n}`;
  const t = queueTrace(ops, 'clq');
  const tail = frameAt(t, t.length).get('tail');
  return {
    id: 'tail-node', kind: 'compute', title: 'Where is the tail?',
    prompt: `A new ConcurrentLinkedQueue holds one dummy node, n0; head and tail point at it. One thread offers ${n} elements; the k-th offer allocates node nk. Which node does tail point at afterwards? (Answer k for nk.)`,
    hint: 'The JDK moves tail only when an offer had to hop past the node tail pointed at: with one thread, on every second offer.',
    expected: tail,
    explanation: `After ${n} offers tail is at n${tail}${tail === n ? ', the last node' : `, one behind the last node n${n}`}: offers 2, 4, 6, … swing it, each to its own new node; the others leave it where it is, a node short.`,
    replay: replay('clq', ops, 'end'),
  };
};

/** Where is head after some polls? */
const headNode: Maker = (seed) => {
  const r = rng(`${seed}/head`);
  const n = randomInt(r, 5, 9);
  const m = randomInt(r, 1, n - 1);
  const ops = `fill ${n}, ${polls(m)}`;
  const t = queueTrace(ops, 'clq');
  const f = frameAt(t, t.length);
  const head = f.get('head');
  const dead = chainOf(f).nodes.filter((x) => x.next === x.node).length;
  return {
    id: 'head-node', kind: 'compute', title: 'Where is the head?',
    prompt: `One thread runs \`${ops}\` on a new ConcurrentLinkedQueue (dummy n0; the k-th offer's node is nk). Which node does head point at afterwards? (Answer k for nk.)`,
    hint: 'A poll that takes the element of the node head points at leaves head there (the node, now empty, becomes the new dummy); a poll that has to hop moves head on, past the nodes it took.',
    expected: head,
    explanation: `Head is at n${head}. Like tail, it moves on every second poll; the ${plural(dead, 'old head')} it left behind ${dead === 1 ? 'is' : 'are'} self-linked (next points to itself; a node head jumped over still points on), so a thread still holding one knows to start again from head.`,
    replay: replay('clq', ops, 'end'),
  };
};

/** Two producers race for the last node's next: whose CAS fails? */
const failedCas: Maker = (seed) => {
  const r = rng(`${seed}/cas`);
  // A and B each read the last node; then one of them CASes first.
  const aFirst = r() < 0.5;
  const schedule = aFirst ? 'A A A B B B A B' : 'A A A B B B B A';
  const ops = 'A: offer 1, B: offer 2';
  const t = queueTrace(ops, 'clq', { schedule });
  const k = kindIndex(t.schema, 'cas-fail');
  const failing = Array.from({ length: t.length }, (_, i) => stepAt(t, i)).find((s) => s.kind === k);
  const loser = failing ? t.entityLabels[t.actions[failing.action].subject] : 'neither';
  const choices = ['A', 'B', 'neither'];
  return {
    id: 'failed-cas', kind: 'predict', title: 'Whose CAS fails?',
    prompt: `Two producers offer to an empty ConcurrentLinkedQueue: \`${ops}\`. The schedule gives one turn at a time: \`${schedule}\`. Each offer allocates its node, reads tail, reads tail's next (null: the last node), CASes that next from null to its node, and returns: a turn each. Whose CAS fails?`,
    choices, hint: 'Both read n0.next as null. The first CAS to run finds null there and links its node; the second expects null and finds the first one\'s node.',
    expected: loser,
    explanation: `${loser}'s CAS fails: ${aFirst ? 'A' : 'B'} ran its CAS first and linked its node after n0, so the other's "null → mine" finds a node there, fails, and loops: it reads the new next, hops, and links after it. Nothing is lost; one turn was wasted.`,
    replay: replay('clq', ops, 0, { schedule }),
  };
};

/** ArrayBlockingQueue's indices after offers and polls. */
const abqIndex: Maker = (seed) => {
  const r = rng(`${seed}/abq`);
  const cap = randomInt(r, 3, 6);
  const parts: string[] = [];
  let v = 1;
  for (let i = 0; i < 5; i++) {
    const offers = randomInt(r, 1, cap);
    for (let j = 0; j < offers; j++) parts.push(`offer ${v++}`);
    const p = randomInt(r, 0, 2);
    for (let j = 0; j < p; j++) parts.push('poll');
  }
  const ops = parts.join(', ');
  const settings = { capacity: String(cap) };
  const t = queueTrace(ops, 'abq', settings);
  const f = frameAt(t, t.length);
  const rejected = t.actions.filter((a) => a.label.endsWith('→ false')).length;
  return {
    id: 'abq-put-index', kind: 'compute', title: 'Where will the next offer go?',
    prompt: `An ArrayBlockingQueue of capacity ${cap} runs \`${ops}\`. An offer to a full queue returns false and changes nothing. What is putIndex at the end (the slot the next offer would fill, 0 … ${cap - 1})?`,
    hint: 'putIndex moves on by one for every offer that succeeds, wrapping to 0 at the capacity; a rejected offer leaves it alone.',
    expected: f.get('put_index'),
    explanation: `${plural(t.actions.filter((a) => a.label.endsWith('→ true')).length, 'offer')} succeeded (${rejected} rejected: the queue was full), so putIndex moved that many slots round a ring of ${cap}: it is ${f.get('put_index')}. takeIndex is ${f.get('take_index')} and count ${f.get('count')}.`,
    replay: replay('abq', ops, 'end', settings),
  };
};

/** SPSC's producer limit after some offers. */
const spscLimit: Maker = (seed) => {
  const r = rng(`${seed}/spsc`);
  const cap = [8, 16, 32][randomInt(r, 0, 2)];
  const n = randomInt(r, 1, cap - 1);
  const ops = `fill ${n}`;
  const settings = { capacity: String(cap) };
  const t = queueTrace(ops, 'spsc', settings);
  const limit = frameAt(t, t.length).get('producer_limit');
  const step = Math.min(cap / 4, 4096);
  return {
    id: 'spsc-limit', kind: 'compute', title: 'How far has the producer looked ahead?',
    prompt: `A JCTools SpscArrayQueue of capacity ${cap} (look-ahead step ${step}) starts empty; its producer offers ${plural(n, 'element')} and nothing is polled. What is producerLimit afterwards?`,
    hint: `When an offer reaches producerLimit it reads the slot ${step} ahead: if that slot is empty, every slot before it is too, and the limit moves to p + ${step}. Near a full ring the look-ahead finds an element and the limit stays.`,
    expected: limit,
    explanation: `producerLimit is ${limit}: the producer read the ring only at the offers that reached the limit, instead of reading the consumer's index on every offer. That is how an SPSC offer avoids both a lock and a CAS.`,
    replay: replay('spsc', ops, 'end', settings),
  };
};

/** The MPSC consumer spins on a claimed slot. */
const mpscSpins: Maker = (seed) => {
  const r = rng(`${seed}/mpsc`);
  const k = randomInt(r, 4, 9);
  const schedule = `P P P C*${k}`;
  const ops = 'P: offer 7, C: poll';
  const settings = { schedule };
  const t = queueTrace(ops, 'mpsc', settings);
  const spins = countSteps(t, 'spin');
  return {
    id: 'mpsc-spins', kind: 'compute', title: 'How long does the consumer spin?',
    prompt: `An MpscArrayQueue: producer P offers 7, consumer C polls, on the schedule \`${schedule}\` (then round-robin). P's first three turns read producerLimit, read producerIndex and CAS it from 0 to 1: the slot is claimed, not yet written. C reads consumerIndex, reads slot 0 (null), reads producerIndex (1, so the slot is claimed), then re-reads the slot until it holds the element. How many times does C read the empty slot again (spin) before the element lands?`,
    hint: `C has ${k} turns in its run; the first three are the reads above. Then round-robin gives P one turn, which writes the element.`,
    expected: spins,
    explanation: `${plural(spins, 'spin')}: C's ${k} turns minus its first three reads. MPSC publishes the index before the element, so a consumer can see "one more element" before the element is there; JCTools' poll waits for it (relaxedPoll would return null instead).`,
    replay: replay('mpsc', ops, 0, settings),
  };
};

/** In which order does the consumer get them? */
const pollOrder: Maker = (seed) => {
  const r = rng(`${seed}/order`);
  const values = distinct(r, 6, 10, 99);
  const script = `P1: offer ${values[0]}, offer ${values[1]}, offer ${values[2]}, P2: offer ${values[3]}, offer ${values[4]}, offer ${values[5]}, C: drain`;
  // C is not in the written part: it drains once both producers are done.
  const settings = { schedule: `P1*${randomInt(r, 3, 9)} P2*${randomInt(r, 3, 9)} P1*${randomInt(r, 3, 9)} P2*30 P1*30` };
  const t = queueTrace(script, 'clq', settings);
  const out = polledOf(frameAt(t, t.length));
  const cells = [...values].sort((a, b) => a - b);
  return {
    id: 'poll-order', kind: 'trace', title: 'In what order does the consumer get them?',
    prompt: `Two producers offer to one ConcurrentLinkedQueue and consumer C drains it at the end: \`${script}\`, on the schedule \`${settings.schedule}\` (then round-robin, which gives C its turn only when the producers are done). Click the elements in the order C polls them.`,
    cells: { labels: cells.map(String), noun: 'element', groupLabel: 'the elements, smallest first' },
    hint: 'Each producer\'s elements keep their order. Between producers, what counts is whose CAS on the last node\'s next ran first: follow the schedule turn by turn. An offer takes five turns when tail is on the last node (allocate, read tail, read next, CAS, return) and seven when tail lags a node behind (one more read of next, and a CAS of tail after the CAS of next); a CAS that fails costs its turn, and the offer reads next again. And once an offer has hopped past the node it read as tail, finding next set again costs one more turn: it reads tail again before it moves on.',
    expected: out.map((x) => cells.indexOf(x)),
    explanation: `C polls ${out.join(', ')}: the order of the successful CASes on the last node's next. Per producer, FIFO holds; across producers, the interleaving decides.`,
    replay: replay('clq', script, 0, settings),
  };
};

/** How long until the unbounded queue exhausts its budget? */
const exhaust: Maker = (seed) => {
  const r = rng(`${seed}/oom`);
  let arrival = 0;
  let service = 0;
  let budget = 0;
  let s = 0;
  // Rates whose answer is not within 0.15 s of a whole second, so rounding down is unambiguous.
  do {
    arrival = randomInt(r, 10, 40) * 10_000;
    service = arrival - randomInt(r, 2, 9) * 5_000;
    budget = [256, 512, 1024, 2048][randomInt(r, 0, 3)];
    s = secondsToExhaust(budget * MIB, arrival, service, PACKET_BYTES + NODE_BYTES);
  } while (s - Math.floor(s) < 0.15 || s - Math.floor(s) > 0.85);
  const growth = arrival - service;
  return {
    id: 'seconds-to-oom', kind: 'compute', title: 'How long until it runs out of memory?',
    prompt: `A receiver offers ${num(arrival)} packets a second into an unbounded ConcurrentLinkedQueue; the consumers take ${num(service)} a second. Each queued packet holds its ${num(PACKET_BYTES)}-byte buffer and a ${NODE_BYTES}-byte node. The heap has ${num(budget)} MiB (1 MiB = 1,048,576 bytes) for them. After how many whole seconds (rounded down) is it full?`,
    hint: 'The queue grows by arrivals − consumption each second; each packet costs buffer + node bytes.',
    expected: Math.floor(s),
    explanation: `It grows by ${num(growth)} packets a second × ${num(PACKET_BYTES + NODE_BYTES)} bytes = ${num(growth * (PACKET_BYTES + NODE_BYTES))} bytes a second; ${num(budget)} MiB last ${s.toFixed(2)} s. The simulation in this lesson runs the same arithmetic on the real queue, with jitter, and stops there.`,
  };
};

/** How long does a packet wait in a full bounded queue? */
const fullWait: Maker = (seed) => {
  const r = rng(`${seed}/wait`);
  const service = randomInt(r, 2, 20) * 10_000;
  const bound = (service / 1000) * randomInt(r, 20, 300);
  const ms = waitMs(bound, service);
  return {
    id: 'full-wait', kind: 'compute', title: 'How long does a packet wait?',
    prompt: `Under overload an ArrayBlockingQueue of bound ${num(bound)} stays full; the consumers take ${num(service)} packets a second, first in, first out. How many milliseconds does a packet that gets in wait before it is polled?`,
    hint: 'It is polled once every packet ahead of it has been, and then it is: a whole queue\'s worth of polls, at the consumers\' rate.',
    expected: Math.round(ms),
    explanation: `${num(bound)} polls (the ${num(bound - 1)} packets ahead of it, then its own) ÷ ${num(service)} a second = ${num(Math.round(ms))} ms. A bound is also a latency budget: the bigger the queue, the older the packets it serves. The simulation's latency chart sits at this line once the queue is full.`,
  };
};

/** How long, in seconds, until guarded offers have built a queue of `length` nodes at `visits` node visits a second. */
export const buildSeconds = (length: number, visits: number) => buildVisits(length) / visits;

const SPANS = ['under a second', 'seconds to a minute', 'minutes (1 to 60)', 'hours (1 to 24)', 'days'] as const;
/** The span a time falls in, and how far (as a factor) it is from the span's nearest edge. */
function span(seconds: number): { name: (typeof SPANS)[number]; margin: number } {
  const edges = [1, 60, 3600, 86400];
  const i = edges.findIndex((e) => seconds < e);
  const at = i === -1 ? SPANS.length - 1 : i;
  const margin = Math.min(...edges.map((e) => Math.abs(Math.log(seconds / e))));
  return { name: SPANS[at], margin };
}

/** Guarded offers building a long queue: a benchmark that could not have done it. */
const buildTime: Maker = (seed) => {
  const r = rng(`${seed}/build`);
  let length = 0;
  let visits = 0;
  let t = 0;
  do {
    length = [30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000][randomInt(r, 0, 5)];
    visits = [1e8, 2e8, 5e8, 1e9, 2e9][randomInt(r, 0, 4)];
    t = buildSeconds(length, visits);
  } while (span(t).margin < Math.log(1.3));
  const expected = span(t).name;
  return {
    id: 'build-time', kind: 'predict', title: 'How long to build the queue?',
    prompt: `A benchmark (made up for this question) offers into a ConcurrentLinkedQueue only while size() is below a bound, and nothing consumes. The queue starts empty. size() walks every node, on a machine that walks ${num(visits)} nodes a second. How long do the guarded offers take to build a queue of ${num(length)} nodes?`,
    choices: [...SPANS], hint: 'The k-th offer first walks the k − 1 nodes already there: 0 + 1 + … + (L − 1), about L²/2 visits in all.',
    expected,
    explanation: `${num(length)} nodes take ${num(buildVisits(length))} node visits (about ${num(length)}²/2), ${t < 10 ? t.toFixed(1) : num(Math.round(t))} s at ${num(visits)} a second: ${expected}. A JMH run whose queue must grow to millions by guarded offers alone would not finish in any usual number of iterations; a queue that long came from somewhere else.`,
  };
};

/** A queue that grows during the run: how many iterations until the walk doubles? */
const driftIterations: Maker = (seed) => {
  const r = rng(`${seed}/drift`);
  const length = [100_000, 500_000, 1_000_000, 2_000_000, 5_000_000][randomInt(r, 0, 4)];
  const score = randomInt(r, 5, 80);
  const seconds = [1, 10][randomInt(r, 0, 1)];
  const perIteration = score * seconds;
  // The fewest whole iterations whose offers add `length` nodes: a part-iteration does not double it.
  const expected = Math.ceil(length / perIteration);
  // The score falls as the walk lengthens (time per offer ∝ length): at twice the length, half the
  // score. Then dL/dt = score·L0/L, and doubling takes (4L0² − L0²)/(2·score·L0) = 1.5·L0/score.
  const falling = Math.floor((1.5 * length) / perIteration);
  return {
    id: 'drift-iterations', kind: 'compute', title: 'Can the queue’s growth explain the spread?',
    prompt: `Suppose a JMH row for a size()-guarded offer read about ${score} ops/s (a figure made up for this question). Each successful offer adds one node to a queue that starts with ${num(length)} nodes; nothing consumes, and each iteration lasts ${plural(seconds, 'second')}. The score can only fall as the queue grows, since each offer walks the whole queue. At the starting score, how many whole iterations would it take, at the fewest, for the queue, and so each walk, to double in length?`,
    hint: 'At the starting score, each iteration adds about score × iteration time nodes.',
    expected,
    explanation: `At the starting score each iteration adds about ${num(perIteration)} nodes, so doubling ${num(length)} takes at least ${num(expected)} iterations. It would take longer: the score falls as the walk lengthens (at twice the length, half the score), and with that taken into account doubling takes 1.5 times as long, about ${num(falling)} iterations. Over a run of 10 iterations the walk lengthens by at most ${((100 * 10 * perIteration) / length).toPrecision(2)} %, and the score falls by no more: far too little to spread the iterations' scores much. A large error on such a row needs another cause.`,
  };
};

export const exercises: Maker[] = [sizeCount, tailNode, headNode, failedCas, abqIndex, spscLimit, mpscSpins, pollOrder, exhaust, fullWait, buildTime, driftIterations];
