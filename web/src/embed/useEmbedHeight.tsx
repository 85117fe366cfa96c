// The real height of an embed link, for the snippets to carry (a plain iframe has nothing else to
// go by): the link is opened in a hidden frame of the given width and its page reports its
// height, exactly as it will to a docs page through embed.js.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SizeMessage } from './frame';

/** Waits this long for a link to settle (a player stepping rewrites it) before measuring it. */
const SETTLE_MS = 400;
/**
 * A height is taken once the page has reported it and nothing else for this long: a view still
 * laying itself out (its fonts, a drawing sized by a ResizeObserver) reports a few heights in a
 * row, and the snippets, which wait for a measured height (issue 60), took the first of them.
 */
const HOLD_MS = 500;

/**
 * The height of `href` at `width` (the last one measured while a newer link is being measured:
 * `current` says whether it is this link's), and the hidden frame that measures it, to render.
 *
 * The frame is kept as tall as its content, as embed.js keeps a docs page's: a frame shorter than
 * its page has a scrollbar, which took 15 px of its width, so the view was measured narrower than
 * the column it would be shown in (and came out up to 30 px taller). A report is taken only once
 * the page inside is as wide as asked, done loading, and no other report has followed for HOLD_MS.
 */
export function useEmbedHeight(href: string | null, width: number): { height: number | null; current: boolean; probe: ReactNode } {
  const [src, setSrc] = useState<string | null>(null);
  const [measured, setMeasured] = useState<{ src: string; width: number; height: number } | null>(null);
  const [frameHeight, setFrameHeight] = useState(300);
  const frame = useRef<HTMLIFrameElement>(null);
  const columns = Math.round(width);

  useEffect(() => {
    if (!href) return;
    const t = setTimeout(() => setSrc(href), SETTLE_MS);
    return () => clearTimeout(t);
  }, [href]);

  useEffect(() => {
    if (!src) return;
    let held: { height: number; timer: ReturnType<typeof setTimeout> } | null = null;
    const onMessage = (e: MessageEvent) => {
      const d = e.data as Partial<SizeMessage> | null;
      if (!frame.current || e.source !== frame.current.contentWindow || d?.type !== 'hotpath:size') return;
      if (typeof d.height !== 'number' || !(d.height > 0)) return;
      const height = Math.ceil(Math.min(d.height, 40_000));
      setFrameHeight(height);
      if (d.loading || typeof d.width !== 'number' || Math.abs(d.width - columns) > 1) return;
      if (held?.height === height) return;
      if (held) clearTimeout(held.timer);
      held = { height, timer: setTimeout(() => setMeasured({ src, width: columns, height }), HOLD_MS) };
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      if (held) clearTimeout(held.timer);
    };
  }, [src, columns]);

  const probe = src && columns > 0 ? (
    // A new frame for a new width: the page inside lays out for the width it opens at. Its width
    // is set inline, max-width too: a page's rule for its children (the guide's
    // `.lesson > :not(.widget) { max-width: 50rem }`) clamped it to 800 px, the page inside
    // reported 800, and no height was ever taken for a wider column (issue 60).
    // Not cross-origin isolated, as it will not be on a docs page: a same-origin frame of the lab's
    // isolated page would be, and a view that says whether it is (the benchmark) drew another line.
    <iframe key={columns} ref={frame} src={src} title="Measuring the embed's height" aria-hidden="true" tabIndex={-1} className="embed-height-probe"
      allow="cross-origin-isolated 'none'" style={{ width: `${columns}px`, maxWidth: 'none', minWidth: 0, height: `${frameHeight}px` }} />
  ) : null;
  const mine = measured !== null && measured.width === columns ? measured : null;
  return { height: mine?.height ?? measured?.height ?? null, current: mine !== null && mine.src === href, probe };
}
