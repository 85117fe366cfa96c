// What the heap renderer draws for one state: a pure function, so the data join is testable
// without a browser. Nodes are keyed by timer identity (its sequence number), so the same timer
// keeps its element as it moves and CSS can animate the move.
import { HAND, OUT, nodeRadius, parentOf, slotPosition, treeHeight, type Point } from './geometry';
import { storedIndex, type HeapKind, type HeapState } from './trace';

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
}

function classes(...names: (string | false)[]): string {
  return names.filter(Boolean).join(' ');
}

export function heapViewModel(s: HeapState, deadlines: readonly number[], heap: HeapKind): HeapViewModel {
  const focus = new Set(s.focus);
  const scanned = new Set(s.scanned);
  const label = (seq: number) => String(deadlines[seq] ?? '?');
  const indexed = heap === 'indexed';
  const size = s.slots.length;
  const nodes: NodeView[] = [];
  const cells: CellView[] = [];

  s.slots.forEach((seq, slot) => {
    const stale = indexed && seq !== null && storedIndex(s, slot) !== slot;
    const cls = classes(
      focus.has(slot) && 'focus',
      scanned.has(slot) && 'scanned',
      s.found === slot && 'found',
      seq === null && 'hole',
      stale && 'stale',
    );
    cells.push({
      slot,
      label: seq === null ? '–' : label(seq),
      classes: cls,
      stored: indexed && seq !== null ? storedIndex(s, slot) : undefined,
    });
    if (seq !== null) {
      nodes.push({
        key: seq, label: label(seq), place: slot, ...slotPosition(slot), classes: classes('node', cls),
        stored: indexed ? storedIndex(s, slot) : undefined,
      });
    }
  });
  if (s.held !== null) {
    nodes.push({
      key: s.held, label: label(s.held), place: 'hand', ...HAND,
      classes: classes('node', 'held', s.focusHeld && 'focus'), stored: indexed ? s.heldIndex : undefined,
    });
  }
  if (s.removed !== null) {
    nodes.push({
      key: s.removed, label: label(s.removed), place: 'out', ...OUT, classes: 'node removed',
      stored: indexed ? -1 : undefined,
    });
  }
  const edges = [];
  for (let slot = 1; slot < size; slot++) {
    edges.push({ key: slot, from: slotPosition(parentOf(slot)), to: slotPosition(slot) });
  }
  return { nodes, edges, cells, radius: nodeRadius(size), height: treeHeight(size) };
}
