// The heap renderer: the tree and the array side by side, the same timer highlighted in both.
// D3-style math lives in geometry.ts and viewModel.ts; React owns the DOM; CSS animates moves
// (and stops animating under prefers-reduced-motion).
import { useRef, type CSSProperties } from 'react';
import './arrayHeap.css';
import { useWidth } from '../util/useWidth';
import { cellWords, heapViewModel, treeWords, type HeapNames } from './viewModel';
import type { Frame } from '../script/frame';
import { HAND, LEVEL_HEIGHT, OUT, TREE_WIDTH, labelledRadius } from './geometry';

/** Screen pixels: labels never smaller than this, cells never narrower. */
const MIN_LABEL_PX = 11;
const CELL_PX = 52;

/** How many array cells fit on one row of a view `width` pixels wide (16 before it is measured). */
export function cellsPerRow(width: number): number {
  return width > 0 ? Math.max(4, Math.min(16, Math.floor((width - 56) / CELL_PX))) : 16;
}

/** The words a drawing uses: the heap lesson's by default; another lesson that draws a heap passes its own. */
export interface HeapWords {
  /** Where the element being moved is drawn: the heap lesson's "hand". */
  held: string;
  /** Where the element leaving the heap is drawn. */
  removed: string;
  /** What orders the elements: "deadline". */
  key: string;
  /** A position in the array: "slot". */
  slot: string;
}

export const HEAP_WORDS: HeapWords = { held: 'hand', removed: 'out', key: 'deadline', slot: 'slot' };

/** A heap in a frame, drawn as the tree and the array; `title` names it for screen readers. */
export function HeapView({ frame, names, title, moveMs = 250, what = 'timers', words = HEAP_WORDS }: {
  frame: Frame; names: HeapNames; title: string; moveMs?: number;
  /** What it holds, in the drawing's description: "timers", "buckets". */
  what?: string;
  words?: HeapWords;
}) {
  const indexed = names.indexed;
  const vm = heapViewModel(frame, names);
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  // SVG text scales with the drawing; size it in drawing units so it reads ≥ 11 px on screen,
  // as large as the circle it sits in allows, the circles as large as the labels need where the
  // tree has room (one node on a phone is labelled, not "too small").
  const unitsPerPx = width > 0 ? TREE_WIDTH / width : 1;
  const r = labelledRadius(vm.cells.length, (MIN_LABEL_PX + 1) * unitsPerPx);
  const labelUnits = Math.min((MIN_LABEL_PX + 1) * unitsPerPx, r * 1.05);
  const showLabels = labelUnits / unitsPerPx >= MIN_LABEL_PX - 0.5;
  const style = {
    '--move-ms': `${moveMs}ms`,
    '--label-size': `${labelUnits}px`,
    '--small-label-size': `${MIN_LABEL_PX * unitsPerPx}px`,
  } as CSSProperties;
  // A stored index goes under its node, unless (large labels on a narrow screen) it would then
  // reach down to the next level's circles: a node with children then has it at its side.
  const sideLabels = r + MIN_LABEL_PX * unitsPerPx > LEVEL_HEIGHT - r - 2;
  // "hand" and "out" sit clear of the node there and of its label, which may be wider than its
  // circle ("L0[5]", a bucket's name, on a phone): about 0.6 em a character in the monospace font.
  const [held, removed] = (['hand', 'out'] as const).map((place) => vm.nodes.find((x) => x.place === place));
  const beside = (n: (typeof vm.nodes)[number]) => Math.max(24, Math.max(Math.max(r, 12), (String(n.label).length * 0.6 * labelUnits) / 2) + 6);
  const perRow = cellsPerRow(width);
  // Room under the bottom level for the stored-index labels, at their on-screen size.
  const height = vm.height - 30 + r + 1.5 * MIN_LABEL_PX * unitsPerPx + 6;
  const rows: (typeof vm.cells)[] = [];
  for (let i = 0; i < vm.cells.length; i += perRow) rows.push(vm.cells.slice(i, i + perRow));

  return (
    <div className="heap-view" style={style} ref={ref}>
      <svg className="heap-tree" viewBox={`0 0 ${TREE_WIDTH} ${height}`} role="img"
        aria-label={`${title} as a tree: ${treeWords(vm, words, what)}`}>
        {/* Inside the drawing, whatever the label size: "hand" left of its node, "out" right of its;
            only while a node is there (an empty "hand" sat over the top level's last node, which
            then read as the one in hand). */}
        {held && <text className="area-label" x={HAND.x - beside(held)} y={HAND.y} dy="0.35em" textAnchor="end">{words.held}</text>}
        {removed && <text className="area-label" x={OUT.x + beside(removed)} y={OUT.y} dy="0.35em">{words.removed}</text>}
        <g className="edges">
          {vm.edges.map((e) => <line key={e.key} x1={e.from.x} y1={e.from.y} x2={e.to.x} y2={e.to.y} />)}
        </g>
        <g className="nodes">
          {vm.nodes.map((n) => (
            <g key={n.key} className={n.classes} style={{ transform: `translate(${n.x}px, ${n.y}px)` }}>
              <title>{`${words.key} ${n.label}${typeof n.place === 'number' ? ` at [${n.place}]` : ` (${n.place === 'hand' ? words.held : words.removed})`}${n.stored !== undefined ? `, stored index ${n.stored}` : ''}`}</title>
              <circle r={n.place === 'hand' || n.place === 'out' ? Math.max(r, 12) : r} />
              {(showLabels || typeof n.place !== 'number') && <text dy="0.35em" textAnchor="middle">{n.label}</text>}
              {n.stored !== undefined && showLabels && (sideLabels && typeof n.place === 'number' && 2 * n.place + 1 < vm.cells.length
                ? <text className="stored" x={r + 3} dy="0.35em" textAnchor="start">i={n.stored}</text>
                : <text className="stored" dy={r + MIN_LABEL_PX * unitsPerPx} textAnchor="middle">i={n.stored}</text>)}
            </g>
          ))}
        </g>
      </svg>
      {!showLabels && <p className="hint">The tree is drawn too small here to label each node legibly; the array below names each {words.slot}.</p>}
      <table className="array-view heap-array" aria-label={`${title} array, index order`}>
        <tbody>
          {rows.length === 0 && (
            <tr><th scope="row">[0…]</th><td className="empty-array">empty</td></tr>
          )}
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">[{i * perRow}…]</th>
              {row.map((c) => (
                <td key={c.slot} className={c.classes} aria-label={cellWords(c)}>
                  <span className="cell-index" aria-hidden="true">{c.slot}</span>
                  <span className="cell-value">{c.label}</span>
                  {c.stored !== undefined && <span className="cell-stored" aria-hidden="true">i={c.stored}</span>}
                  {c.sublabel !== undefined && <span className="cell-stored">{c.sublabel}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        {vm.cells.length} of {vm.capacity} array {words.slot}s in use.
        {indexed && ' Each timer shows the index it has stored in itself (i=…).'}
      </p>
    </div>
  );
}
