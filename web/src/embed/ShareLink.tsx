import type { Link } from './link';
import { isFramed } from './frame';

/** "Link to this step", or why this state cannot be a link; nothing inside a frame (ShareEmbed links to the lab there). */
export function ShareLink({ link, label = 'Link to this step' }: { link: Link; label?: string }) {
  if (isFramed()) return null;
  return (
    <p className="share">
      <a href={link.href}>{label}</a> (embeddable in an iframe)
      {link.problem && <span className="input-error" role="status"> — the link leaves out the script: {link.problem}.</span>}
    </p>
  );
}

/** In a view that shows only some parts (a figure in someone's docs): the whole view, in the lab. */
export function OpenInLab({ link }: { link: Link }) {
  return (
    <p className="share">
      <a href={link.href} target="_blank" rel="noopener">Open this view in Hotpath Lab ↗</a>
    </p>
  );
}
