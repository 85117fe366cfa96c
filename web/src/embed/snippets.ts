// What a docs author pastes to embed a view: the link, an iframe, the lab's custom element (which
// sizes the frame to its content and loads it when it scrolls into view), a Markdown image that
// links back, and the same for MDX. Pure functions of the view's URL, title and height, so the
// share control and the "Embed this lab" page print exactly the same snippets.
import { FIGURE_ONLY, LIVE_PARTS, PARTS, type Parts } from './parts.ts';

export interface EmbedTarget {
  /** The /embed/<name>?… URL of the exact state. */
  url: string;
  /** What the frame shows, for screen readers and the image's alt text. */
  title: string;
  /** The view's height in pixels, measured (the frame's height where no script sizes it). */
  height?: number;
}

/** How a frame follows the page around it: `host` reads the host page's theme; `auto` the reader's system. */
export type SnippetTheme = 'host' | 'auto' | 'light' | 'dark';

/**
 * A plain iframe's own style. A docs page's CSS for iframes applies to it too, and the page's
 * rules lose to these inline ones: a host's `iframe { padding: 6px }` made the frame 12 px wider
 * than its column (and, with `box-sizing: border-box`, 12 px shorter inside), and its
 * `iframe { background: #fff }` showed as a white rim around a dark card, where the embed page is
 * transparent (issue 60).
 */
export const iframeStyle = (width: number | '100%' = '100%') =>
  `display:block;width:${width === '100%' ? width : `${width}px`};max-width:100%;box-sizing:border-box;border:0;padding:0;background:transparent`;

/** The text of the link an element holds for a page that cannot run the embed script (a strict content-security policy). */
export const FALLBACK_TEXT = 'View in Hotpath Lab';

/** The parts a picture can hold: those that are not live controls. */
const PICTURE_PARTS = PARTS.filter((p) => !LIVE_PARTS.has(p));

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Markdown link text and image alt: brackets and backslashes escaped. */
const escapeMd = (s: string) => s.replace(/([\\[\]])/g, '\\$1');

/** Where the site serves its embed script: beside the embed pages, under the same base. */
export function scriptUrl(embedUrl: string): string {
  const u = new URL(embedUrl);
  const at = u.pathname.lastIndexOf('/embed/');
  return `${u.origin}${u.pathname.slice(0, at < 0 ? u.pathname.lastIndexOf('/') : at)}/embed.js`;
}

/**
 * A plain iframe: `height` is the view's, measured (no script will size it). `width` is the
 * column's by default; an oEmbed answer gives the width it measured at.
 */
export function iframeSnippet(t: EmbedTarget & { height: number }, width: number | '100%' = '100%'): string {
  return `<iframe src="${escapeAttr(t.url)}" title="${escapeAttr(t.title)}" width="${width}" height="${t.height}" style="${iframeStyle(width)}" loading="lazy"></iframe>`;
}

/**
 * What the element holds until the embed script replaces it with the frame: a link to the view,
 * which is all a reader sees where the page's content-security policy blocks the script (four
 * such elements were four blank boxes). The script hides it once it runs.
 */
const fallback = (t: EmbedTarget) => `<a href="${escapeAttr(t.url)}">${FALLBACK_TEXT}</a>`;

const elementAttributes = (t: EmbedTarget, theme: SnippetTheme) =>
  `src="${escapeAttr(t.url)}" title="${escapeAttr(t.title)}" theme="${theme}"${t.height ? ` height="${t.height}"` : ''}`;

/**
 * The custom element; `theme` as SnippetTheme says; `height` only holds its place until the frame
 * reports. The same height is in its style too: until the embed script arrives (it loads async,
 * after the page) the browser knows nothing of the element, which would be 0 px tall, and every
 * frame below it, a lazy iframe included, would count as near the top of the page.
 */
export function elementSnippet(t: EmbedTarget, theme: SnippetTheme = 'host'): string {
  const reserve = t.height ? ` style="display:block;min-height:${t.height}px"` : '';
  return `<script src="${escapeAttr(scriptUrl(t.url))}" async></script>\n<hotpath-widget ${elementAttributes(t, theme)}${reserve}>${fallback(t)}</hotpath-widget>`;
}

/** A picture that links back: the image is the PNG (or SVG) the author downloads and keeps beside the page. */
export function markdownSnippet(t: EmbedTarget, imageFile: string): string {
  return `[![${escapeMd(t.title)}](${imageFile.replace(/[()\s]/g, encodeURIComponent)})](${t.url.replace(/[()\s]/g, encodeURIComponent)})`;
}

/**
 * MDX (Docusaurus and the like): the custom element, which sizes itself, as JSX. It needs the
 * embed script on the site once: `mdxSiteConfig`.
 */
export function mdxSnippet(t: EmbedTarget, theme: SnippetTheme = 'host'): string {
  const reserve = t.height ? ` style={{ display: 'block', minHeight: ${t.height} }}` : '';
  return `<hotpath-widget ${elementAttributes(t, theme)}${reserve}>${fallback(t)}</hotpath-widget>`;
}

/** The one line of site configuration the MDX snippet needs (Docusaurus: docusaurus.config.js). */
export function mdxSiteConfig(embedUrl: string): string {
  return `scripts: [{ src: '${scriptUrl(embedUrl)}', async: true }],`;
}

/**
 * A picture's file name, without extension: the view's (viewFileName), then which parts it holds
 * when not all of them (`-figure` for the drawing and the narration, else the parts'
 * names), then `-dark` for a dark one. The full and the figure-only picture of one step shared a
 * name, so one download overwrote the other (issue 60).
 */
export function pictureFileName(view: string, parts: Parts, dark: boolean): string {
  const held = parts === null || PICTURE_PARTS.every((p) => parts.has(p)) ? ''
    : PICTURE_PARTS.every((p) => parts.has(p) === FIGURE_ONLY.has(p)) ? '-figure'
      : `-${PICTURE_PARTS.filter((p) => parts.has(p)).join('-')}`;
  return `${view}${held}${dark ? '-dark' : ''}`;
}

/**
 * The one naming rule for a view's pictures: the family, the view unless it is the family's own
 * name, then the step (`<family>-race-step-15`; `<family>-<view>-step-17`) or `counts` for a
 * script too big to draw.
 */
export function viewFileName(family: string, view: string, step: number | 'counts'): string {
  return `${family}${view === family ? '' : `-${view}`}${step === 'counts' ? '-counts' : `-step-${step}`}`;
}
