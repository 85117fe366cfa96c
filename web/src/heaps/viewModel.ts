// What the heap renderer draws for one frame: a pure function, so the data join is testable
// without a browser. Nodes are keyed by timer identity (its sequence number), so the same timer
// keeps its element as it moves and CSS can animate the move.
import { HAND, OUT, nodeRadius, parentOf, slotPosition, treeHeight, type Point } from './geometry';
import type { Frame } from '../player/frame';

/** Bits of the frame's `flags` field (crates/core/src/heap_recorder.rs). */
export const FOCUS = 1;
export const SCANNED = 2;

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

/** The heap in a frame; `labels` names each timer (its deadline), `indexed` shows stored indices. */
export function heapViewModel(f: Frame, labels: readonly string[], indexed: boolean): HeapViewModel {
  const size = f.get('size');
  const slots = f.list('slot', size);
  const stored = f.list('stored', size);
  const flags = f.list('flags', size);
  const found = f.get('found');
  const label = (seq: number) => labels[seq] ?? '?';
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
    cells.push({ slot, label: hole ? '–' : label(seq), classes: cls, stored: indexed && !hole ? stored[slot] : undefined });
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
