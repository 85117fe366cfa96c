// Short primers on what the lessons assume (Big-O, Little's law, CAS and happens-before, JMH,
// young-generation collection), each linked from the prerequisites of the lessons that need it.
import { useEffect } from 'react';
import { Link } from 'react-router';
import Body from './primers.mdx';

export function Primers() {
  useEffect(() => {
    document.title = 'Primers · Hotpath Lab';
    return () => {
      document.title = 'Hotpath Lab';
    };
  }, []);
  return (
    <article className="lesson primers">
      <nav aria-label="Breadcrumb" className="breadcrumb"><Link to="/">Lessons</Link> / Primers</nav>
      <header className="lesson-header">
        <h1>Primers</h1>
        <p className="lede">What the lessons assume, a few paragraphs each: enough to follow them, with a pointer to read further.</p>
      </header>
      <Body />
    </article>
  );
}
