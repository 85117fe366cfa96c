// The verdicts of a run, each opening with its state in words (not only a colour or a mark), then
// its sentence, which carries the interval it was judged on, and the source it is compared with.
import type { Comparison } from './suites';

export function VerdictList({ comparisons }: { comparisons: Comparison[] }) {
  return (
    <ul className="verdicts">
      {comparisons.map((c) => {
        const colon = c.sentence.indexOf(': ');
        return (
          <li key={c.id} className={`verdict ${c.verdict.replace(' ', '-')}`}>
            <strong className="verdict-state">{c.sentence.slice(0, colon)}</strong>{c.sentence.slice(colon)}
            {c.verdict !== 'not measured' && <span className="verdict-source"> Compared with: {c.published}.</span>}
          </li>
        );
      })}
    </ul>
  );
}
