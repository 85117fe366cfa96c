import { lazy, Suspense, useEffect, useMemo, type ComponentProps, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { MDXProvider } from '@mdx-js/react';
import type { MDXComponents } from 'mdx/types';
import { findLesson, loadLessonBody } from '../lessons';
import { lessonWidgets } from '../registry/widgets';
import { NotFound } from './NotFound';
import { LessonSlug } from '../published/Fig';

const cache = new Map<string, ComponentType>();

function lessonBody(slug: string): ComponentType {
  let body = cache.get(slug);
  if (!body) {
    body = lazy(() => loadLessonBody(slug));
    cache.set(slug, body);
  }
  return body;
}

/** A lesson's Markdown table, scrolling sideways on a narrow screen instead of widening the page. */
function ScrollingTable(props: ComponentProps<'table'>) {
  return <div className="table-scroll"><table {...props} /></div>;
}

export function LessonPage() {
  const { slug = '' } = useParams();
  const lesson = findLesson(slug);
  const Body = useMemo(() => (lesson ? lessonBody(slug) : null), [lesson, slug]);

  useEffect(() => {
    document.title = lesson ? `${lesson.title} · Hotpath Lab` : 'Not found · Hotpath Lab';
    return () => {
      document.title = 'Hotpath Lab';
    };
  }, [lesson]);

  if (!lesson || !Body) return <NotFound what={`There is no lesson called “${slug}”.`} />;
  return (
    <article className="lesson">
      <nav aria-label="Breadcrumb" className="breadcrumb"><Link to="/">Lessons</Link> / {lesson.title}</nav>
      <header className="lesson-header">
        <h1>{lesson.title}</h1>
        <p className="lede">{lesson.summary}</p>
        <p className="lesson-meta">
          Reproduces: {lesson.source} · {lesson.level} · about {lesson.minutes} minutes
        </p>
      </header>
      <LessonSlug.Provider value={slug}>
        <MDXProvider components={{ ...(lessonWidgets() as MDXComponents), table: ScrollingTable }}>
          <Suspense fallback={<p role="status">Loading the lesson…</p>}>
            <Body />
          </Suspense>
        </MDXProvider>
      </LessonSlug.Provider>
    </article>
  );
}
