// After each step, the part of the drawing the step is about comes into view: sideways in the
// drawing's own scroller (a CLQ's chain, a WeakOrderQueue's links, wider than a phone), and on a
// narrow screen down the page, just under the player's sticky bar, so the buttons, the step's
// sentence and the part they talk about are on screen together. Every family marks that part
// with the class `focus`; the smallest such element is the one the step is about (a slot rather
// than the row it sits in).
import { useEffect, useRef, type RefObject } from 'react';

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
 * On a narrow screen (where the bar sticks), scrolls the page so `el` is on screen under the bar,
 * when it is hidden under the bar or below the screen. Twice at most: the first scroll may make
 * the bar stick, and the room under it change.
 */
function intoPage(el: Element, bar: HTMLElement) {
  if (getComputedStyle(bar).position !== 'sticky') return;
  for (let pass = 0; pass < 2; pass++) {
    const top = Math.max(0, bar.getBoundingClientRect().bottom);
    const r = el.getBoundingClientRect();
    // A few pixels of slack: a node drawn at the drawing's very top touches the bar's edge.
    if (r.top >= top - 4 && r.bottom <= window.innerHeight) return;
    // Just under the bar; a part taller than the room left shows its top.
    const room = window.innerHeight - top - r.height;
    window.scrollBy({ top: r.top - top - Math.min(MARGIN / 2, Math.max(0, room / 2)), behavior: 'instant' });
  }
}

/**
 * Follows the step's focused part when the step changes (not when the player first draws: a
 * lesson's players open mid-script, and the page must not jump to one), and only while the
 * player is on screen; while playing, only sideways (the page does not move under the reader).
 */
export function useFollowFocus(root: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>, step: number, playing: boolean) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const el = root.current && focusedPart(root.current);
    if (!el || !root.current) return;
    const r = root.current.getBoundingClientRect();
    if (r.bottom < 0 || r.top > window.innerHeight) return;
    intoScroller(el, root.current);
    if (!playing && bar.current) intoPage(el, bar.current);
  }, [root, bar, step, playing]);
}
