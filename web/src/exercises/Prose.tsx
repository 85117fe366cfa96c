// An exercise's sentences as written: `code spans` drawn as code, the rest as plain text (never
// HTML, so nothing a seed generates can inject markup).
import { Fragment } from 'react';

export function Prose({ text }: { text: string }) {
  // Split on backtick pairs: odd pieces were inside them.
  const parts = text.split(/`([^`]*)`/);
  return <>{parts.map((p, i) => (i % 2 ? <code key={i}>{p}</code> : <Fragment key={i}>{p}</Fragment>))}</>;
}
