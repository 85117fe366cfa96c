/** A listing line: its indentation, its code, and its `//` comment (shown as a comment). */
export function splitLine(text: string): { indent: number; code: string; comment: string } {
  const indent = text.length - text.trimStart().length;
  const body = text.slice(indent);
  const at = body.indexOf('//');
  return at < 0 ? { indent, code: body, comment: '' } : { indent, code: body.slice(0, at).trimEnd(), comment: body.slice(at) };
}

/**
 * The algorithm's listing with the line being executed highlighted. A line too long for the
 * box wraps under itself, indented deeper than any line of code nested in it, so the wrapped
 * part never reads as a line of its own; comments are set apart as comments.
 */
export function Pseudocode({ lines, current, title }: { lines: string[]; current: number; title: string }) {
  return (
    <figure className="pseudocode">
      <figcaption>{title}</figcaption>
      <ol>
        {lines.map((text, i) => {
          const { indent, code, comment } = splitLine(text);
          return (
            <li key={i} className={i === current ? 'current' : undefined} aria-current={i === current ? 'step' : undefined}
              style={{ paddingLeft: `calc(${indent + 6}ch + 0.5rem)`, textIndent: '-6ch' }}>
              {/* aria-current is not read out in a plain list by every screen reader: the words are. */}
              {i === current && <span className="visually-hidden">Running now: </span>}
              <code>{code}{comment && <>{code && ' '}<span className="code-comment">{comment}</span></>}</code>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
