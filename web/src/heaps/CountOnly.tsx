// For scripts too big to draw: the counters, per script command, counted in a worker.
import type { Counting } from './useHeapScript';
import { describeCommand } from './script';
import { countsFromFlat, HEAP_TITLES, workOf, type HeapKind } from './trace';
import { MAX_DRAWN, MAX_DRAWN_ACTIONS } from './run';
import { num as fmt } from '../site/format';


export function CountOnly({ counting, heaps }: { counting: Counting; heaps: HeapKind[] }) {
  if (counting.status === 'running') {
    return <p className="hint" role="status">Counting the work on the real heaps (in a background worker)…</p>;
  }
  if (counting.status === 'failed') return null; // the editor shows the located error
  // The rows come from the commands that were counted, never from a newer edit still counting.
  const { result, commands } = counting;
  const per = (h: HeapKind, i: number) => countsFromFlat(result.counts[h]!, i);
  return (
    <div className="count-only">
      <p className="hint">
        This script is too big to draw: it runs {fmt(result.actions)} operations and holds up to {fmt(result.maxSize)}{' '}
        timers at once, and the player draws at most {MAX_DRAWN} timers and {fmt(MAX_DRAWN_ACTIONS)} operations.
        So here are the counters only, counted by the real code.
      </p>
      <table className="counters by-command">
        <caption>Work per script operation (comparisons + equals() calls + moves + index writes)</caption>
        <thead>
          <tr>
            <th scope="col">op</th>
            {heaps.map((h) => <th scope="col" key={h}>{HEAP_TITLES[h]}</th>)}
            {heaps.length === 2 && <th scope="col">JDK ÷ indexed</th>}
          </tr>
        </thead>
        <tbody>
          {commands.map((c, i) => (
            <tr key={i}>
              <th scope="row"><code>{describeCommand(c)}</code></th>
              {heaps.map((h) => <td key={h}>{fmt(workOf(per(h, i)))}</td>)}
              {heaps.length === 2 && <td>{ratio(workOf(per('jdk', i)), workOf(per('indexed', i)))}</td>}
            </tr>
          ))}
          <tr className="total">
            <th scope="row">total</th>
            {heaps.map((h) => <td key={h}>{fmt(workOf(per(h, commands.length)))}</td>)}
            {heaps.length === 2 && <td>{ratio(workOf(per('jdk', commands.length)), workOf(per('indexed', commands.length)))}</td>}
          </tr>
        </tbody>
      </table>
      {heaps.map((h) => {
        const t = per(h, commands.length);
        return (
          <p key={h} className="hint">
            {HEAP_TITLES[h]}: {fmt(t.comparisons)} comparisons, {fmt(t.equals)} equals() calls, {fmt(t.moves)} moves
            {h === 'indexed' && `, ${fmt(t.indexWrites)} index writes`}, {fmt(t.allocations)} array grows.
          </p>
        );
      })}
    </div>
  );
}

export function ratio(a: number, b: number): string {
  if (b === 0) return a === 0 ? '—' : '∞';
  const r = a / b;
  return `${r >= 10 ? Math.round(r).toLocaleString('en-US') : r.toFixed(2)}×`;
}
