import { useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SiteLayout } from './site/SiteLayout';
import { CrashBoundary } from './wasm/CrashBoundary';
import { Home } from './pages/Home';
import { LessonPage } from './pages/LessonPage';
import { HandoutPage } from './pages/HandoutPage';
import { NotFound } from './pages/NotFound';
import { EmbedPage } from './pages/EmbedPage';
import { onDemand } from './runtime/onDemand';

// Pages a reader of the lessons never opens come as chunks of their own.
const EmbedGuide = onDemand('the embedding guide', async () => (await import('./pages/EmbedGuide')).EmbedGuide);
const TeacherPage = onDemand('the class view', async () => (await import('./classroom/TeacherPage')).TeacherPage);
const ClassPage = onDemand('the class page', async () => (await import('./classroom/ClassPage')).ClassPage);
const Primers = onDemand('the primers', async () => (await import('./pages/Primers')).Primers);

/** Every route in a crash boundary: no input, however hostile, leaves a blank page. */
function Guarded({ name, children }: { name: string; children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const { pathname } = useLocation();
  return (
    <CrashBoundary key={`${generation} ${pathname}`} name={name}
      restarts={() => [{ label: 'Reload this page', run: () => setGeneration((g) => g + 1) }]}>
      {children}
    </CrashBoundary>
  );
}

/**
 * A static host serves /teacher/ from /teacher/index.html, and links to the file itself are
 * common: the same page, under its route's own address.
 */
function IndexFile() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${pathname.replace(/\/index\.html$/, '/').replace(/(.)\/$/, '$1')}${search}${hash}`} replace />;
}

export function App() {
  const { pathname } = useLocation();
  if (pathname.endsWith('/index.html')) return <IndexFile />;
  return (
    <Routes>
      <Route path="embed/:name" element={<Guarded name="This embedded view"><EmbedPage /></Guarded>} />
      <Route element={<SiteLayout />}>
        <Route index element={<Guarded name="The home page"><Home /></Guarded>} />
        <Route path="lessons/:slug" element={<Guarded name="This lesson"><LessonPage /></Guarded>} />
        <Route path="lessons/:slug/handout" element={<Guarded name="This handout"><HandoutPage /></Guarded>} />
        <Route path="embed" element={<Guarded name="The embedding guide"><EmbedGuide /></Guarded>} />
        <Route path="teacher" element={<Guarded name="The class view"><TeacherPage /></Guarded>} />
        <Route path="class" element={<Guarded name="The class page"><ClassPage /></Guarded>} />
        <Route path="primers" element={<Guarded name="The primers"><Primers /></Guarded>} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
