import { Link, NavLink, Outlet } from 'react-router';
import { ThemeToggle } from './ThemeToggle';
import { lessons } from '../lessons';

export function SiteLayout() {
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
          Every structure here is Rust compiled to WebAssembly; every number is measured or computed
          in your browser by that code.
        </p>
      </footer>
    </>
  );
}
