import type { Counts } from '../script/frame';
import type { FamilySchema } from '../script/schema';
import { num } from '../site/format';

/** Counts between two moments. */
export function minusCounts(later: Counts, earlier: Counts): Counts {
  return Object.fromEntries(Object.entries(later).map(([k, v]) => [k, v - (earlier[k] ?? 0)]));
}

/** Work done by the real code, counted: for the current operation (or step) and since the start. */
export function CountersPanel({ schema, kinds, last, lastLabel = 'this operation', total, caption = 'Work counted' }: {
  schema: FamilySchema; kinds: readonly string[]; last?: Counts; lastLabel?: string; total: Counts; caption?: string;
}) {
  const label = (name: string) => schema.kinds.find((k) => k.name === name)?.counter ?? name;
  return (
    <table className="counters">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">counter</th>{last && <th scope="col">{lastLabel}</th>}<th scope="col">total</th></tr>
      </thead>
      <tbody>
        {kinds.map((k) => (
          <tr key={k}>
            <th scope="row">{label(k)}</th>
            {last && <td>{num(last[k])}</td>}
            <td>{num(total[k])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
