import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './catalog';
import { App } from './App';
import './styles.css';
import { watchScrollEdges } from './site/scrollEdges';
import { loadWasm } from './wasm/loader';
import { preloadLessonAt } from './lessons';

watchScrollEdges();
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
