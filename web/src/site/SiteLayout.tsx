import { Link, NavLink, Outlet } from 'react-router';
import { ThemeToggle } from './ThemeToggle';
import { lessons } from '../lessons';
import { framedByAnotherSite } from './framing';
import { useServerMode } from './serverMode';

/** Which mode the site runs in, said once on every page. */
function ModeLine() {
  const m = useServerMode();
  if (m.mode === 'checking') return null;
  return (
    <p className="mode-line" data-mode={m.mode}>
      {m.mode === 'server'
        ? <>Mode: class server. Answers to a class’s questions go to this server; anything else stays in your browser. <Link to="/class">Classes</Link></>
        : <>Mode: static site. Your answers stay in this browser; export them for your teacher.</>}
    </p>
  );
}

export function SiteLayout() {
  if (framedByAnotherSite()) {
    // Nothing to click: a page laid under a decoy could otherwise take a student's clicks.
    return (
      <main id="main" className="not-found">
        <p role="alert">
          This page of Hotpath Lab is not shown inside other sites.{' '}
          <a href={window.location.href} target="_blank" rel="noopener noreferrer">Open it on its own</a>, or embed a
          view through its <strong>Share / embed</strong> control.
        </p>
      </main>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">▲</span> Hotpath Lab
        </Link>
        <nav aria-label="Site">
          <ul>
            <li><NavLink to="/" end>Lessons</NavLink></li>
            {lessons.map((l) => (
              <li key={l.slug} className="nav-lesson">
                <NavLink to={`/lessons/${l.slug}`}>{l.title}</NavLink>
              </li>
            ))}
            <li><NavLink to="/embed">Embed</NavLink></li>
            <li><NavLink to="/teacher">Teachers</NavLink></li>
          </ul>
        </nav>
        <ThemeToggle />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          Every structure the lab runs in your browser is Rust compiled to WebAssembly. The JVM columns run
          the originals' Java code with JMH on the lab's machine, committed, in the versions each suite
          names: the JDK 17 classes, Netty 4.1.140, Kafka 4.4 (its 2023 Java timer) and JCTools 4.0.7, not
          the 2015 or 2017 code the lessons quote; only the Recyclers are the 2014 code (Netty 4.0.20 and
          4.0.21). Measured figures come from the lab's code in your browser, from you when you press Run,
          or from a run committed with the lab and labelled so, and a sentence comparing them is computed
          from them. Published figures are quoted with their source. The prose types numbers of its own
          only for settings, worked examples and facts read from the originals' code or history; an
          exercise's figures made up for its question say so.
        </p>
        <ModeLine />
      </footer>
    </>
  );
}
