import type { Link } from './link';

/** "Link to this step", or why this state cannot be a link. */
export function ShareLink({ link, label = 'Link to this step' }: { link: Link; label?: string }) {
  return (
    <p className="share">
      <a href={link.href}>{label}</a> (embeddable in an iframe)
      {link.problem && <span className="input-error" role="status"> — the link leaves out the script: {link.problem}.</span>}
    </p>
  );
}
