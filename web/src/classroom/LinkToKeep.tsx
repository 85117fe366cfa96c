// A secret link to copy, where nothing else will remember it (a teacher's link a browser would
// not keep, a student's come-back link, a projector link): shown whole, selectable, with a Copy button.
import { useState } from 'react';

export function LinkToKeep({ label, href }: { label: string; href: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="link-to-keep">
      <input readOnly value={href} aria-label={label} onFocus={(e) => e.target.select()} />
      <button type="button" onClick={() => navigator.clipboard.writeText(href).then(
        () => setCopied('Copied.'), () => setCopied('This browser would not copy: select the link and copy it yourself.'))}>Copy</button>
      {copied && <span role="status"> {copied}</span>}
    </div>
  );
}
