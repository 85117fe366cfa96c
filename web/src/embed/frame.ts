// The embedded side of web/public/embed.js: inside an iframe, report the content's height to
// the host page whenever it changes (so the host sizes the frame: no scrollbars, no guessed
// heights), and take the host's theme (light, dark, or auto: the reader's system; embed.js
// resolves "host" to light or dark before it sends it).
import { useEffect } from 'react';

export type HostTheme = 'auto' | 'light' | 'dark';

/**
 * Whether this page is inside a frame (someone's docs page, or the lab's own measuring frame):
 * there the share controls give way to a link that opens the view in the lab, where a reader can
 * use them (a frame of another site may not write the clipboard or download).
 */
export const isFramed = (): boolean => typeof window !== 'undefined' && window.parent !== window;

/**
 * The content's height, the frame's width it was measured at (the host checks it is current),
 * and whether the view is still loading (the host then keeps its placeholder rather than shrink
 * to the loading line and grow again, which made the page jump and let every frame load at once):
 * a widget still loading its wasm (`.widget-loading`), or one still fetching what it shows at
 * first (`data-settling`: the benchmark's committed run).
 */
export interface SizeMessage {
  type: 'hotpath:size'; height: number; width: number; loading: boolean;
  /** The page's colour scheme (light, dark, or "light dark": the reader's), for the host to give its iframe element the same. */
  scheme: string;
}

/** Whether a message from the host asks for the height again (after the host page was resized). */
export const isMeasureRequest = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'hotpath:measure';

/** The theme a host's message asks for, or null if it is not such a message. */
export function themeFrom(data: unknown): HostTheme | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as { type?: unknown; theme?: unknown };
  return d.type === 'hotpath:theme' && (d.theme === 'auto' || d.theme === 'light' || d.theme === 'dark') ? d.theme : null;
}

/** The height the host should give the frame: the embed's box, to its bottom margin. */
export function contentHeight(el: HTMLElement): number {
  const box = el.getBoundingClientRect();
  const margin = parseFloat(getComputedStyle(el).marginBottom) || 0;
  return Math.ceil(box.bottom + window.scrollY + margin);
}

/**
 * Reports `el`'s height to the parent frame as it changes, and applies the theme it sends.
 *
 * A browser does not run the rendering steps of a frame out of view, so its ResizeObserver stays
 * silent there: a frame scrolled past while it loaded kept its loading height. Changes to the
 * content (mutations, which are not throttled) and the host's requests (after it was resized)
 * therefore measure too: measuring lays the page out on the spot, in view or not.
 */
export function useHostFrame(el: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (window.parent === window || !el.current) return;
    const target = el.current;
    // The host's page shows around the widget's card, as a figure on its page rather than a box of another colour.
    document.documentElement.classList.add('framed');
    let last = 0;
    let lastWidth = 0;
    const report = (always = false) => {
      const height = contentHeight(target);
      const width = document.documentElement.clientWidth;
      if (!always && height === last && width === lastWidth) return;
      last = height;
      lastWidth = width;
      const loading = target.querySelector('.widget-loading, [data-settling]') !== null;
      const scheme = getComputedStyle(document.documentElement).colorScheme;
      const msg: SizeMessage = { type: 'hotpath:size', height, width, loading, scheme };
      // The height is not a secret, and the host's origin is not known here.
      window.parent.postMessage(msg, '*');
    };
    const observer = new ResizeObserver(() => report());
    observer.observe(target);
    let pending: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (pending === undefined) pending = setTimeout(() => { pending = undefined; report(); }, 30);
    };
    const mutations = new MutationObserver(soon);
    mutations.observe(target, { childList: true, subtree: true, characterData: true, attributes: true });
    window.addEventListener('resize', soon);
    void document.fonts?.ready.then(() => report());
    report();
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return;
      // The host runs embed.js, which keeps the frame as tall as its content: a scrollbar is never
      // wanted. One that appears for a moment (the frame still short) narrows the content, which
      // can make it shorter than at the full width; the frame is then sized to the narrow
      // layout, and Firefox's classic scrollbars stayed on for good (issue 50).
      if (isMeasureRequest(e.data) || themeFrom(e.data)) document.documentElement.classList.add('sized-by-host');
      if (isMeasureRequest(e.data)) {
        report(true);
        return;
      }
      const theme = themeFrom(e.data);
      if (!theme) return;
      // For this frame only: the site's own choice, in storage, is the reader's, not the host's.
      if (theme === 'auto') delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = theme;
    };
    window.addEventListener('message', onMessage);
    return () => {
      observer.disconnect();
      mutations.disconnect();
      clearTimeout(pending);
      window.removeEventListener('resize', soon);
      window.removeEventListener('message', onMessage);
    };
  }, [el]);
}
