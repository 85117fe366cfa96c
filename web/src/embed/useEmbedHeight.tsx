// The real height of an embed link, for the snippets to carry (a plain iframe has nothing else to
// go by): the link is opened in a hidden frame of the given width and its page reports its
// height, exactly as it will to a docs page through embed.js.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SizeMessage } from './frame';

/** Waits this long for a link to settle (a player stepping rewrites it) before measuring it. */
const SETTLE_MS = 400;

/**
 * The height of `href` at `width` (the last one measured while a newer link is being measured:
 * `current` says whether it is this link's), and the hidden frame that measures it, to render.
 */
export function useEmbedHeight(href: string | null, width: number): { height: number | null; current: boolean; probe: ReactNode } {
  const [src, setSrc] = useState<string | null>(null);
  const [measured, setMeasured] = useState<{ src: string; height: number } | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!href) return;
    const t = setTimeout(() => setSrc(href), SETTLE_MS);
    return () => clearTimeout(t);
  }, [href]);

  useEffect(() => {
    if (!src) return;
    const onMessage = (e: MessageEvent) => {
      const d = e.data as Partial<SizeMessage> | null;
      if (!frame.current || e.source !== frame.current.contentWindow || d?.type !== 'hotpath:size') return;
      if (d.loading || typeof d.height !== 'number' || !(d.height > 0)) return;
      setMeasured({ src, height: Math.ceil(d.height) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);

  const probe = src && width > 0 ? (
    // A new frame for a new width: the page inside lays out for the width it opens at.
    <iframe key={Math.round(width)} ref={frame} src={src} title="Measuring the embed's height" aria-hidden="true" tabIndex={-1} className="embed-height-probe"
      style={{ width: `${Math.round(width)}px` }} />
  ) : null;
  return { height: measured?.height ?? null, current: measured !== null && measured.src === href, probe };
}
