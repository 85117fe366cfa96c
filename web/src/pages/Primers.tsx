// Short primers on what the lessons assume (Big-O, Little's law, CAS and happens-before, JMH,
// young-generation collection), each linked from the prerequisites of the lessons that need it.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import Body from './primers.mdx';
import { LessonLink } from '../site/LessonLink';

export function Primers() {
  const { hash } = useLocation();
  // Arriving from a lesson's prerequisites (a route change in the page, not a load): go to the primer named.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
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
      <Body components={{ a: LessonLink }} />
    </article>
  );
}
