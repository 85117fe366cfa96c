// Everything that scrolls sideways says so: an element cut off at its left or right edge gets the
// class `cut-left` or `cut-right`, and the stylesheet fades that edge. On a phone a table or a
// drawing cut at a column boundary otherwise looks complete. One watcher serves every scroller,
// including ones drawn by widgets that know nothing of it. A scroller that is cut also takes the
// keyboard's focus (tabindex 0), so someone who cannot drag can scroll it with the arrow keys
// (WCAG 2.1.1); one that fits is left out of the tab order.

/** The site's sideways scrollers (styles.css gives each `overflow-x: auto`; a family's drawing that scrolls is marked `scrolls`). */
export const SCROLLERS = '.table-scroll, .lesson table, .scrolls, .array-view, pre, .pseudocode ol';

/** Sets `cut-left` / `cut-right` on `el` from where it is scrolled to. */
export function markEdges(el: Element): void {
  markAll([el]);
}

/**
 * Marks many scrollers: every size is read before any class is written, because a read after a
 * write forces the browser to lay the page out again, once per scroller (on a lesson with dozens
 * of them that was 100 ms before the first player answered).
 */
function markAll(els: Iterable<Element>): void {
  const edges = [...els].map((el) => {
    const max = el.scrollWidth - el.clientWidth;
    // A pixel of slack: fractional widths leave scrollWidth a rounding step past clientWidth.
    return [el, max > 1 && el.scrollLeft > 1, max > 1 && el.scrollLeft < max - 1] as const;
  });
  for (const [el, left, right] of edges) {
    el.classList.toggle('cut-left', left);
    el.classList.toggle('cut-right', right);
    const cut = left || right;
    // Only where this watcher gave it: a scroller's own tabindex (a drawing's) is its widget's.
    if (cut && !el.hasAttribute('tabindex')) {
      el.setAttribute('tabindex', '0');
      el.setAttribute('data-scroll-focus', '');
    } else if (!cut && el.hasAttribute('data-scroll-focus')) {
      el.removeAttribute('tabindex');
      el.removeAttribute('data-scroll-focus');
    }
  }
}

/** Watches `doc` for scrollers as they appear, scroll and resize. Returns a function that stops it. */
export function watchScrollEdges(doc: Document = document): () => void {
  const seen = new WeakSet<Element>();
  // A scroller's content can grow without the scroller changing size (a table filling in), so
  // its content is watched too. Observing an element reports it at once: that first report is
  // what marks a new scroller, in one batch with the others that appeared.
  const resized = new ResizeObserver((entries) => {
    const scrollers = new Set<Element>();
    for (const e of entries) {
      const scroller = e.target.matches(SCROLLERS) ? e.target : e.target.parentElement?.closest(SCROLLERS);
      if (scroller) scrollers.add(scroller);
    }
    markAll(scrollers);
  });
  const scan = () => {
    for (const el of doc.querySelectorAll(SCROLLERS)) {
      if (seen.has(el)) continue;
      seen.add(el);
      resized.observe(el);
      if (el.firstElementChild) resized.observe(el.firstElementChild);
    }
  };
  const onScroll = (e: Event) => {
    if (e.target instanceof Element && e.target.matches(SCROLLERS)) markEdges(e.target);
  };
  // New widgets mount at any time; one scan per frame however many nodes arrive.
  let pending = 0;
  const added = new MutationObserver(() => {
    pending ||= requestAnimationFrame(() => {
      pending = 0;
      scan();
    });
  });
  added.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('scroll', onScroll, { capture: true, passive: true });
  scan();
  return () => {
    added.disconnect();
    resized.disconnect();
    cancelAnimationFrame(pending);
    doc.removeEventListener('scroll', onScroll, { capture: true });
  };
}
