// After each step, the part of the drawing the step is about comes into view: sideways in the
// drawing's own scroller (a CLQ's chain, a WeakOrderQueue's links, wider than a phone), and on a
// narrow screen down the page, just under the player's sticky bar, so the buttons, the step's
// sentence and the part they talk about are on screen together. Every family marks that part
// with the class `focus`; the smallest such element is the one the step is about (a slot rather
// than the row it sits in).
import { useEffect, type RefObject } from 'react';

/** Room kept between the focused part and a scroller's faded edge (2.5rem) or the sticky bar. */
const MARGIN = 48;

/** The smallest element marked `focus` in `root` that is drawn, or null. */
export function focusedPart(root: HTMLElement): Element | null {
  let best: Element | null = null;
  let area = Infinity;
  for (const el of root.querySelectorAll('.player-view .focus, .race-lane .focus')) {
    const r = el.getBoundingClientRect();
    const a = r.width * r.height;
    if (a > 0 && a < area) [best, area] = [el, a];
  }
  return best;
}

/** The nearest ancestor of `el` (inside `root`) that scrolls sideways and is cut. */
function sidewaysScroller(el: Element, root: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
    if (p.scrollWidth > p.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(p).overflowX)) return p;
  }
  return null;
}

/**
 * Brings `el` into its sideways scroller's view (unless the scroller follows its own focus, as
 * the wheel's does: `data-follows-focus`).
 */
function intoScroller(el: Element, root: HTMLElement) {
  const box = sidewaysScroller(el, root);
  if (!box || box.hasAttribute('data-follows-focus')) return;
  const [r, b] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
  const left = r.left - b.left + box.scrollLeft;
  if (left < box.scrollLeft + MARGIN || left + r.width > box.scrollLeft + box.clientWidth - MARGIN) {
    box.scrollLeft = Math.max(0, left - (box.clientWidth - r.width) / 2);
  }
}

/**
 * Scrolls the page so `el` sits under the sticky `bar`, when the bar is stuck (the reader is
 * inside the player) and `el` is hidden under it or below the screen.
 */
function intoPage(el: Element, bar: HTMLElement) {
  if (getComputedStyle(bar).position !== 'sticky') return;
  const b = bar.getBoundingClientRect();
  const stuck = b.top <= 1 && bar.parentElement!.getBoundingClientRect().top < 0;
  if (!stuck) return;
  const r = el.getBoundingClientRect();
  const view = window.innerHeight;
  if (r.top >= b.bottom && r.bottom <= view) return;
  // Just under the bar; a part taller than the room left shows its top.
  window.scrollBy({ top: r.top - b.bottom - Math.min(MARGIN, Math.max(0, (view - b.bottom - r.height) / 2)), behavior: 'instant' });
}

/** Follows the step's focused part; while playing, only sideways (the page does not jump under the reader). */
export function useFollowFocus(root: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>, step: number, playing: boolean) {
  useEffect(() => {
    const el = root.current && focusedPart(root.current);
    if (!el || !root.current) return;
    intoScroller(el, root.current);
    if (!playing && bar.current) intoPage(el, bar.current);
  }, [root, bar, step, playing]);
}
