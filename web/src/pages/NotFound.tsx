import { Link, useLocation } from 'react-router';

export function NotFound({ what }: { what?: string }) {
  const { pathname } = useLocation();
  return (
    <article className="not-found">
      <h1>Not found</h1>
      <p>{what ?? <>There is no page at <code>{pathname}</code>.</>}</p>
      <p><Link to="/">See all lessons</Link></p>
    </article>
  );
}
