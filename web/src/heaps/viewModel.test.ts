import { describe, expect, it } from 'vitest';
import { heapViewModel } from './viewModel';
import { EMPTY_HEAP, type HeapState } from './trace';
import { HAND, slotPosition } from './geometry';

const deadlines = [50, 30, 90, 10];

describe('the heap view model', () => {
  it('draws one node per live slot keyed by timer, and one cell per slot in index order', () => {
    const s: HeapState = { ...EMPTY_HEAP, slots: [3, 1, 2, 0] };
    const vm = heapViewModel(s, deadlines, 'jdk');
    expect(vm.cells.map((c) => c.label)).toEqual(['10', '30', '90', '50']);
    expect(vm.nodes.map((n) => [n.key, n.place])).toEqual([[3, 0], [1, 1], [2, 2], [0, 3]]);
    expect(vm.nodes[1]).toMatchObject(slotPosition(1));
    expect(vm.edges).toHaveLength(3);
    expect(vm.nodes.every((n) => n.stored === undefined)).toBe(true);
  });

  it('shows the hand, holes, the scan and the match', () => {
    const s: HeapState = {
      ...EMPTY_HEAP, slots: [3, null, 2], held: 0, focusHeld: true, scanned: [0, 1, 2], found: 2, focus: [2],
    };
    const vm = heapViewModel(s, deadlines, 'jdk');
    expect(vm.cells.map((c) => c.classes)).toEqual(['scanned', 'scanned hole', 'focus scanned found']);
    const held = vm.nodes.find((n) => n.key === 0)!;
    expect(held).toMatchObject({ place: 'hand', x: HAND.x, y: HAND.y, classes: 'node held focus' });
  });

  it('shows each indexed node the index it stores, stale until it writes the new one', () => {
    const s: HeapState = { ...EMPTY_HEAP, slots: [3, 1], pending: { seq: 1, index: 3 }, held: 0, heldIndex: -1 };
    const vm = heapViewModel(s, deadlines, 'indexed');
    expect(vm.cells.map((c) => c.stored)).toEqual([0, 3]);
    expect(vm.cells[1].classes).toContain('stale');
    expect(vm.nodes.find((n) => n.key === 0)!.stored).toBe(-1);
  });
});
