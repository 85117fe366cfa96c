// A link in a lesson's (or a primer's) Markdown. Lessons link to each other as `cancelling-timers`
// and to the site's other pages as `../primers#jmh`, relative to /lessons/<slug>; but a static host
// may serve a lesson at /lessons/<slug>/ (its index.html's folder), where the browser would resolve
// those against the wrong folder. So a relative link is resolved here, against the site's routes,
// and followed in the page like any other route link. Anything with a scheme, a leading slash or a
// bare #anchor is left as written.
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** The route a relative lesson link names: `x` → `/lessons/x`, `../x` → `/x`; null if it is not relative. */
export function lessonRoute(href: string): string | null {
  if (!href || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) return null;
  return href.startsWith('../') ? `/${href.slice(3)}` : `/lessons/${href}`;
}

export function LessonLink({ href = '', ...rest }: ComponentProps<'a'>) {
  const route = lessonRoute(href);
  return route ? <Link to={route} {...rest} /> : <a href={href} {...rest} />;
}
