import type { Counts } from '../script/frame';
import type { FamilySchema } from '../script/schema';
import { num } from '../util/format';
import { workOf, type WorkKind } from '../registry/work';

/** Counts between two moments. */
export function minusCounts(later: Counts, earlier: Counts): Counts {
  return Object.fromEntries(Object.entries(later).map(([k, v]) => [k, v - (earlier[k] ?? 0)]));
}

/** The counters a table shows: the variant's own, then any work counter it does not list that has counted something. */
export function counterRows(kinds: readonly string[], work: readonly WorkKind[], total: Counts): string[] {
  return [...kinds, ...work.map((w) => w.kind).filter((k) => !kinds.includes(k) && (total[k] ?? 0) !== 0)];
}

/**
 * Work done by the real code, counted: for the current operation (or step) and since the start.
 * The counters that make up the family's "work" (registry/work.ts) are marked ✱ and added up in the
 * last row, the sum every ratio on the page is of; a work counter this variant does not list is
 * shown too, once it has counted something.
 */
export function CountersPanel({ schema, kinds, work, last, lastLabel = 'this operation', total, caption = 'Work counted' }: {
  schema: FamilySchema; kinds: readonly string[]; work: readonly WorkKind[]; last?: Counts; lastLabel?: string; total: Counts; caption?: string;
}) {
  const label = (name: string) => schema.kinds.find((k) => k.name === name)?.counter ?? name;
  const isWork = new Set(work.map((w) => w.kind));
  const rows = counterRows(kinds, work, total);
  return (
    <table className="counters">
      <caption>{caption} <span className="hint">(✱ counts as work)</span></caption>
      <thead>
        <tr><th scope="col">counter</th>{last && <th scope="col">{lastLabel}</th>}<th scope="col">total</th></tr>
      </thead>
      <tbody>
        {rows.map((k) => (
          <tr key={k}>
            <th scope="row">{label(k)}{isWork.has(k) && <><span aria-hidden="true"> ✱</span><span className="visually-hidden"> (counts as work)</span></>}</th>
            {last && <td>{num(last[k] ?? 0)}</td>}
            <td>{num(total[k] ?? 0)}</td>
          </tr>
        ))}
        <tr className="total">
          <th scope="row">work (the ✱ rows)</th>
          {last && <td>{num(workOf(work, last))}</td>}
          <td>{num(workOf(work, total))}</td>
        </tr>
      </tbody>
    </table>
  );
}
