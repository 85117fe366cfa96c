import type { Counts } from './frame';
import type { FamilySchema } from '../script/schema';
import { num } from '../site/format';

/** Work done by the real code, counted: for the current operation and since the start. */
export function CountersPanel({ schema, kinds, last, total, caption = 'Work counted' }: {
  schema: FamilySchema; kinds: readonly string[]; last?: Counts; total: Counts; caption?: string;
}) {
  const label = (name: string) => schema.kinds.find((k) => k.name === name)?.counter ?? name;
  return (
    <table className="counters">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">counter</th>{last && <th scope="col">this operation</th>}<th scope="col">total</th></tr>
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
