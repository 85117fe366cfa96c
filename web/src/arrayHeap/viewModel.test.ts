import { describe, expect, it } from 'vitest';
import { heapViewModel } from './viewModel';
import { Frame } from '../script/frame';
import { HAND, slotPosition } from './geometry';
import type { FamilySchema } from '../script/schema';

const labels = ['50', '30', '90', '10'];
const N = 8;
const [FOCUS, SCANNED] = [1, 2];
const schema = {
  family: 'heap', oldVariantParam: 'heap', ops: [], threads: false, settings: [], limits: {}, variants: [], kinds: [],
  codes: { flag: [{ name: 'FOCUS', value: FOCUS, text: null }, { name: 'SCANNED', value: SCANNED, text: null }] },
  fields: [
    ['size', 1], ['capacity', 1], ['held', 1], ['held_index', 1], ['removed', 1], ['found', 1], ['focus_held', 1],
    ['slot', N], ['stored', N], ['flags', N],
  ].reduce<{ name: string; offset: number; len: number }[]>((acc, [name, len]) => {
    const offset = acc.length ? acc[acc.length - 1].offset + acc[acc.length - 1].len : 0;
    return [...acc, { name: name as string, offset, len: len as number }];
  }, []),
} satisfies FamilySchema;

/** A frame from named values; everything else −1, flags 0. */
function frame(v: Partial<Record<string, number | number[]>>): Frame {
  const data = new Int32Array(7 + 3 * N).fill(-1);
  const f = new Frame(schema, data);
  const at = (name: string) => schema.fields.find((x) => x.name === name)!.offset;
  data.fill(0, at('flags'), at('flags') + N);
  data[at('focus_held')] = 0;
  for (const [name, value] of Object.entries(v)) {
    if (Array.isArray(value)) value.forEach((x, i) => (data[at(name) + i] = x));
    else data[at(name)] = value!;
  }
  return f;
}

describe('the heap view model', () => {
  it('draws one node per live slot keyed by timer, and one cell per slot in index order', () => {
    const vm = heapViewModel(frame({ size: 4, slot: [3, 1, 2, 0] }), { label: (c) => labels[c], indexed: false });
    expect(vm.cells.map((c) => c.label)).toEqual(['10', '30', '90', '50']);
    expect(vm.nodes.map((n) => [n.key, n.place])).toEqual([[3, 0], [1, 1], [2, 2], [0, 3]]);
    expect(vm.nodes[1]).toMatchObject(slotPosition(1));
    expect(vm.edges).toHaveLength(3);
    expect(vm.nodes.every((n) => n.stored === undefined)).toBe(true);
  });

  it('shows the hand, holes, the scan and the match', () => {
    const vm = heapViewModel(frame({
      size: 3, slot: [3, -1, 2], held: 0, focus_held: 1, found: 2, flags: [SCANNED, SCANNED, SCANNED | FOCUS],
    }), { label: (c) => labels[c], indexed: false });
    expect(vm.cells.map((c) => c.classes)).toEqual(['scanned', 'scanned hole', 'focus scanned found']);
    const held = vm.nodes.find((n) => n.key === 0)!;
    expect(held).toMatchObject({ place: 'hand', x: HAND.x, y: HAND.y, classes: 'node held focus' });
  });

  it('shows each indexed node the index it stores, stale until it writes the new one', () => {
    const vm = heapViewModel(frame({ size: 2, slot: [3, 1], stored: [0, 3], held: 0, held_index: -1 }), { label: (c) => labels[c], indexed: true });
    expect(vm.cells.map((c) => c.stored)).toEqual([0, 3]);
    expect(vm.cells[1].classes).toContain('stale');
    expect(vm.nodes.find((n) => n.key === 0)!.stored).toBe(-1);
  });
});
