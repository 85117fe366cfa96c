// A lesson's one-page handout (`/lessons/<slug>/handout`): the key diagrams, figures and
// takeaways a student keeps, from lessons/<slug>/handout.mdx. Its figures and sentences come
// from the same published data and computed claims as the lesson's page (<Fig>, <Claim>), and
// its diagrams are the real structures drawn at a chosen step, figure only. Printed, it fits one
// or two A4 pages (the print rules in styles.css; an end-to-end test prints it).
import { useEffect, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { MDXProvider } from '@mdx-js/react';
import type { MDXComponents } from 'mdx/types';
import { findLesson, loadHandout } from '../lessons';
import { lessonWidgets } from '../registry/widgets';
import { LessonSlug } from '../published/Fig';
import { LessonLink } from '../site/LessonLink';
import { ProseCode } from '../ui/Breakable';
import { NotFound } from './NotFound';

export function HandoutPage() {
  const { slug = '' } = useParams();
  const lesson = findLesson(slug);
  const [Body, setBody] = useState<{ slug: string; body?: ComponentType; error?: unknown } | null>(null);
  useEffect(() => {
    if (!lesson) return undefined;
    let live = true;
    loadHandout(slug).then((m) => live && setBody({ slug, body: m.default }), (error: unknown) => live && setBody({ slug, error }));
    document.title = `${lesson.title}: handout · Hotpath Lab`;
    return () => {
      live = false;
      document.title = 'Hotpath Lab';
    };
  }, [slug, lesson]);
  if (!lesson) return <NotFound what={`There is no lesson called “${slug}”.`} />;
  if (Body?.slug === slug && Body.error !== undefined) throw Body.error;
  const Content = Body?.slug === slug ? Body.body : undefined;
  return (
    <article className="lesson handout">
      <nav aria-label="Breadcrumb" className="breadcrumb no-print">
        <Link to="/">Lessons</Link> / <Link to={`/lessons/${slug}`}>{lesson.title}</Link> / Handout
      </nav>
      <header className="lesson-header">
        <h1>{lesson.title}: the handout</h1>
        <p className="lesson-meta">Hotpath Lab · reproduces {lesson.source}</p>
        <p className="no-print"><button type="button" onClick={() => window.print()}>Print the handout</button> (one or two A4 pages)</p>
      </header>
      <LessonSlug.Provider value={slug}>
        <MDXProvider components={{ ...(lessonWidgets() as MDXComponents), a: LessonLink, code: ProseCode }}>
          {Content ? <Content /> : <p role="status">Loading the handout…</p>}
        </MDXProvider>
      </LessonSlug.Provider>
    </article>
  );
}
