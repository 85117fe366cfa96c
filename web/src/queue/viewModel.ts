// What the queue drawings show, computed from a frame the Rust recorder wrote: small pure
// functions (a chain's layout, a ring's markers, the contents head to tail), then the views
// compose them.
import type { Trace } from '../script/trace';
import { lowerNameOf, nameOf, variantSpec } from '../script/schema';
import { CODES, type Frame } from './schema.gen';

/** −1 in the frame is null. */
const NULL = -1;

/** A thread's state: the schema's `state` codes, by name in lower case. */
export type ThreadState = Lowercase<keyof typeof CODES.state>;

/** The fields a step can touch: the schema's `focus` codes, by name. */
export type FocusField = keyof typeof CODES.focus;

/** What the step just shown touched: a field, which node or slot of it, and whether its CAS failed. */
export function focusOf(f: Frame) {
  const field = nameOf(CODES.focus, f.get('focus_field')) ?? null;
  return { field, index: f.get('focus_index'), failed: f.get('focus_ok') === 0 };
}

export interface ThreadRow {
  index: number;
  name: string;
  state: ThreadState;
  /** The operation it is in or last ran ("P1: offer 5 → true"), or null before its first. */
  label: string | null;
  /** The pseudocode line its next step is on (−1 between operations). */
  line: number;
  lineText: string;
  /** Where its pointer registers point: a node or slot, or −1. */
  p: number;
  t: number;
  /** It took the step just shown. */
  current: boolean;
}

export function threadRows(f: Frame, trace: Trace): ThreadRow[] {
  const n = f.get('threads');
  const code = variantSpec(trace.schema, trace.variant).pseudocode;
  const stepped = f.get('thread');
  return Array.from({ length: n }, (_, i) => {
    const action = f.get('thread_action', i);
    const line = f.get('thread_line', i);
    return {
      index: i,
      name: trace.entityLabels[i] ?? `thread ${i}`,
      state: lowerNameOf(CODES.state, f.get('thread_state', i)) ?? 'ready',
      label: action >= 0 ? trace.actions[action]?.label ?? null : null,
      line,
      lineText: line >= 0 ? (code[line] ?? '').trim() : '',
      p: f.get('thread_p', i),
      t: f.get('thread_t', i),
      current: i === stepped,
    };
  });
}

/** What the threads table says of a thread: its operation, and where its next step is. */
export function threadCells(t: Pick<ThreadRow, 'label' | 'state' | 'lineText'>): { operation: string; next: string } {
  // A running operation's result is not known yet: its label stops before "→".
  const operation = t.label === null ? '—' : t.state === 'running' ? t.label.replace(/ → .*$/, '') : t.label;
  const next = t.state === 'finished' ? 'finished' : t.state === 'ready' ? (t.label ? 'between operations' : 'not started') : t.lineText;
  return { operation, next };
}

export interface ChainNode {
  node: number;
  /** The element, or null (∅: the dummy, or taken). */
  item: number | null;
  /** The next node, null for the last, itself when self-linked. */
  next: number | null;
  /** On the list (reachable from head), behind head (dead or being unlinked), or allocated but not linked yet. */
  place: 'list' | 'behind' | 'pending';
  column: number;
}

export interface Chain {
  nodes: ChainNode[];
  head: number;
  tail: number;
  columns: number;
}

/** The CLQ's nodes laid out left to right: nodes behind head (self-linked ex-heads, and nodes head jumped over), then the list from head, then nodes not linked yet (below). */
export function chainOf(f: Frame): Chain {
  const count = f.get('nodes');
  const head = f.get('head');
  const tail = f.get('tail');
  const items = f.list('node_item', count);
  const nexts = f.list('node_next', count);
  const onList: number[] = [];
  const seen = new Set<number>();
  for (let p = head; p >= 0 && p < count && !seen.has(p); p = nexts[p]) {
    seen.add(p);
    onList.push(p);
    if (nexts[p] === p) break;
  }
  const behind: number[] = [];
  const pending: number[] = [];
  for (let i = 0; i < count; i++) {
    if (seen.has(i)) continue;
    (nexts[i] === NULL ? pending : behind).push(i);
  }
  const node = (i: number, place: ChainNode['place'], column: number): ChainNode => ({
    node: i, item: items[i] === NULL ? null : items[i], next: nexts[i] === NULL ? null : nexts[i], place, column,
  });
  const nodes = [
    ...behind.map((i, c) => node(i, 'behind', c)),
    ...onList.map((i, c) => node(i, 'list', behind.length + c)),
    ...pending.map((i, c) => node(i, 'pending', behind.length + onList.length + c)),
  ];
  return { nodes, head, tail, columns: Math.max(1, nodes.length) };
}

export interface Marker {
  /** What the arrow says: "takeIndex 3", "P1". */
  label: string;
  slot: number;
  kind: 'consumer' | 'producer' | 'limit' | 'thread';
}

export interface Ring {
  capacity: number;
  slots: (number | null)[];
  markers: Marker[];
  /** Slots a producer has claimed (producerIndex is past them) that are still empty: MPSC's window. */
  claimed: number[];
  /** SPSC: the slots the producer knows are free without looking (from producerIndex up to producerLimit). */
  lookAhead: number[];
}

export function ringOf(f: Frame, variant: string): Ring {
  const capacity = Math.max(0, f.get('capacity'));
  const slots = f.list('slot', capacity).map((v) => (v === NULL ? null : v));
  const markers: Marker[] = [];
  const claimed: number[] = [];
  const lookAhead: number[] = [];
  if (variant === 'abq') {
    markers.push({ label: `takeIndex ${f.get('take_index')}`, slot: f.get('take_index'), kind: 'consumer' });
    markers.push({ label: `putIndex ${f.get('put_index')}`, slot: f.get('put_index'), kind: 'producer' });
  } else if (capacity > 0) {
    const c = f.get('consumer_index');
    const p = f.get('producer_index');
    const limit = f.get('producer_limit');
    const mask = capacity - 1;
    markers.push({ label: `consumerIndex ${c}`, slot: c & mask, kind: 'consumer' });
    markers.push({ label: `producerIndex ${p}`, slot: p & mask, kind: 'producer' });
    if (variant === 'spsc') {
      for (let i = p; i < limit && i - p < capacity; i++) lookAhead.push(i & mask);
    } else {
      for (let i = c; i < p; i++) if (slots[i & mask] === null) claimed.push(i & mask);
    }
  }
  return { capacity, slots, markers, claimed, lookAhead };
}

/** The queued elements from head to tail, as the structure holds them. */
export function contentsOf(f: Frame, variant: string): number[] {
  if (variant === 'clq') {
    const chain = chainOf(f);
    return chain.nodes.filter((n) => n.place === 'list' && n.item !== null).map((n) => n.item!);
  }
  const r = ringOf(f, variant);
  if (r.capacity === 0) return [];
  if (variant === 'abq') {
    const take = f.get('take_index');
    return Array.from({ length: f.get('count') }, (_, i) => r.slots[(take + i) % r.capacity]).filter((v): v is number => v !== null);
  }
  const out: number[] = [];
  for (let i = f.get('consumer_index'); i < f.get('producer_index'); i++) {
    const v = r.slots[i & (r.capacity - 1)];
    if (v !== null) out.push(v);
  }
  return out;
}

export interface FieldRow {
  name: string;
  value: string;
  /** The step just shown touched it. */
  focus: boolean;
}

const nodeName = (n: number) => (n < 0 ? 'null' : `n${n}`);

/** The queue's index fields, as the "queue fields" table lists them. */
export function fieldRows(f: Frame, variant: string, threadName: (t: number) => string): FieldRow[] {
  const focus = focusOf(f).field;
  const row = (name: string, value: string, code: FocusField | null) => ({ name, value, focus: code !== null && focus === code });
  switch (variant) {
    case 'clq':
      return [row('head', nodeName(f.get('head')), 'HEAD'), row('tail', nodeName(f.get('tail')), 'TAIL')];
    case 'abq': {
      const owner = f.get('lock_owner');
      return [
        row('takeIndex', String(f.get('take_index')), 'TAKE_INDEX'),
        row('putIndex', String(f.get('put_index')), 'PUT_INDEX'),
        row('count', String(f.get('count')), 'COUNT'),
        row('lock', owner < 0 ? 'free' : `held by ${threadName(owner)}`, 'LOCK'),
      ];
    }
    default: {
      const rows = [
        row('producerIndex', String(f.get('producer_index')), 'PRODUCER_INDEX'),
        row('consumerIndex', String(f.get('consumer_index')), 'CONSUMER_INDEX'),
        row('producerLimit', String(f.get('producer_limit')), 'PRODUCER_LIMIT'),
      ];
      if (variant === 'spsc') rows.push(row('lookAheadStep', String(f.get('look_ahead')), null));
      return rows;
    }
  }
}

/** The elements polled so far, in the order they came out. */
export function polledOf(f: Frame): number[] {
  return f.list('polled', Math.min(f.get('polled_count'), f.schema.fields.find((x) => x.name === 'polled')?.len ?? 0));
}

/** At most this many of a ring's slots are read out one by one; a longer ring names its filled slots only. */
const SLOTS_SAID = 32;

/**
 * The CLQ's chain in words, for a screen reader (the drawing's text): the list from head, the
 * nodes off it and not linked yet, where head and tail point, and the field the step touched.
 */
export function describeChain(chain: Chain, focus: ReturnType<typeof focusOf>): string {
  const node = (n: ChainNode) => `n${n.node} (${n.item === null ? 'no element' : n.item})`;
  const where = (place: ChainNode['place']) => chain.nodes.filter((n) => n.place === place);
  const list = where('list');
  const parts = [`ConcurrentLinkedQueue: head at n${chain.head}, tail at n${chain.tail}`];
  parts.push(`On the list: ${list.length ? `${list.map(node).join(' → ')} → null` : 'none'}`);
  const behind = where('behind');
  if (behind.length) parts.push(`Off the list, behind head: ${behind.map((n) => `${node(n)}, ${n.next === n.node ? 'linked to itself' : `pointing on to n${n.next}`}`).join('; ')}`);
  const pending = where('pending');
  if (pending.length) parts.push(`Allocated, not linked yet: ${pending.map(node).join(', ')}`);
  if (focus.field) {
    const what = focus.field === 'HEAD' || focus.field === 'TAIL' ? focus.field.toLowerCase() : `n${focus.index}'s ${focus.field === 'NEXT' ? 'next' : 'item'}`;
    parts.push(`This step ${focus.failed ? 'failed to change' : 'touched'} ${what}`);
  }
  return `${parts.join('. ')}.`;
}

/** A ring in words: its slots (or its filled ones, when long), its indices, and the slot the step touched. */
export function describeRing(ring: Ring, focus: ReturnType<typeof focusOf>): string {
  const filled = ring.slots.flatMap((v, s) => (v === null ? [] : [`[${s}] ${v}`]));
  const slots = ring.capacity <= SLOTS_SAID
    ? ring.slots.map((v, s) => `[${s}] ${v === null ? 'empty' : v}`).join(', ')
    : `${filled.length} filled${filled.length ? `: ${filled.slice(0, SLOTS_SAID).join(', ')}${filled.length > SLOTS_SAID ? ', …' : ''}` : ''}`;
  const parts = [`${ring.capacity} slots: ${slots}`];
  const markers = ring.markers.filter((m) => m.kind === 'consumer' || m.kind === 'producer');
  if (markers.length) parts.push(markers.map((m) => `${m.label} at slot ${m.slot}`).join(', '));
  if (ring.claimed.length) parts.push(`claimed by a producer, not written yet: slot ${ring.claimed.join(', ')}`);
  if (ring.lookAhead.length) parts.push(`the producer's look-ahead: slots ${ring.lookAhead[0]} to ${ring.lookAhead.at(-1)}`);
  if (focus.field === 'SLOT') parts.push(`This step ${focus.failed ? 'failed at' : 'touched'} slot ${focus.index}`);
  return `${parts.join('. ')}.`;
}
