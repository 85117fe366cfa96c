import type { Counts, HeapKind } from './trace';
import { num as fmt } from '../site/format';

const ROWS: { key: keyof Counts; label: string; only?: HeapKind }[] = [
  { key: 'comparisons', label: 'comparisons' },
  { key: 'equals', label: 'equals() calls' },
  { key: 'moves', label: 'element moves' },
  { key: 'indexWrites', label: 'index writes', only: 'indexed' },
  { key: 'allocations', label: 'array grows' },
];


/** Work done by the real code, counted: for the current operation and since the start. */
export function CountersPanel({ last, total, heap, caption = 'Work counted' }: {
  last?: Counts; total: Counts; heap: HeapKind; caption?: string;
}) {
  return (
    <table className="counters">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">counter</th>{last && <th scope="col">this operation</th>}<th scope="col">total</th></tr>
      </thead>
      <tbody>
        {ROWS.filter((r) => !r.only || r.only === heap).map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            {last && <td>{fmt(last[r.key])}</td>}
            <td>{fmt(total[r.key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
