// The exercises of the recycler lesson, each generated from a seed by running Netty's 2014
// Recyclers (the old thread-local stack, and the rewrite's stacks and WeakOrderQueues) on a small
// script of gets and recycles on virtual threads, and graded against what they did.
import type { Maker } from '../../web/src/exercises/exercises';
import { distinct, randomInt, rng } from '../../web/src/exercises/rng';
import { plural } from '../../web/src/util/format';
import { finalThreads, frameAt, recyclerTrace } from '../../web/src/recycler/frames';
import { countSteps } from '../../web/src/script/trace';
import { faultText, idName, objectName, outcomeText, queuesOf } from '../../web/src/recycler/viewModel';
import { jvmResults } from '../../web/src/bench/jvmResults';
import { intervalOf, unpairedLogRatio } from '../../web/src/bench/ratio';
import { READINGS, clearOfHalf, readInterval } from '../../web/src/exercises/reading';

const replay = (view: string, ops: string, settings?: Record<string, string>) =>
  ({ family: 'recycler', view, ops, step: 'end' as const, ...(settings ? { settings } : {}) });

const NEW = 'a new object';

/** `recycle 3, recycle 1`: the gets' numbers, as a script names them. */
const recycles = (gets: number[]) => gets.map((g) => `recycle ${g}`).join(', ');

/** A random order of 1 … n. */
function shuffled(r: () => number, n: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i + 1);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(r, 0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The object a thread's last get returned, or "a new object" when the recycler had to make it. */
function lastGot(ops: string, variant: string, thread: number, madeBefore: number, settings?: Record<string, string>) {
  const t = recyclerTrace(ops, variant, settings);
  const c = finalThreads(t)[thread];
  const o = c.outcomeValue;
  return { t, c, answer: c.outcome === 'got' && o < madeBefore ? objectName(o) : NEW };
}

/** The old Recycler, one thread: which object comes back? */
const nextGet: Maker = (seed) => {
  const r = rng(`${seed}/next`);
  const n = randomInt(r, 3, 6);
  const order = shuffled(r, n).slice(0, randomInt(r, 1, n - 1));
  const ops = `get-many ${n}, ${recycles(order)}, get`;
  const { answer } = lastGot(ops, 'before', 0, n);
  return {
    id: 'next-get', kind: 'predict', title: 'Which object does the get return?',
    prompt: `One thread runs \`${ops}\` on the old Recycler. The first ${n} gets make o1 … o${n}; \`recycle k\` gives back the object the k-th get returned. Which object does the last get return?`,
    choices: [...Array.from({ length: n }, (_, i) => objectName(i)), NEW],
    hint: 'Recycling pushes onto the thread’s stack; get pops from it. A stack gives back the last thing pushed.',
    expected: answer,
    explanation: `It returns ${answer}: the last object recycled, ${objectName(order[order.length - 1] - 1)}, sits on top of the stack. Pooling on one thread is a plain LIFO stack in both versions; the cost is in what else each push and pop does.`,
    replay: replay('before', ops),
  };
};

/** The rewrite: another thread recycled them; what does the owner's get see? */
const crossThreadGet: Maker = (seed) => {
  const r = rng(`${seed}/cross`);
  const n = randomInt(r, 2, 5);
  const gets = randomInt(r, 1, 2);
  const ops = `A: get-many ${n}, B: recycle-all, A: ${gets === 1 ? 'get' : 'get, get'}`;
  const { answer } = lastGot(ops, 'after', 0, n);
  return {
    id: 'cross-thread-get', kind: 'predict', title: 'What does the owner get back?',
    prompt: `On the rewritten Recycler, thread A makes o1 … o${n} with \`get-many ${n}\`; thread B recycles all of them; then A calls get ${gets === 1 ? 'once' : 'twice'}: \`${ops}\`. Which object does A's last get return?`,
    choices: [...Array.from({ length: n }, (_, i) => objectName(i)), NEW],
    hint: 'B’s recycles go into a WeakOrderQueue that A’s empty stack scavenges. But A’s scavenging cursor starts out null: what does the first scavenge do with it?',
    expected: answer,
    explanation: gets === 1
      ? `A's first empty-stack get finds its cursor null: scavenging only moves the cursor to the first queue and fails, so get makes ${answer === NEW ? 'a new object' : answer}. B's ${plural(n, 'object')} wait in the queue for the next empty-stack get.`
      : `The first get only moved the cursor (and made o${n + 1}); the second scavenges B's queue, moving ${plural(n, 'handle')} onto A's stack in the order B recycled them, and pops the last: ${answer}.`,
    replay: replay('after', ops),
  };
};

/** The rewrite: how many handles does one scavenge move? */
const handlesMoved: Maker = (seed) => {
  const r = rng(`${seed}/moved`);
  const n = randomInt(r, 3, 40);
  const ops = `A: get-many ${n}, B: recycle-all, A: get, get`;
  const t = recyclerTrace(ops, 'after');
  const moved = countSteps(t, 'transfer', t.actions.length - 1);
  return {
    id: 'handles-moved', kind: 'compute', title: 'How many handles move in one scavenge?',
    prompt: `On the rewritten Recycler: \`${ops}\`. A makes ${n} objects, B recycles all ${n} into its WeakOrderQueue for A, and A gets twice (the first only moves the scavenging cursor). How many handles does the second get's scavenge transfer onto A's stack?`,
    hint: 'A WeakOrderQueue is a chain of links of 16 handles; one transfer moves what one link holds, then stops.',
    expected: moved,
    explanation: `${plural(moved, 'handle')}: transfer takes one link's worth, at most 16${n > 16 ? `, and leaves the other ${n - 16} for later scavenges` : ''}. Moving a batch at a time keeps the owner's cost per get small and bounded.`,
    replay: replay('after', ops),
  };
};

/** The rewrite, two threads: what is in A's stack at the end? */
const stackContents: Maker = (seed) => {
  const r = rng(`${seed}/stack`);
  const n = randomInt(r, 4, 6);
  const order = shuffled(r, n);
  const k = randomInt(r, 1, n - 2);
  const byB = order.slice(0, k);
  const byA = order.slice(k);
  const gets = randomInt(r, 1, 3);
  const ops = `A: get-many ${n}, B: ${recycles(byB)}, A: ${recycles(byA)}, ${Array.from({ length: gets }, () => 'get').join(', ')}, recycle-all`;
  const t = recyclerTrace(ops, 'after');
  const pooled = finalThreads(t)[0].pooled;
  const made = frameAt(t, t.length).get('objects');
  const cells = Array.from({ length: made }, (_, i) => i + 1);
  return {
    id: 'stack-contents', kind: 'trace', title: 'What does A’s stack hold?',
    prompt: `On the rewritten Recycler: \`${ops}\`. Click the objects in A's stack from the bottom up (slot 0 first). (The last \`recycle-all\` recycles every object a get returned that no recycle, A's or B's, has named yet, in the order of those gets, earliest first: an object got twice goes back at its latest get.)`,
    cells: { labels: cells.map((c) => objectName(c - 1)), noun: 'object', groupLabel: 'the objects, in the order they were made' },
    hint: 'A’s own recycles push onto its stack. B’s go into a WeakOrderQueue, and reach A’s stack only when a get finds the stack empty and its cursor on the queue; a transferred batch lands in the order B recycled it. recycle-all recycles, in the order of the gets, every get not yet recycled.',
    expected: pooled.map((o) => cells.indexOf(o + 1)),
    explanation: `Bottom first: ${pooled.map(objectName).join(', ')}.`,
    replay: replay('after', ops),
  };
};

/** The old Recycler drops what another thread recycles: how many objects does it make? */
const oldAllocations: Maker = (seed) => {
  const r = rng(`${seed}/alloc`);
  const n = randomInt(r, 3, 6);
  const order = shuffled(r, n);
  const a = randomInt(r, 1, n - 1);
  const m = randomInt(r, 2, 6);
  const ops = `A: get-many ${n}, ${recycles(order.slice(0, a))}, B: ${recycles(order.slice(a))}, A: get-many ${m}`;
  const t = recyclerTrace(ops, 'before');
  const made = frameAt(t, t.length).get('objects');
  return {
    id: 'old-allocations', kind: 'compute', title: 'How many objects does the old Recycler make?',
    prompt: `On the old Recycler: \`${ops}\`. How many objects has it made by the end?`,
    hint: 'Only the owning thread can push an object back; a recycle from any other thread returns false and the object is left for the garbage collector.',
    expected: made,
    explanation: `${made}: A's ${plural(a, 'recycle')} went back on its stack, B's ${plural(n - a, 'recycle')} were dropped, so ${m > a ? `${m - a} of A's ${m} later gets had to make new objects` : `A's ${m} later gets all found pooled objects`}. Only the recycles on the thread that made the objects came back: with producer and consumer on different threads, the old pool would get nothing back at all.`,
    replay: replay('before', ops),
  };
};

/** What a second recycle can do: the old assertion's error, the rewrite's, or no error at all. */
function doubleChoices(): string[] {
  return [`throws ${faultText('AssertRecycledAlready')}`, `throws ${faultText('RecycledAlready')}`, 'returns true: o1 is pooled twice', 'returns false: o1 is dropped'];
}

/** A double recycle, three ways. */
const doubleRecycle: Maker = (seed) => {
  const r = rng(`${seed}/double`);
  const which = randomInt(r, 0, 2);
  const variant = which === 2 ? 'after' : 'before';
  const settings = which === 0 ? { assertions: 'on' } : which === 1 ? { assertions: 'off' } : undefined;
  const ops = 'get, recycle 1, recycle 1';
  const t = recyclerTrace(ops, variant, settings);
  const c = finalThreads(t)[0];
  const choices = doubleChoices();
  const answer = c.outcome === 'threw' ? `throws ${c.fault}` : c.outcome === 'recycled' ? choices[2] : choices[3];
  const where = which === 0 ? 'the old Recycler, run with assertions on (-ea:io.netty..., as the 2014 benchmark did)'
    : which === 1 ? 'the old Recycler, run without assertions (the JVM’s default)' : 'the rewritten Recycler';
  return {
    id: 'double-recycle', kind: 'predict', title: 'What does a second recycle do?',
    prompt: `One thread runs \`${ops}\` on ${where}: it recycles the same object twice. What does the second recycle do?`,
    choices,
    hint: 'The old code checks only in its assertion map, which exists only with -ea. The rewrite keeps two recycle ids in every handle.',
    expected: answer,
    explanation: `It ${answer}. ` + (which === 0
      ? 'map.put finds o1 already in the identity map: the assertion catches it, at the price of a hash-map put and remove on every recycle and get.'
      : which === 1 ? 'Nothing checks: o1 is on the stack twice, and the next two gets hand the same object to two users.'
        : 'push finds recycleId already set (OWN_THREAD_ID): a second recycle is refused, with no map at all.'),
    replay: replay(variant, ops, settings),
  };
};

/** Where the next handle goes in a WeakOrderQueue. */
const writeIndex: Maker = (seed) => {
  const r = rng(`${seed}/write`);
  const n = randomInt(r, 1, 40);
  const ops = `A: get-many ${n}, B: recycle-all`;
  const t = recyclerTrace(ops, 'after');
  const f = frameAt(t, t.length);
  const q = queuesOf(f, 0)[0];
  const tail = q.links[q.links.length - 1];
  return {
    id: 'write-index', kind: 'compute', title: 'Where does the queue write next?',
    prompt: `On the rewritten Recycler, A makes ${plural(n, 'object')} and B recycles every one: \`${ops}\`. B's WeakOrderQueue for A is a chain of 16-slot links. What is the writeIndex of its tail link now?`,
    hint: 'Each recycle writes the next slot of the tail link and then publishes writeIndex + 1. A link that reaches writeIndex 16 stays the tail until the next recycle, which finds it full and chains a new link first.',
    expected: tail.write,
    explanation: `${tail.write}: ${plural(n, 'handle')} take ${plural(q.links.length, 'link')} of 16 slots: ${q.links.length > 1 ? `${plural(q.links.length - 1, 'full link')}, then ` : ''}the tail, holding ${tail.write} of its 16. The write is an ordered store (lazySet): A can read the slots below it without a lock.`,
    replay: replay('after', ops),
  };
};

/** Which id does a still-queued handle carry? */
const queuedIds: Maker = (seed) => {
  const r = rng(`${seed}/ids`);
  const [first, second] = distinct(r, 2, 1, 2).map((x) => (x === 1 ? 'B' : 'C'));
  const ops = `A: get-many 2, ${first}: recycle 1, ${second}: recycle 2, A: get, get`;
  const t = recyclerTrace(ops, 'after');
  const f = frameAt(t, t.length);
  const id = idName(f.get('object_last_id', 0));
  const rid = idName(f.get('object_recycle_id', 0));
  const choices = ['0', 'OWN', 'q1', 'q2'];
  const held = finalThreads(t)[0];
  return {
    id: 'queued-ids', kind: 'predict', title: 'Which queue id does o1 carry?',
    prompt: `On the rewritten Recycler: \`${ops}\`. ${first}'s first recycle for A's stack creates queue q1, ${second}'s creates q2 (ids MIN_VALUE+1 and MIN_VALUE+2). What is o1's lastRecycledId at the end? (OWN is OWN_THREAD_ID; q1 means q1's id.)`,
    choices, hint: 'A queue sets lastRecycledId when a handle is added to it. A new queue goes first in the stack’s list, and a scavenge stops at the first queue that gives it something.',
    expected: id,
    explanation: `o1's lastRecycledId is ${id} (its recycleId ${rid}). The second get scavenged q2 first (newest first) and took o2; A's last get ${outcomeText(held)}; o1 is still waiting in q1, its ids recording which queue it came through.`,
    replay: replay('after', ops),
  };
};

/** A producer thread and a consumer thread: how many objects does the rewrite make? */
const producerConsumer: Maker = (seed) => {
  const r = rng(`${seed}/pc`);
  const rounds = randomInt(r, 3, 7);
  const ops = Array.from({ length: rounds }, (_, i) => `A: get, B: recycle ${i + 1}`).join(', ');
  const made = (variant: string) => {
    const t = recyclerTrace(ops, variant);
    return frameAt(t, t.length).get('objects');
  };
  const after = made('after');
  const before = made('before');
  return {
    id: 'producer-consumer', kind: 'compute', title: 'How many objects does the rewrite make?',
    prompt: `Thread A gets an object and thread B, a consumer, recycles it, ${rounds} times: \`${ops}\`. How many objects does the rewritten Recycler make?`,
    hint: 'A’s get scavenges only when its stack is empty. The first finds no queue at all (B has recycled nothing yet); the second only moves the cursor onto B’s new queue; the third brings back everything B has queued so far in one batch, and the gets after it pop that batch before they need to scavenge again.',
    expected: after,
    explanation: `${after}. The old Recycler makes ${before} (every recycle from B is dropped); the rewrite gets B's recycles back through the WeakOrderQueue, one scavenge behind.`,
    replay: replay('after', ops),
  };
};

const SIZES = [0, 256, 1024, 4096, 16384, 65536];
/** A row of the committed JVM run of the recycler suite. */
function jvmRow(design: string, size: number) {
  const row = jvmResults('recycler')?.rows[`recycleSameThread/${design}/${size}`];
  if (!row) throw new Error(`the committed JVM run of recycler has no row ${design}/${size}`);
  return row;
}
/** Millions of ops/s, one decimal, as the question shows them. */
const millions = (x: number) => Math.round(x / 1e5) / 10;

/** What the flag did to the comparison, from the committed JVM rows. */
const flagGain: Maker = (seed) => {
  const r = rng(`${seed}/flag`);
  // Sizes and ways round whose answer, from the rows as shown, is clear of a rounding tie.
  const cases = SIZES.flatMap((size) => [true, false].map((flag) => ({ size, flag })))
    .filter(({ size, flag }) => clearOfHalf((100 * millions(jvmRow('after', size).score)) / millions(jvmRow(flag ? 'before-ea' : 'before', size).score), 0.05));
  const { size, flag } = cases[randomInt(r, 0, cases.length - 1)];
  const [withEa, without, after] = [millions(jvmRow('before-ea', size).score), millions(jvmRow('before', size).score), millions(jvmRow('after', size).score)];
  const over = flag ? withEa : without;
  const expected = Math.round((100 * after) / over);
  return {
    id: 'flag-gain', kind: 'compute', title: 'What did the flag do to the comparison?',
    prompt: `The lab's committed JVM run of the benchmark's loop, one thread, size ${size.toLocaleString('en-US')}, in millions of ops/s: the old Recycler (Netty 4.0.20) ${withEa} with -ea:io.netty... and ${without} without; the rewrite (4.0.21) ${after}. ${flag
      ? 'Netty’s 2014 harness ran with -ea:io.netty..., so compare as it did'
      : 'Production servers run without -ea, so compare as they do'}: the rewrite's rate as a percentage of the old code's, rounded to a whole percent?`,
    hint: 'Only the old code changes with the flag: with -ea it updates an identity map on every get and recycle; the rewrite has no such map.',
    expected,
    explanation: `${after} ÷ ${over} = ${expected} %. With the flag the rewrite looks ${Math.round((100 * after) / withEa)} % of the old code's rate; without it ${Math.round((100 * after) / without)} % (from the rounded rates above; the lesson's ratios pair each iteration of one row with one of the other, so they can differ by a point). The same code, two answers: the harness's flag is part of the result. (These are one run's rates; the lesson shows how far they move between the lab's runs.)`,
  };
};

/** Pool or a new object each time: which was faster on the JVM, at one size? */
const poolOrNew: Maker = (seed) => {
  const r = rng(`${seed}/pool`);
  const size = SIZES[randomInt(r, 0, SIZES.length - 1)];
  const [pool, fresh] = [jvmRow('after', size), jvmRow('allocate', size)];
  const i = intervalOf(unpairedLogRatio(pool.samples!, fresh.samples!)!);
  const zero = intervalOf(unpairedLogRatio(jvmRow('after', 0).samples!, jvmRow('allocate', 0).samples!)!);
  const choices = ['the pool (the rewritten Recycler)', 'a new ArrayList each time', 'these rows cannot tell'];
  const expected = choices[READINGS.indexOf(readInterval(i))];
  const m = (x: number) => (x >= 1e6 ? `${millions(x)}M` : `${Math.round(x / 1000)}k`);
  return {
    id: 'pool-or-new', kind: 'predict', title: 'Pool, or a new object each time?',
    prompt: `The lab's committed JVM run, one thread, size ${size.toLocaleString('en-US')} (the list's capacity): getting a pooled ArrayList from the rewritten Recycler and recycling it ran at ${m(pool.score)} ± ${m(pool.error)} ops/s; making a new ArrayList each time ran at ${m(fresh.score)} ± ${m(fresh.error)} ops/s (Score ± JMH's 99.9 % Error, 20 iterations each). Which was faster at this size?`,
    choices, hint: 'At size 0 a new list is one small object; from 256 up each new list also allocates and zeroes an array of that many slots.',
    expected,
    explanation: `pool ÷ new is ${i.estimate.toFixed(2)}× (95 % interval ${i.low.toFixed(2)}×–${i.high.toFixed(2)}×): ${expected}. ${size === 0
      ? 'At size 0 a new list is one small object, which a JVM allocates with a pointer bump and frees in bulk with the other dead ones: the case where a pool has least to save.'
      : `At size ${size.toLocaleString('en-US')} each new list also allocates and zeroes an array of that many slots, which the pool skips. Compare size 0, where a new list is one small object a JVM allocates with a pointer bump: there pool ÷ new is ${zero.estimate.toFixed(2)}× (${zero.low.toFixed(2)}×–${zero.high.toFixed(2)}×).`}`,
  };
};

export const exercises: Maker[] = [
  nextGet, crossThreadGet, handlesMoved, stackContents, oldAllocations, doubleRecycle, writeIndex, queuedIds, producerConsumer,
  flagGain, poolOrNew,
];
