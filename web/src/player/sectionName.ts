// A lesson has several players of one structure ("Kafka's timing wheel step player", three
// times): a screen reader's list of regions tells them apart by the section each is in.
import { useEffect, useState, type RefObject } from 'react';

/** The text of the last `h2` before `el` in the page, or null (an embed page has none). */
export function sectionOf(el: Element): string | null {
  const heads = [...el.ownerDocument.querySelectorAll('h2')];
  const before = heads.filter((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return before.at(-1)?.textContent?.trim() || null;
}

/** The section the element is in, once it is in the page. */
export function useSectionName(ref: RefObject<Element | null>): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (ref.current) setName(sectionOf(ref.current));
  }, [ref]);
  return name;
}
