import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { MDXProvider } from '@mdx-js/react';
import type { MDXComponents } from 'mdx/types';
import { findLesson, loadLessonBody, loadedLessonBody } from '../lessons';
import { lessonWidgets } from '../registry/widgets';
import { NotFound } from './NotFound';
import { LessonSlug } from '../published/Fig';
import { stagedAll } from '../runtime/staged';
import { LessonLink } from '../site/LessonLink';
import { ProseCode } from '../ui/Breakable';

/** Set when the chunk arrives (a new object re-renders) or fails. */
type BodyState = { slug: string; error?: unknown };

/**
 * The lesson's body once its chunk has arrived. Not `lazy` and `Suspense`: React holds back a
 * suspended tree's reveal for 300 ms after its fallback showed, and that wait was most of the time
 * between the chunk arriving and the first player answering.
 */
function useLessonBody(slug: string, exists: boolean): ComponentType | null {
  const [state, setState] = useState<BodyState>({ slug });
  useEffect(() => {
    // Subscribed even when the chunk is here already: the page's preload (main.tsx) may have
    // brought it after this render read it and before this effect ran, and then only this promise
    // draws the body. Returning early there left the page at "Loading the lesson…" for good: the
    // Firefox smoke suite's flake (issue 61), one run in three or four.
    if (!exists) return;
    let live = true;
    loadLessonBody(slug).then(
      () => live && setState({ slug }),
      (error: unknown) => live && setState({ slug, error }),
    );
    return () => {
      live = false;
    };
  }, [slug, exists]);
  // A chunk that failed to load goes to the page's error boundary, which says so and offers a retry.
  if (state.slug === slug && state.error !== undefined) throw state.error;
  return loadedLessonBody(slug) ?? null;
}

/** Published figures, and the prose's own frames (the guide, the notes): drawn at once with the text. */
const QUOTED_FIGURES = ['Fig', 'FigRatio', 'FigTable', 'JvmFig', 'LessonGuide', 'TimePlan', 'InstructorNotes'];

/** A lesson's Markdown table, scrolling sideways on a narrow screen instead of widening the page. */
function ScrollingTable(props: ComponentProps<'table'>) {
  return <div className="table-scroll"><table {...props} /></div>;
}

export function LessonPage() {
  const { slug = '' } = useParams();
  const lesson = findLesson(slug);
  const Body = useLessonBody(slug, lesson !== undefined);

  useEffect(() => {
    document.title = lesson ? `${lesson.title} · Hotpath Lab` : 'Not found · Hotpath Lab';
    return () => {
      document.title = 'Hotpath Lab';
    };
  }, [lesson]);

  if (!lesson) return <NotFound what={`There is no lesson called “${slug}”.`} />;
  return (
    <article className="lesson">
      <nav aria-label="Breadcrumb" className="breadcrumb"><Link to="/">Lessons</Link> / {lesson.title}</nav>
      <header className="lesson-header">
        <h1>{lesson.title}</h1>
        <p className="lede">{lesson.summary}</p>
        <p className="lesson-meta">
          Reproduces: {lesson.source} · {lesson.level} · about {lesson.prereading} minutes before class, {lesson.minutes} in class ·{' '}
          <Link to={`/lessons/${lesson.slug}/handout`}>handout</Link> (one or two A4 pages)
        </p>
      </header>
      <LessonSlug.Provider value={slug}>
        <MDXProvider components={{ ...(stagedAll(lessonWidgets(), QUOTED_FIGURES) as MDXComponents), table: ScrollingTable, a: LessonLink, code: ProseCode }}>
          {Body ? <Body /> : <p role="status">Loading the lesson…</p>}
        </MDXProvider>
      </LessonSlug.Provider>
    </article>
  );
}
