// The queues, drawn from the frame: the ConcurrentLinkedQueue as a chain of nodes with head and
// tail arrows (nodes behind head on the left, nodes not yet linked below), the array queues
// as a strip of slots with their indices (the SPSC look-ahead window and MPSC's claimed-but-empty
// slots shaded), each thread's program counter, and the list and table screen readers and tests
// read: "queue contents" and "queue fields".
import type { CSSProperties } from 'react';
import type { ViewProps } from '../registry/family';
import type { Frame } from './schema.gen';
import {
  chainOf, contentsOf, describeChain, describeRing, fieldRows, focusOf, polledOf, ringOf, threadCells, threadRows, type Chain, type Ring, type ThreadRow,
} from './viewModel';

const NODE_W = 54;
const NODE_H = 34;
const GAP = 26;
const PAD = 12;
const SLOT_W = 46;
const SLOTS_PER_ROW = 16;

const LEGEND: Record<string, string> = {
  clq: 'Boxes are nodes (∅: no element); dashed boxes on the left are off the list, behind head: an ex-head is self-linked (its arrow loops back), a node that head jumped over still points on; boxes below are allocated but not linked yet. Under a node: the threads whose p (and t, or h) point at it.',
  abq: 'take▲ marks takeIndex, p▲ putIndex; count tells full from empty when they meet. One lock guards every field.',
  spsc: 'c▲ marks consumerIndex, p▲ producerIndex (both masked into the ring); green slots are the producer’s look-ahead: known empty, so it writes them without looking.',
  mpsc: 'c▲ marks consumerIndex, p▲ producerIndex; a dashed orange slot is claimed by a producer (its CAS won) but not written yet: the consumer spins there.',
};

/** Thread markers under a node or slot: "P1.p", "C". */
function pointerLabels(threads: ThreadRow[], at: number, variant: string): string[] {
  const out: string[] = [];
  for (const t of threads) {
    if (t.state !== 'running') continue;
    if (t.p === at) out.push(variant === 'clq' ? `${t.name}.p` : t.name);
    if (variant === 'clq' && t.t === at && t.t !== t.p) out.push(`${t.name}.${t.label?.includes(': poll') ? 'h' : 't'}`);
  }
  return out;
}

function ChainDrawing({ chain, frame, threads }: { chain: Chain; frame: Frame; threads: ThreadRow[] }) {
  const focus = focusOf(frame);
  const x = (column: number) => PAD + column * (NODE_W + GAP);
  const listTop = 44;
  const pendingTop = listTop + NODE_H + 70;
  const hasPending = chain.nodes.some((n) => n.place === 'pending');
  const width = x(chain.columns) + PAD;
  const height = (hasPending ? pendingTop + NODE_H : listTop + NODE_H) + 44;
  const byNode = new Map(chain.nodes.map((n) => [n.node, n]));
  const top = (n: { place: string }) => (n.place === 'pending' ? pendingTop : listTop);
  return (
    <svg className="queue-svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img"
      aria-label={describeChain(chain, focus)}>
      <defs>
        <marker id="q-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L8,4 L0,8 z" className="queue-arrowhead" />
        </marker>
      </defs>
      {hasPending && <text className="queue-note" x={PAD} y={pendingTop - 12}>allocated, not linked yet</text>}
      {chain.nodes.map((n) => {
        const nx = x(n.column);
        const ny = top(n);
        const touched = (focus.field === 'NEXT' || focus.field === 'ITEM') && focus.index === n.node;
        const cls = ['queue-node', n.place, touched ? 'focus' : '', touched && focus.failed ? 'failed' : ''].join(' ');
        const next = n.next === null ? null : byNode.get(n.next);
        const labels = pointerLabels(threads, n.node, 'clq');
        return (
          <g key={n.node} className={cls}>
            <rect x={nx} y={ny} width={NODE_W} height={NODE_H} rx={5} />
            <text className="node-item" x={nx + NODE_W / 2} y={ny + 22} textAnchor="middle">{n.item === null ? '∅' : n.item}</text>
            <text className="node-name" x={nx + NODE_W / 2} y={ny - 4} textAnchor="middle">n{n.node}</text>
            {n.next === n.node && (
              <path className="queue-link self" d={`M${nx + NODE_W - 8},${ny + NODE_H} c 14,22 -30,22 -22,2`} markerEnd="url(#q-arrow)" />
            )}
            {next && n.next !== n.node && (
              next.place === n.place && next.column === n.column + 1
                ? <line className="queue-link" x1={nx + NODE_W} y1={ny + NODE_H / 2} x2={x(next.column) - 2} y2={ny + NODE_H / 2} markerEnd="url(#q-arrow)" />
                : <path className="queue-link far" d={`M${nx + NODE_W / 2},${ny + NODE_H} C ${nx + NODE_W / 2},${ny + NODE_H + 30} ${x(next.column) + NODE_W / 2},${top(next) + NODE_H + 30} ${x(next.column) + NODE_W / 2},${top(next) + NODE_H + 2}`} markerEnd="url(#q-arrow)" />
            )}
            {n.next === null && n.place === 'list' && <text className="queue-note" x={nx + NODE_W + 3} y={ny + 22}>null</text>}
            {labels.map((l, i) => (
              <text key={l} className="thread-pointer" x={nx + NODE_W / 2} y={ny + NODE_H + 16 + i * 13} textAnchor="middle">{l}</text>
            ))}
          </g>
        );
      })}
      {(['head', 'tail'] as const).map((which, i) => {
        const n = byNode.get(which === 'head' ? chain.head : chain.tail);
        if (!n) return null;
        // Head on the left of the node's top, tail on the right: apart even on one node.
        const nx = x(n.column) + NODE_W / 2 + (i === 0 ? -9 : 9);
        const touched = focus.field === (which === 'head' ? 'HEAD' : 'TAIL');
        return (
          <g key={which} className={`queue-pointer ${which}${touched ? ' focus' : ''}${touched && focus.failed ? ' failed' : ''}`}>
            <text x={nx + (i === 0 ? 3 : -3)} y={12} textAnchor={i === 0 ? 'end' : 'start'}>{which}</text>
            <line x1={nx} y1={16} x2={nx} y2={top(n) - 14} markerEnd="url(#q-arrow)" />
          </g>
        );
      })}
    </svg>
  );
}

function RingDrawing({ ring, frame, variant, threads }: { ring: Ring; frame: Frame; variant: string; threads: ThreadRow[] }) {
  const focus = focusOf(frame);
  const perRow = Math.min(SLOTS_PER_ROW, Math.max(1, ring.capacity));
  const rows = Math.ceil(ring.capacity / perRow);
  const rowH = NODE_H + 78;
  const width = PAD * 2 + perRow * SLOT_W;
  const height = rows * rowH + 10;
  const place = (s: number) => ({ x: PAD + (s % perRow) * SLOT_W, y: 22 + Math.floor(s / perRow) * rowH });
  const claimed = new Set(ring.claimed);
  const ahead = new Set(ring.lookAhead);
  return (
    <svg className="queue-svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img"
      aria-label={describeRing(ring, focus)}>
      {ring.slots.map((v, s) => {
        const { x, y } = place(s);
        const touched = focus.field === 'SLOT' && focus.index === s;
        const cls = ['queue-slot', v === null ? 'empty' : 'full', claimed.has(s) ? 'claimed' : '', ahead.has(s) ? 'look-ahead' : '',
          touched ? 'focus' : '', touched && focus.failed ? 'failed' : ''].join(' ');
        const markers = ring.markers.filter((m) => m.slot === s);
        const labels = pointerLabels(threads, s, variant);
        return (
          <g key={s} className={cls}>
            <rect x={x + 2} y={y} width={SLOT_W - 4} height={NODE_H} rx={4} />
            <text className="node-item" x={x + SLOT_W / 2} y={y + 22} textAnchor="middle">{v === null ? '∅' : v}</text>
            <text className="node-name" x={x + SLOT_W / 2} y={y - 5} textAnchor="middle">{s}</text>
            {markers.map((m, i) => (
              <text key={m.kind} className={`ring-marker ${m.kind}`} x={x + SLOT_W / 2} y={y + NODE_H + 14 + i * 13} textAnchor="middle">
                {m.kind === 'consumer' ? (variant === 'abq' ? 'take' : 'c') : 'p'}▲
              </text>
            ))}
            {labels.map((l, i) => (
              <text key={l} className="thread-pointer" x={x + SLOT_W / 2} y={y + NODE_H + 14 + (markers.length + i) * 13} textAnchor="middle">{l}</text>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

function Threads({ threads }: { threads: ThreadRow[] }) {
  return (
    <table className="counters queue-threads" aria-label="threads">
      <caption>Threads</caption>
      <thead><tr><th scope="col">thread</th><th scope="col">operation</th><th scope="col">next step</th></tr></thead>
      <tbody>
        {threads.map((t) => {
          const cells = threadCells(t);
          return (
            <tr key={t.index} className={t.current ? 'focus' : undefined}>
              <th scope="row">{t.name}</th>
              <td>{cells.operation}</td>
              <td className="mono">{cells.next}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function QueueView({ frame, trace, moveMs }: ViewProps) {
  const variant = trace.variant;
  const threads = threadRows(frame, trace);
  const contents = contentsOf(frame, variant);
  const fields = fieldRows(frame, variant, (t) => threads[t]?.name ?? `thread ${t}`);
  const polled = polledOf(frame);
  const style = { '--move-ms': `${moveMs}ms` } as CSSProperties;
  return (
    <div className="queue-view" style={style}>
      <div className="queue-drawing scrolls">
        {variant === 'clq'
          ? <ChainDrawing chain={chainOf(frame)} frame={frame} threads={threads} />
          : <RingDrawing ring={ringOf(frame, variant)} frame={frame} variant={variant} threads={threads} />}
      </div>
      <p className="hint queue-legend">{LEGEND[variant]}</p>
      <div className="queue-tables">
        <div>
          <h4>Queued, head to tail</h4>
          {contents.length === 0 && <p className="hint">The queue is empty.</p>}
          <ol aria-label="queue contents" className="inline-list">
            {contents.map((v, i) => <li key={`${i}-${v}`}>{v}</li>)}
          </ol>
          <h4>Polled, in order</h4>
          {polled.length === 0 && <p className="hint">Nothing polled yet.</p>}
          <ol aria-label="polled" className="inline-list">
            {polled.map((v, i) => <li key={`${i}-${v}`}>{v}</li>)}
          </ol>
        </div>
        <table className="counters" aria-label="queue fields">
          <caption>Fields</caption>
          <thead><tr><th scope="col">field</th><th scope="col">value</th></tr></thead>
          <tbody>
            {fields.map((r) => (
              <tr key={r.name} className={r.focus ? 'focus' : undefined}><th scope="row">{r.name}</th><td className="mono">{r.value}</td></tr>
            ))}
          </tbody>
        </table>
        <Threads threads={threads} />
      </div>
    </div>
  );
}
