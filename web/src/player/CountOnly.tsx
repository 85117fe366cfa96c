// For scripts too big to draw: the counters, per script command, counted in a worker by the
// real structures.
import type { Counting } from '../script/useScript';
import { countsAt } from '../script/counting';
import { describeCommand } from '../script/parse';
import type { FamilySchema } from '../script/schema';
import type { FamilyModule } from '../registry/family';
import { num as fmt, plural, times } from '../util/format';
import { describeWork, workNames, workOf } from '../registry/work';

/** a ÷ b of two counts, written as every ratio is (util/format's times). */
export function ratio(a: number, b: number): string {
  if (b === 0) return a === 0 ? '—' : '∞';
  return times(a / b);
}

export function CountOnly({ counting, module, schema, variants }: {
  counting: Counting; module: FamilyModule; schema: FamilySchema; variants: readonly string[];
}) {
  if (counting.status === 'running') {
    return <p className="hint" role="status">Counting the work on the real structures (in a background worker)…</p>;
  }
  if (counting.status === 'failed') return null; // the editor shows the located error
  // The rows come from the commands that were counted, never from a newer edit still counting.
  const { result, commands } = counting;
  const title = (v: string) => schema.variants.find((x) => x.name === v)?.title ?? v;
  const at = (v: string, i: number) => countsAt(result.counts[v]!, schema.kinds, i);
  const work = (v: string, i: number) => workOf(module.work, at(v, i));
  const [a, b] = variants;
  return (
    <div className="count-only">
      <p className="hint">
        This script is too big to draw: it runs {plural(result.actions, 'operation')} and holds up to{' '}
        {plural(result.maxSize, module.noun[0], module.noun[1])} at once, and the player draws at most{' '}
        {module.drawLimits(schema)}. So here are the counters only, counted by the real code.
      </p>
      <div className="table-scroll">
        <table className="counters by-command">
          <caption>Work per script command ({workNames(module.work)})</caption>
          <thead>
            <tr>
              <th scope="col">command</th>
              {variants.map((v) => <th scope="col" key={v}>{title(v)}</th>)}
              {variants.length === 2 && <th scope="col">{title(a)} ÷ {title(b)}</th>}
            </tr>
          </thead>
          <tbody>
            {commands.map((c, i) => (
              <tr key={i}>
                <th scope="row"><code>{describeCommand(c)}</code></th>
                {variants.map((v) => <td key={v}>{fmt(work(v, i))}</td>)}
                {variants.length === 2 && <td>{ratio(work(a, i), work(b, i))}</td>}
              </tr>
            ))}
            <tr className="total">
              <th scope="row">total</th>
              {variants.map((v) => <td key={v}>{fmt(work(v, commands.length))}</td>)}
              {variants.length === 2 && <td>{ratio(work(a, commands.length), work(b, commands.length))}</td>}
            </tr>
          </tbody>
        </table>
      </div>
      {variants.map((v) => (
        <p key={v} className="hint">{title(v)}: {describeWork(module.work, at(v, commands.length))}.</p>
      ))}
    </div>
  );
}
