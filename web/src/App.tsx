import { Route, Routes } from 'react-router';
import { SiteLayout } from './site/SiteLayout';
import { Home } from './pages/Home';
import { LessonPage } from './pages/LessonPage';
import { NotFound } from './pages/NotFound';
import { EmbedPage } from './pages/EmbedPage';

export function App() {
  return (
    <Routes>
      <Route path="embed/:name" element={<EmbedPage />} />
      <Route element={<SiteLayout />}>
        <Route index element={<Home />} />
        <Route path="lessons/:slug" element={<LessonPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
