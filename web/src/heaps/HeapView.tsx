// The heap renderer: the tree and the array side by side, the same timer highlighted in both.
// D3-style math lives in geometry.ts and viewModel.ts; React owns the DOM; CSS animates moves
// (and stops animating under prefers-reduced-motion).
import type { CSSProperties } from 'react';
import { HEAP_TITLES, type HeapKind, type HeapState } from './trace';
import { heapViewModel } from './viewModel';
import { HAND, OUT, TREE_WIDTH } from './geometry';

const ROW = 16;

interface Props {
  state: HeapState;
  deadlines: readonly number[];
  heap: HeapKind;
  /** Milliseconds a move takes to animate (shorter when playing fast). */
  moveMs?: number;
}

export function HeapView({ state, deadlines, heap, moveMs = 250 }: Props) {
  const vm = heapViewModel(state, deadlines, heap);
  const r = vm.radius;
  const showLabels = r >= 9;
  const style = { '--move-ms': `${moveMs}ms` } as CSSProperties;
  const rows: (typeof vm.cells)[] = [];
  for (let i = 0; i < vm.cells.length; i += ROW) rows.push(vm.cells.slice(i, i + ROW));
  const title = HEAP_TITLES[heap];

  return (
    <div className="heap-view" style={style}>
      <svg className="heap-tree" viewBox={`0 0 ${TREE_WIDTH} ${vm.height}`} role="img"
        aria-label={`${title} as a tree: ${vm.cells.length} timers`}>
        <text className="area-label" x={HAND.x + 24} y={HAND.y} dy="0.35em">hand</text>
        <text className="area-label" x={OUT.x - 24} y={OUT.y} dy="0.35em" textAnchor="end">out</text>
        <g className="edges">
          {vm.edges.map((e) => <line key={e.key} x1={e.from.x} y1={e.from.y} x2={e.to.x} y2={e.to.y} />)}
        </g>
        <g className="nodes">
          {vm.nodes.map((n) => (
            <g key={n.key} className={n.classes} style={{ transform: `translate(${n.x}px, ${n.y}px)` }}>
              <title>{`deadline ${n.label}${typeof n.place === 'number' ? ` at [${n.place}]` : ` (${n.place})`}${n.stored !== undefined ? `, stored index ${n.stored}` : ''}`}</title>
              <circle r={n.place === 'hand' || n.place === 'out' ? Math.max(r, 12) : r} />
              {(showLabels || typeof n.place !== 'number') && <text dy="0.35em" textAnchor="middle">{n.label}</text>}
              {n.stored !== undefined && showLabels && (
                <text className="stored" dy={r + 11} textAnchor="middle">i={n.stored}</text>
              )}
            </g>
          ))}
        </g>
      </svg>
      {!showLabels && <p className="hint">Too many levels to label every node: the array below names each slot.</p>}
      <table className="array-view heap-array" aria-label={`${title} array, index order`}>
        <tbody>
          {rows.length === 0 && (
            <tr><th scope="row">[0…]</th><td className="empty-array">empty</td></tr>
          )}
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">[{i * ROW}…]</th>
              {row.map((c) => (
                <td key={c.slot} className={c.classes} aria-label={`[${c.slot}] ${c.label === '–' ? 'empty' : c.label}`}>
                  <span className="cell-index" aria-hidden="true">{c.slot}</span>
                  <span className="cell-value">{c.label}</span>
                  {c.stored !== undefined && <span className="cell-stored" aria-hidden="true">i={c.stored}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        {state.slots.length} of {state.capacity} array slots in use.
        {heap === 'indexed' && ' Each timer shows the index it has stored in itself (i=…).'}
      </p>
    </div>
  );
}
