import { Link } from 'react-router';
import { lessons } from '../lessons';
import { homeDemo } from '../registry/widgets';

export function Home() {
  return (
    <>
      <section className="hero">
        <h1>See why one structure beats another — and measure it yourself.</h1>
        <p className="lede">
          Timer heaps, timing wheels, bounded queues and object pools sit on the hot path of every
          busy server. Each lesson here retells a real engineering change, re-runs its experiment in
          your browser on a faithful Rust re-implementation, and sets the published figures beside
          yours.
        </p>
      </section>

      <section aria-labelledby="lessons-heading">
        <h2 id="lessons-heading">Lessons</h2>
        <ul className="lesson-cards">
          {lessons.map((l) => (
            <li key={l.slug} className="lesson-card">
              <h3><Link to={`/lessons/${l.slug}`}>{l.title}</Link></h3>
              <p>{l.summary}</p>
              <dl className="lesson-facts">
                <div><dt>Reproduces</dt><dd>{l.source}</dd></div>
                <div><dt>Level</dt><dd>{l.level}</dd></div>
                <div><dt>Time</dt><dd>{l.prereading} min before class, {l.minutes} in class</dd></div>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      {homeDemo()}
    </>
  );
}
