// Long identifiers in narrow table cells (cancelInOrder, DefaultPriorityQueue, "DelayQueue of
// tasks"): where a phone must break them, break them between their words, not anywhere.
import { Fragment, type ComponentProps } from 'react';

/**
 * The places a name may break: before each capital that follows a small letter, before "(", after
 * "/" and ",", and after a "." or "_" that a letter follows (java.util.PriorityQueue, MAX_CAPACITY).
 */
export function breakPoints(text: string): string[] {
  return text.split(/(?<=[a-z])(?=[A-Z])|(?=\()|(?<=[/,])|(?<=[._])(?=[A-Za-z])/);
}

/** `text` with a <wbr> at each of its break points. */
export function Breakable({ text }: { text: string }) {
  const parts = breakPoints(text);
  return <>{parts.map((p, i) => <Fragment key={i}>{i > 0 && <wbr />}{p}</Fragment>)}</>;
}

/**
 * Inline code in a lesson's prose (MDX's `code`): a long name breaks where `breakPoints` allows,
 * never inside a word; a block's code (not a lone string) is left as it is.
 */
export function ProseCode({ children, ...rest }: ComponentProps<'code'>) {
  return <code {...rest}>{typeof children === 'string' && !children.includes('\n') ? <Breakable text={children} /> : children}</code>;
}
