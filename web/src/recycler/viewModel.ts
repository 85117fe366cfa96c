// What the recycler drawings show, computed from a frame the Rust recorder wrote
// (crates/core/src/recycler/recorder.rs): each thread's stack, the WeakOrderQueues chained from
// it with their links, and every object's handle. Small pure functions; the view composes them.
import type { Trace } from '../script/trace';
import { lowerNameOf, nameOf } from '../script/schema';
import { CODES, CODE_TEXT, LIMITS, type Frame } from './schema.gen';

/** What a thread's last operation did: the schema's `outcome` codes, by name in lower case. */
export type OutcomeKind = Lowercase<keyof typeof CODES.outcome>;

/** An exception as Java printed it, by its name in the schema's `fault` codes: `faultText('RecycledAlready')`. */
export const faultText = (name: keyof typeof CODES.fault) => CODE_TEXT.fault[name];

export const objectName = (o: number) => `o${o + 1}`;

/** A recycle id as Netty would name it: 0, OWN_THREAD_ID, or the queue whose id it is (OWN_THREAD_ID + k). */
export function idName(id: number): string {
  const own = CODES.id.OWN_THREAD_ID;
  if (id === 0) return '0';
  if (id === own) return 'OWN';
  return `q${id - own}`;
}

export interface StackSlot {
  index: number;
  object: number | null;
  /** At or above size: a stale reference the rewrite's pop leaves behind. */
  stale: boolean;
}

export interface ThreadColumn {
  index: number;
  name: string;
  alive: boolean;
  /** Its thread-local stack exists (made on its first get). */
  made: boolean;
  size: number;
  length: number;
  /** Slots 0 … the highest one in use or stale (at least 4), bottom first. */
  slots: StackSlot[];
  /** The objects it pools, bottom first (the next get pops the last). */
  pooled: number[];
  head: number;
  cursor: number;
  prev: number;
  mapLength: number;
  outcome: OutcomeKind | null;
  /** The object its last operation got or recycled, or a fault code. */
  outcomeValue: number;
  /** What it threw, as Java printed it (when `outcome` is 'threw'). */
  fault: string | null;
  current: boolean;
}

export function threadColumns(f: Frame, trace: Trace): ThreadColumn[] {
  const n = f.get('threads');
  const current = f.get('thread');
  const perStack = LIMITS.stackSlots;
  return Array.from({ length: n }, (_, t) => {
    const size = Math.max(0, f.get('size', t));
    const length = Math.max(0, f.get('length', t));
    const raw = f.list('slot', Math.min(perStack, length) + t * perStack).slice(t * perStack);
    let top = Math.max(size, 4);
    raw.forEach((v, i) => { if (v >= 0) top = Math.max(top, i + 1); });
    top = Math.min(top, Math.max(length, size), perStack);
    const slots: StackSlot[] = Array.from({ length: top }, (_, i) => {
      const v = raw[i] ?? -1;
      return { index: i, object: v >= 0 ? v : null, stale: i >= size && v >= 0 };
    });
    const outcome = lowerNameOf(CODES.outcome, f.get('outcome', t));
    const value = f.get('outcome_value', t);
    return {
      index: t,
      name: trace.entityLabels[t] ?? `thread ${t}`,
      alive: f.get('alive', t) === 1,
      made: f.get('stack_made', t) === 1,
      size,
      length,
      slots,
      pooled: slots.slice(0, size).map((s) => s.object).filter((o): o is number => o !== null),
      head: f.get('head', t),
      cursor: f.get('cursor', t),
      prev: f.get('prev', t),
      mapLength: Math.max(0, f.get('map_length', t)),
      outcome: outcome ?? null,
      outcomeValue: value,
      fault: outcome === 'threw' ? (CODE_TEXT.fault as Record<string, string>)[nameOf(CODES.fault, value) ?? ''] ?? null : null,
      current: t === current,
    };
  });
}

/** What a thread's last operation did, in words. */
export function outcomeText(c: Pick<ThreadColumn, 'outcome' | 'outcomeValue' | 'fault'>): string {
  switch (c.outcome) {
    case 'got': return `got ${objectName(c.outcomeValue)}`;
    case 'recycled': return `recycled ${objectName(c.outcomeValue)}`;
    case 'dropped': return c.outcomeValue >= 0 ? `dropped ${objectName(c.outcomeValue)}` : 'dropped';
    case 'threw': return `threw ${c.fault ?? 'an exception'}`;
    case 'exited': return 'exited';
    case 'running': return 'running';
    default: return '—';
  }
}

export interface LinkBox {
  link: number;
  read: number;
  write: number;
  /** The handles it holds, by slot (null: empty or already taken). */
  slots: (number | null)[];
}

export interface QueueBox {
  queue: number;
  /** Its id as MIN_VALUE + k: k. */
  k: number;
  /** The thread that recycles through it. */
  thread: number;
  /** That thread has exited: the queue's weak owner reference is cleared. */
  dead: boolean;
  /** Its links from head to tail. */
  links: LinkBox[];
}

function linkBox(f: Frame, l: number): LinkBox {
  const capacity = LIMITS.linkCapacity;
  const slots = f.list('link_slot', (l + 1) * capacity).slice(l * capacity);
  return { link: l, read: f.get('link_read', l), write: f.get('link_write', l), slots: slots.map((v) => (v >= 0 ? v : null)) };
}

/** The WeakOrderQueues of thread `t`'s stack, in list order (first = `head`). */
export function queuesOf(f: Frame, t: number): QueueBox[] {
  const out: QueueBox[] = [];
  const count = f.get('queues');
  const links = f.get('links');
  const seen = new Set<number>();
  for (let q = f.get('head', t); q >= 0 && q < count && !seen.has(q); q = f.get('queue_next', q)) {
    seen.add(q);
    const chain: LinkBox[] = [];
    const linkSeen = new Set<number>();
    for (let l = f.get('queue_head', q); l >= 0 && l < links && !linkSeen.has(l); l = f.get('link_next', l)) {
      linkSeen.add(l);
      chain.push(linkBox(f, l));
    }
    const thread = f.get('queue_thread', q);
    out.push({ queue: q, k: f.get('queue_id', q), thread, dead: f.get('alive', thread) !== 1, links: chain });
  }
  return out;
}

/** Where an object is: the schema's `place` codes, by name in lower case. */
export type PlaceKind = Lowercase<keyof typeof CODES.place>;

export interface Place {
  kind: PlaceKind;
  /** The thread (held, pooled, moving, made, popped, recycling) or the queue (queued), else −1. */
  at: number;
  /** The stack slot (pooled, moving), else −1. */
  slot: number;
}

export interface ObjectRow {
  object: number;
  /** The stack its handle points at (−1: null, while queued). */
  stack: number;
  recycleId: number;
  lastRecycledId: number;
  mapSlot: number;
  place: Place;
}

/**
 * Every object, with where it is now, as the recorder wrote it (`object_place`): it knows the
 * operation running, so an object a get has made or popped, or a recycle has not placed yet,
 * is that operation's, and a transfer's handles are "moving" only until it ends.
 */
export function objectRows(f: Frame): ObjectRow[] {
  const n = f.get('objects');
  return Array.from({ length: n }, (_, o) => {
    const kind = lowerNameOf(CODES.place, f.get('object_place', o));
    return {
      object: o,
      stack: f.get('object_stack', o),
      recycleId: f.get('object_recycle_id', o),
      lastRecycledId: f.get('object_last_id', o),
      mapSlot: f.get('object_map_slot', o),
      place: { kind: kind ?? 'lost', at: f.get('object_place_at', o), slot: f.get('object_place_slot', o) },
    };
  });
}

export function placeText(p: Place, threadName: (t: number) => string): string {
  const who = threadName(p.at);
  switch (p.kind) {
    case 'held': return `held by ${who}`;
    case 'pooled': return `pooled in ${who}'s stack, slot ${p.slot}`;
    case 'queued': return `queued in q${p.at + 1}`;
    case 'moving': return `in ${who}'s array at slot ${p.slot}, above size until the transfer ends (if the transfer throws, until the slot is written over)`;
    case 'made': return `just made by ${who}'s get()`;
    case 'popped': return `popped by ${who}'s get(), not yet returned`;
    case 'recycling': return `being recycled by ${who}`;
    case 'dropped': return 'dropped (garbage)';
    default: return 'lost (garbage): an exception left no way to reach it';
  }
}

/** What the current step points at. */
export function focusOf(f: Frame) {
  return {
    object: f.get('focus_object'),
    stack: f.get('focus_stack'),
    slot: f.get('focus_slot'),
    queue: f.get('focus_queue'),
    link: f.get('focus_link'),
    index: f.get('focus_index'),
    mapSlot: f.get('focus_map_slot'),
  };
}

/** A thread's stack in words, for a screen reader (the drawing's text): each slot, size, and the slot the step touched. */
export function describeStack(c: ThreadColumn, focus: ReturnType<typeof focusOf>): string {
  const slots = c.slots.map((s) => `[${s.index}] ${s.object === null ? 'empty' : `${objectName(s.object)}${s.stale ? ' (stale, above size)' : ''}`}`);
  const touched = focus.stack === c.index && focus.slot >= 0 ? ` This step touched slot ${focus.slot}.` : '';
  return `${c.name}'s stack: size ${c.size}, array of ${c.length.toLocaleString('en-US')} slots; bottom first: ${slots.join(', ')}.${touched}`;
}

/** One link of a WeakOrderQueue in words: its cells, its read and write indices, and the cell the step touched. */
export function describeLink(l: LinkBox, n: number, queue: number, focus: ReturnType<typeof focusOf>): string {
  const live = l.slots.flatMap((v, i) => (v !== null && i >= l.read && i < l.write ? [`[${i}] ${objectName(v)}`] : []));
  const touched = focus.link === l.link && focus.index >= 0 ? ` This step touched cell ${focus.index}.` : '';
  return `link ${n} of q${queue}: readIndex ${l.read}, writeIndex ${l.write}; waiting to be taken: ${live.length ? live.join(', ') : 'none'}.${touched}`;
}
