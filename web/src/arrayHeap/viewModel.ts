// What the drawing of an array heap shows for one frame: a pure function, so the data join is
// testable without a browser. Nodes are keyed by item identity (a timer's sequence number, a
// bucket's place), so the same item keeps its element as it moves and CSS can animate the move.
// Shared by every family whose frames hold such a heap (the timer heaps; the wheel's delay
// queues, under a prefix): each states, as a type, that its schema has these fields and flags.
import { HAND, OUT, nodeRadius, parentOf, slotPosition, treeHeight, type Point } from './geometry';
import type { Frame } from '../script/frame';

export interface NodeView extends Point {
  key: number;
  label: string;
  /** Array slot, or where it is while outside the array. */
  place: number | 'hand' | 'out';
  classes: string;
  /** The index the element stores in itself (indexed heap only). */
  stored?: number;
}

export interface CellView {
  slot: number;
  label: string;
  classes: string;
  stored?: number;
  /** A second line naming the item (a task's ID, a bucket's place). */
  sublabel?: string;
}

export interface HeapViewModel {
  nodes: NodeView[];
  edges: { key: number; from: Point; to: Point }[];
  cells: CellView[];
  radius: number;
  height: number;
  capacity: number;
}

function classes(...names: (string | false)[]): string {
  return names.filter(Boolean).join(' ');
}

export interface HeapNames {
  /** The label of an item code (a timer's deadline). */
  label: (code: number) => string;
  /** An optional second name, shown in the array (a task's ID). */
  sublabel?: (code: number) => string;
  /** Whether items store their own index (Netty's heap). */
  indexed: boolean;
  /** The prefix of the heap's fields in the frame ("q_" for a delay queue inside a timer). */
  prefix?: string;
}

/** The heap fields the drawing reads: a frame that holds a heap (under a prefix) holds these. */
export type DrawnField = 'size' | 'slot' | 'stored' | 'flags' | 'found' | 'capacity' | 'held' | 'held_index' | 'removed' | 'focus_held';

/** The bits of a slot's `flags` the drawing shows: a family's schema states the same codes. */
export const FLAG = { FOCUS: 1, SCANNED: 2 } as const;

/** The heap in a frame (a heap's, or another family's holding one under `names.prefix`), its items named by `names`. */
export function heapViewModel(frame: Frame, names: HeapNames): HeapViewModel {
  const p = names.prefix ?? '';
  const f = { get: (n: DrawnField, i = 0) => frame.get(p + n, i), list: (n: DrawnField, k: number) => frame.list(p + n, k) };
  const { label, indexed } = names;
  const size = f.get('size');
  const slots = f.list('slot', size);
  const stored = f.list('stored', size);
  const flags = f.list('flags', size);
  // The ring marks the slot where the search found its element, until that element leaves the
  // array (drawn "out"): after that, moves fill the slot with others, and the ring would point at them.
  const found = f.get('removed') >= 0 ? -1 : f.get('found');
  const { FOCUS, SCANNED } = FLAG;
  const nodes: NodeView[] = [];
  const cells: CellView[] = [];

  slots.forEach((seq, slot) => {
    const hole = seq < 0;
    const stale = indexed && !hole && stored[slot] !== slot;
    const cls = classes(
      (flags[slot] & FOCUS) !== 0 && 'focus',
      (flags[slot] & SCANNED) !== 0 && 'scanned',
      found === slot && 'found',
      hole && 'hole',
      stale && 'stale',
    );
    cells.push({
      slot, label: hole ? '–' : label(seq), classes: cls, stored: indexed && !hole ? stored[slot] : undefined,
      sublabel: !hole && names.sublabel ? names.sublabel(seq) : undefined,
    });
    if (!hole) {
      nodes.push({
        key: seq, label: label(seq), place: slot, ...slotPosition(slot), classes: classes('node', cls),
        stored: indexed ? stored[slot] : undefined,
      });
    }
  });
  const held = f.get('held');
  if (held >= 0) {
    nodes.push({
      key: held, label: label(held), place: 'hand', ...HAND,
      classes: classes('node', 'held', f.get('focus_held') === 1 && 'focus'), stored: indexed ? f.get('held_index') : undefined,
    });
  }
  const removed = f.get('removed');
  if (removed >= 0) {
    nodes.push({ key: removed, label: label(removed), place: 'out', ...OUT, classes: 'node removed', stored: indexed ? -1 : undefined });
  }
  const edges = [];
  for (let slot = 1; slot < size; slot++) {
    edges.push({ key: slot, from: slotPosition(parentOf(slot)), to: slotPosition(slot) });
  }
  return { nodes, edges, cells, radius: nodeRadius(size), height: treeHeight(size), capacity: f.get('capacity') };
}

/** What a cell's classes mean, in words (the drawing shows them by colour and outline). */
const CELL_STATES: [string, string][] = [['focus', 'the one this step is about'], ['scanned', 'looked at'], ['found', 'found'], ['stale', 'its stored index is out of date']];

/** One array cell in words, for a screen reader: "[3] 40, stored index 3, this step's". */
export function cellWords(c: CellView): string {
  const states = CELL_STATES.filter(([cls]) => c.classes.split(' ').includes(cls)).map(([, said]) => said);
  // The cell's own words first, as drawn: its label and what is written under it (a bucket's name, a task's id).
  const shown = c.label === '–' ? 'empty' : c.sublabel !== undefined ? `${c.label} (${c.sublabel})` : c.label;
  return [`[${c.slot}] ${shown}`, ...(c.stored !== undefined ? [`stored index ${c.stored}`] : []), ...states].join(', ');
}

/** The tree in words: how many, the root, and what is held or removed beside it. */
export function treeWords(vm: HeapViewModel, words: { held: string; removed: string }, what: string): string {
  const root = vm.nodes.find((n) => n.place === 0);
  const held = vm.nodes.find((n) => n.place === 'hand');
  const out = vm.nodes.find((n) => n.place === 'out');
  return [
    `${vm.cells.length} ${what}${root ? `, the root (slot 0) ${root.label}; slot k's parent is slot (k − 1) / 2` : ''}`,
    ...(held ? [`in ${words.held}: ${held.label}`] : []),
    ...(out ? [`${words.removed}: ${out.label}`] : []),
  ].join('; ');
}
