// The verdicts of a run, each opening with its state in words (not only a colour or a mark), then
// its sentence, which carries the interval it was judged on, and the source it is compared with.
import type { Comparison } from './suites';

export function VerdictList({ comparisons }: { comparisons: Comparison[] }) {
  return (
    <ul className="verdicts">
      {comparisons.map((c) => (
        <li key={c.id} className={`verdict ${c.verdict.replace(' ', '-')}`} data-verdict={c.verdict}
          // What it was judged on, for tests that check the words against the interval.
          data-interval={c.ratio && JSON.stringify([c.ratio.low, c.ratio.high])} data-claim={c.claim && JSON.stringify(c.claim)}
          data-points={c.points && JSON.stringify(c.points.map((p) => [p.interval.low, p.interval.high, p.verdict]))}>
          {/* The title names the verdict, so one that depends on another can point at it. */}
          <span className="verdict-title">{c.title}</span>
          <span className="verdict-text">
            <strong className="verdict-state">{c.state}</strong>: {c.says}{c.settle && ` ${c.settle}`}
            {/* Not when the sentence quotes it already (a verdict judged against the JVM's own ratio). */}
            {c.verdict !== 'not measured' && !c.says.includes(c.published) && <span className="verdict-source"> Compared with: {c.published}.</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
