// The recyclers, drawn from the frame: per thread, its stack as a column of slots (bottom first,
// stale slots dashed), the list screen readers and tests read ("pooled"), and, after the rewrite,
// the WeakOrderQueues other threads fill for it, each a chain of 16-slot links with their read
// and write indices; before it, with assertions on, the identity map. Then every object's handle.
import { useRef, type CSSProperties } from 'react';
import { useWidth } from '../util/useWidth';
import type { ViewProps } from '../registry/family';
import {
  describeLink, describeStack, focusOf, idName, objectName, objectRows, outcomeText, placeText, queuesOf, threadColumns,
  type QueueBox, type ThreadColumn,
} from './viewModel';

const SLOT_W = 66;
const SLOT_H = 26;
const CELL = 22;

function StackColumn({ c, focus }: { c: ThreadColumn; focus: ReturnType<typeof focusOf> }) {
  const height = c.slots.length * SLOT_H + 26;
  const width = SLOT_W + 96;
  const y = (i: number) => height - 18 - (i + 1) * SLOT_H;
  return (
    <svg className="recycler-stack" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img"
      aria-label={describeStack(c, focus)}>
      {c.slots.map((s) => {
        const touched = focus.stack === c.index && focus.slot === s.index;
        const cls = ['stack-slot', s.object === null ? 'empty' : s.stale ? 'stale' : 'full', touched ? 'focus' : ''].join(' ');
        return (
          <g key={s.index} className={cls}>
            <text className="node-name" x={22} y={y(s.index) + 17} textAnchor="end">{s.index}</text>
            <rect x={28} y={y(s.index)} width={SLOT_W} height={SLOT_H - 2} rx={3} />
            <text className="node-item" x={28 + SLOT_W / 2} y={y(s.index) + 17} textAnchor="middle">
              {s.object === null ? '' : objectName(s.object)}
            </text>
          </g>
        );
      })}
      <g className="stack-size">
        <line x1={24} x2={32 + SLOT_W} y1={y(c.size - 1) - 1} y2={y(c.size - 1) - 1} />
        <text x={34 + SLOT_W} y={y(c.size - 1) + 3}>size {c.size}</text>
      </g>
      <text className="queue-note" x={28} y={height - 4}>array length {c.length.toLocaleString('en-US')}</text>
    </svg>
  );
}

function QueueChain({ owner, queues, c, focus, names }: {
  owner: number; queues: QueueBox[]; c: ThreadColumn; focus: ReturnType<typeof focusOf>; names: (t: number) => string;
}) {
  // The box is always there, so its width is known from the first render on.
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  return (
    <div ref={box}>
    {queues.length === 0 ? <p className="hint">No WeakOrderQueues: no other thread has recycled into this stack.</p> : <>
    <p className="hint">WeakOrderQueues, first to last (cells: object numbers; r▲ readIndex, w▲ writeIndex):</p>
    <ol className="woq-chain" aria-label={`${names(owner)}'s WeakOrderQueues`}>
      {queues.map((q) => (
        <li key={q.queue} className={`woq scrolls${q.dead ? ' dead' : ''}${focus.queue === q.queue ? ' focus' : ''}`}>
          <div className="woq-head">
            <strong>q{q.k}</strong> from {names(q.thread)}{q.dead ? ' (thread exited)' : ''}
            {c.cursor === q.queue && <span className="tag">cursor</span>}
            {c.prev === q.queue && <span className="tag">prev</span>}
          </div>
          {q.links.map((l, li) => {
            // A 16-slot link is 360 px wide; where the list is narrower (a phone) it is drawn in rows.
            const perRow = width > 0 && width < l.slots.length * CELL + 16 ? Math.ceil(l.slots.length / 2) : l.slots.length;
            const rows = Math.ceil(l.slots.length / perRow);
            const rowH = CELL + 34;
            const at = (i: number) => ({ x: 4 + (i % perRow) * CELL, y: Math.floor(i / perRow) * rowH });
            const read = at(Math.min(l.read, l.slots.length - 1));
            const write = at(Math.min(l.write, l.slots.length - 1));
            return (
            // Each link named as the narration names it (L1, L2, …), so where one ends and the next
            // begins shows when a link is drawn in two rows.
            <div key={l.link} className="woq-link-box">
            <span className="woq-link-name" aria-hidden="true">L{li + 1}: link {li + 1} of {q.links.length}, {l.slots.length} slots</span>
            <svg className="woq-link" width={perRow * CELL + 8} height={rows * rowH}
              viewBox={`0 0 ${perRow * CELL + 8} ${rows * rowH}`} role="img"
              aria-label={describeLink(l, li + 1, q.k, focus)}>
              {l.slots.map((v, i) => {
                const touched = focus.link === l.link && focus.index === i;
                const live = i >= l.read && i < l.write;
                const { x, y } = at(i);
                return (
                  <g key={i} className={`link-cell ${live ? 'full' : 'empty'}${touched ? ' focus' : ''}`}>
                    <rect x={x} y={y + 4} width={CELL - 2} height={CELL - 2} rx={2} />
                    <text x={x + (CELL - 2) / 2} y={y + 19} textAnchor="middle">{v === null ? '' : v + 1}</text>
                  </g>
                );
              })}
              <text className="ring-marker consumer" x={read.x} y={read.y + CELL + 16}>r▲</text>
              <text className="ring-marker producer" x={write.x} y={write.y + CELL + (l.read === l.write ? 28 : 16)}>w▲</text>
            </svg>
            </div>
            );
          })}
        </li>
      ))}
    </ol>
    </>}
    </div>
  );
}

export function RecyclerView({ frame, trace, moveMs }: ViewProps) {
  const after = trace.variant === 'after';
  const assertions = frame.get('assertions') === 1;
  const threads = threadColumns(frame, trace);
  const focus = focusOf(frame);
  const names = (t: number) => threads[t]?.name ?? `thread ${t}`;
  const queues = threads.map((c) => (after ? queuesOf(frame, c.index) : []));
  const objects = objectRows(frame);
  const style = { '--move-ms': `${moveMs}ms` } as CSSProperties;
  return (
    <div className="recycler-view" style={style}>
      <div className="recycler-threads">
        {threads.map((c) => (
          <section key={c.index} aria-label={`thread ${c.name}`} className={`recycler-thread${c.current ? ' current' : ''}${c.alive ? '' : ' dead'}`}>
            <h4>{c.name}{c.alive ? '' : ' (exited)'} <small>{outcomeText(c)}</small></h4>
            {c.made ? <StackColumn c={c} focus={focus} /> : <p className="hint">No stack yet: made on this thread&apos;s first get.</p>}
            <p className="hint">Pooled, bottom first:</p>
            <ol aria-label="pooled" className="inline-list">
              {c.pooled.map((o, i) => <li key={`${i}-${o}`}>{objectName(o)}</li>)}
            </ol>
            {!after && assertions && c.made && (
              <>
                <p className="hint">Identity map ({c.mapLength.toLocaleString('en-US')}-slot table):</p>
                <ol aria-label="identity map" className="inline-list">
                  {objects.filter((o) => o.mapSlot >= 0 && o.stack === c.index).map((o) => (
                    <li key={o.object} className={focus.mapSlot === o.mapSlot ? 'focus' : undefined}>{objectName(o.object)} @{o.mapSlot}</li>
                  ))}
                </ol>
              </>
            )}
            {after && c.made && <QueueChain owner={c.index} queues={queues[c.index]} c={c} focus={focus} names={names} />}
          </section>
        ))}
      </div>
      <div className="table-scroll">
      <table className="counters recycler-objects" aria-label="handles">
        <caption>Objects and their handles</caption>
        <thead>
          <tr>
            <th scope="col">object</th><th scope="col">where</th>
            {after ? <><th scope="col">handle.stack</th><th scope="col">recycleId</th><th scope="col">lastRecycledId</th></>
              : <th scope="col">handle (its stack)</th>}
            {!after && assertions && <th scope="col">map slot</th>}
          </tr>
        </thead>
        <tbody>
          {objects.map((o) => (
            <tr key={o.object} className={focus.object === o.object ? 'focus' : undefined}>
              <th scope="row">{objectName(o.object)}</th>
              <td>{placeText(o.place, names)}</td>
              {after ? (
                <>
                  <td>{o.stack >= 0 ? `${names(o.stack)}'s stack` : 'null'}</td>
                  <td className="mono">{idName(o.recycleId)}</td>
                  <td className="mono">{idName(o.lastRecycledId)}</td>
                </>
              ) : <td>{names(o.stack)}&apos;s stack</td>}
              {!after && assertions && <td className="mono">{o.mapSlot >= 0 ? o.mapSlot : '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}
