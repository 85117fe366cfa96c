// The embedded side of web/public/embed.js: inside an iframe, report the content's height to
// the host page whenever it changes (so the host sizes the frame: no scrollbars, no guessed
// heights), and take the host's theme (light, dark, or auto: the reader's system).
import { useEffect } from 'react';

export type HostTheme = 'auto' | 'light' | 'dark';

export interface SizeMessage { type: 'hotpath:size'; height: number }

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

/** Reports `el`'s height to the parent frame as it changes, and applies the theme it sends. */
export function useHostFrame(el: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (window.parent === window || !el.current) return;
    const target = el.current;
    let last = 0;
    const report = () => {
      const height = contentHeight(target);
      if (height === last) return;
      last = height;
      const msg: SizeMessage = { type: 'hotpath:size', height };
      // The height is not a secret, and the host's origin is not known here.
      window.parent.postMessage(msg, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(target);
    report();
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return;
      const theme = themeFrom(e.data);
      if (!theme) return;
      // For this frame only: the site's own choice, in storage, is the reader's, not the host's.
      if (theme === 'auto') delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = theme;
    };
    window.addEventListener('message', onMessage);
    return () => {
      observer.disconnect();
      window.removeEventListener('message', onMessage);
    };
  }, [el]);
}
