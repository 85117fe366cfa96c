import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// The site's stylesheet before the catalog's families: a family's own (web/src/<family>/<family>.css) comes after it and may refine its rules.
import './styles.css';
import './catalog';
import { App } from './App';
import { watchScrollEdges } from './site/scrollEdges';
import { watchTableCards } from './site/tableCards';
import { loadWasm } from './wasm/loader';
import { preloadLessonAt } from './lessons';

watchScrollEdges();
watchTableCards();
// Nearly every page draws with the wasm: fetch and compile it while the route's code loads, not
// after its first widget mounts. A failure is shown by each widget, which loads it again.
loadWasm().catch(() => {});
preloadLessonAt(location.pathname, import.meta.env.BASE_URL);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
