// Long identifiers in narrow table cells (cancelInOrder, DefaultPriorityQueue, "DelayQueue of
// tasks"): where a phone must break them, break them between their words, not anywhere.
import { Fragment } from 'react';

/** The places a name may break: before each capital that follows a small letter, before "(", and after "/" and ",". */
export function breakPoints(text: string): string[] {
  return text.split(/(?<=[a-z])(?=[A-Z])|(?=\()|(?<=[/,])/);
}

/** `text` with a <wbr> at each of its break points. */
export function Breakable({ text }: { text: string }) {
  const parts = breakPoints(text);
  return <>{parts.map((p, i) => <Fragment key={i}>{i > 0 && <wbr />}{p}</Fragment>)}</>;
}
