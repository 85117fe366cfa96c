// A heap trace as the step player replays it: the steps the Rust recorder wrote, and the pure
// function that applies one step to a heap state. `apply` mirrors the recorder's own bookkeeping
// (crates/core/src/recorder.rs), and the tests hold the two to the same layouts.
import type { Trace } from '../player/replay';
import { listing, plural } from '../site/format';

export const KIND = { BEGIN: 0, GROW: 1, COMPARE: 2, EQUALS: 3, MOVE: 4, TAKE: 5, CLEAR: 6, INDEX: 7 } as const;
export const HELD = -1;
export const REMOVED = -2;
export const OP_NAMES = ['offer', 'poll', 'remove'] as const;

export type HeapKind = 'jdk' | 'indexed';
export const HEAP_TITLES: Record<HeapKind, string> = {
  jdk: 'JDK PriorityQueue',
  indexed: 'Netty DefaultPriorityQueue',
};

export interface HeapStep {
  action: number;
  line: number;
  kind: number;
  a: number;
  b: number;
  c: number;
  text: string;
}

export interface Counts {
  comparisons: number;
  equals: number;
  moves: number;
  indexWrites: number;
  allocations: number;
}

/** "0 comparisons, 15 equals() calls and 1 move": each count named, as the counters table shows. */
export function describeWork(c: Counts, heap: HeapKind): string {
  const parts = [plural(c.comparisons, 'comparison'), plural(c.equals, 'equals() call'), plural(c.moves, 'move')];
  if (heap === 'indexed') parts.push(plural(c.indexWrites, 'index write'));
  return listing(parts);
}

/** Comparisons + equals() calls + moves + index writes: one number to compare the heaps by. */
export const workOf = (c: Counts) => c.comparisons + c.equals + c.moves + c.indexWrites;

export const ZERO: Counts = { comparisons: 0, equals: 0, moves: 0, indexWrites: 0, allocations: 0 };

export interface HeapState {
  /** Timer sequence number per array slot; null is a hole the current sift has not refilled. */
  slots: readonly (number | null)[];
  /** The element being sifted, held outside the array. */
  held: number | null;
  /** The index the held element has stored in itself (Netty's heap), −1 outside the queue. */
  heldIndex: number;
  /** An element that moved but has not yet written its new index (Netty writes right after). */
  pending: { seq: number; index: number } | null;
  /** The element this action took out (polled or cancelled). */
  removed: number | null;
  capacity: number;
  action: number;
  /** Slots `equals()` has looked at during this action, in order. */
  scanned: readonly number[];
  /** What the current step touches, for highlighting. */
  focus: readonly number[];
  focusHeld: boolean;
  found: number | null;
  line: number;
  last: Counts;
  total: Counts;
}

export const INITIAL_CAPACITY = 11;

export const EMPTY_HEAP: HeapState = {
  slots: [], held: null, heldIndex: -1, pending: null, removed: null, capacity: INITIAL_CAPACITY,
  action: -1, scanned: [], focus: [], focusHeld: false, found: null, line: -1, last: ZERO, total: ZERO,
};

function bump(s: HeapState, key: keyof Counts): Pick<HeapState, 'last' | 'total'> {
  return { last: { ...s.last, [key]: s.last[key] + 1 }, total: { ...s.total, [key]: s.total[key] + 1 } };
}

function trimmed(slots: (number | null)[]): (number | null)[] {
  while (slots.length && slots[slots.length - 1] === null) slots.pop();
  return slots;
}

export function applyHeapStep(s: HeapState, e: HeapStep): HeapState {
  const base = { ...s, line: e.line, focus: [] as number[], focusHeld: false, found: null };
  switch (e.kind) {
    case KIND.BEGIN: {
      const offer = e.a === 0;
      return {
        ...base, action: e.action, scanned: [], removed: null, pending: null, last: ZERO,
        held: offer ? e.b : null, heldIndex: -1, focusHeld: offer,
      };
    }
    case KIND.GROW:
      return { ...base, capacity: e.b, ...bump(s, 'allocations') };
    case KIND.COMPARE:
      return {
        ...base, focus: [e.a, e.b].filter((x) => x >= 0), focusHeld: e.a === HELD || e.b === HELD,
        ...bump(s, 'comparisons'),
      };
    case KIND.EQUALS:
      return {
        ...base, focus: [e.a], scanned: [...s.scanned, e.a], found: e.b === 1 ? e.a : null,
        ...bump(s, 'equals'),
      };
    case KIND.MOVE: {
      const slots = [...s.slots];
      const value = e.a >= 0 ? slots[e.a] : e.a === HELD ? s.held : s.removed;
      let { held, heldIndex, pending, removed } = s;
      if (e.a >= 0) slots[e.a] = null;
      else if (e.a === HELD) held = null;
      else removed = null;
      if (e.b >= 0) {
        while (slots.length <= e.b) slots.push(null);
        slots[e.b] = value ?? null;
        if (value !== null && value !== undefined) {
          const stored = e.a === HELD ? heldIndex : pending?.seq === value ? pending.index : e.a;
          pending = { seq: value, index: stored };
        }
      } else if (e.b === HELD) {
        held = value ?? null;
        heldIndex = pending && pending.seq === value ? pending.index : e.a;
        if (pending?.seq === value) pending = null;
      } else {
        removed = value ?? null;
      }
      const counts = e.b >= 0 ? bump(s, 'moves') : {};
      return {
        ...base, slots: trimmed(slots), held, heldIndex, pending, removed,
        focus: [e.a, e.b].filter((x) => x >= 0), focusHeld: e.a === HELD || e.b === HELD, ...counts,
      };
    }
    case KIND.TAKE: {
      const slots = [...s.slots];
      const removed = slots[e.a] ?? null;
      slots[e.a] = null;
      // Its −1 now shows on the removed element itself.
      const pending = s.pending?.seq === removed ? null : s.pending;
      return { ...base, slots, removed, pending, focus: [e.a] };
    }
    case KIND.CLEAR:
      return { ...base, slots: s.slots.slice(0, e.a), focus: [e.a] };
    case KIND.INDEX: {
      // b is the index written: the slot, or −1 as the element leaves the queue (Netty's poll/remove).
      const seq = s.slots[e.a];
      const pending = e.b === -1 && seq !== null && seq !== undefined ? { seq, index: -1 }
        : s.pending && s.pending.seq === seq ? null : s.pending;
      return { ...base, pending, focus: [e.a], ...bump(s, 'indexWrites') };
    }
    default:
      throw new Error(`unknown heap step kind ${e.kind}`);
  }
}

/** The index a node in `slot` has stored in itself right now (Netty's heap). */
export function storedIndex(s: HeapState, slot: number): number {
  const seq = s.slots[slot];
  return s.pending && seq !== null && s.pending.seq === seq ? s.pending.index : slot;
}

export interface ActionInfo {
  command: number;
  kind: 'add' | 'poll' | 'remove';
  /** The timer's sequence number, −1 for poll or a timer that was never scheduled. */
  seq: number;
  queued: boolean;
}

export interface HeapRun {
  heap: HeapKind;
  trace: Trace<HeapState, HeapStep>;
  /** The index of each action's first step. */
  actionStarts: number[];
  actions: ActionInfo[];
  /** Deadline of each timer, by sequence number. */
  deadlines: number[];
  /** Layout (sequence numbers) after each action, as computed by Rust, for cross-checks. */
  layouts: number[][];
  pseudocode: string[];
  overflowed: boolean;
}

export function decodeSteps(flat: Int32Array, texts: string[], width: number): HeapStep[] {
  const steps: HeapStep[] = new Array(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const o = i * width;
    steps[i] = { action: flat[o], line: flat[o + 1], kind: flat[o + 2], a: flat[o + 3], b: flat[o + 4], c: flat[o + 5], text: texts[i] };
  }
  return steps;
}

export function decodeLayouts(flat: Uint32Array): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < flat.length; ) {
    const n = flat[i++];
    out.push(Array.from(flat.subarray(i, i + n)));
    i += n;
  }
  return out;
}

export function decodeActions(flat: Int32Array): ActionInfo[] {
  const kinds = ['add', 'poll', 'remove'] as const;
  const out: ActionInfo[] = [];
  for (let i = 0; i < flat.length; i += 4) {
    out.push({ command: flat[i], kind: kinds[flat[i + 1]], seq: flat[i + 2], queued: flat[i + 3] === 1 });
  }
  return out;
}

export function countsFromFlat(flat: Float64Array | number[], at: number): Counts {
  const o = at * 5;
  return { comparisons: flat[o], equals: flat[o + 1], moves: flat[o + 2], indexWrites: flat[o + 3], allocations: flat[o + 4] };
}

/** "add 40", "poll", "remove 30 (not queued)": an action as the reader would write it. */
export function actionLabel(a: ActionInfo, deadlines: readonly number[], commands: readonly { arg?: number }[]): string {
  if (a.kind === 'poll') return 'poll';
  const d = a.seq >= 0 ? deadlines[a.seq] : commands[a.command]?.arg;
  return `${a.kind} ${d}${a.kind === 'remove' && !a.queued ? ' (not queued)' : ''}`;
}
