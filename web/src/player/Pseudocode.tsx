/** The algorithm's listing with the line being executed highlighted. */
export function Pseudocode({ lines, current, title }: { lines: string[]; current: number; title: string }) {
  return (
    <figure className="pseudocode">
      <figcaption>{title}</figcaption>
      <ol>
        {lines.map((text, i) => (
          <li key={i} className={i === current ? 'current' : undefined} aria-current={i === current ? 'step' : undefined}>
            <code>{text}</code>
          </li>
        ))}
      </ol>
    </figure>
  );
}
