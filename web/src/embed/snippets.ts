// What a docs author pastes to embed a view: the link, an iframe, the lab's custom element (which
// sizes the frame to its content and loads it when it scrolls into view), a Markdown image that
// links back, and the same for MDX. Pure functions of the view's URL, title and height, so the
// share control and the "Embed this lab" page print exactly the same snippets.

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

/** The height an iframe starts at when the view's own is not known. */
export const DEFAULT_HEIGHT = 640;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Markdown link text and image alt: brackets and backslashes escaped. */
const escapeMd = (s: string) => s.replace(/([\\[\]])/g, '\\$1');

/** Where the site serves its embed script: beside the embed pages, under the same base. */
export function scriptUrl(embedUrl: string): string {
  const u = new URL(embedUrl);
  const at = u.pathname.lastIndexOf('/embed/');
  return `${u.origin}${u.pathname.slice(0, at < 0 ? u.pathname.lastIndexOf('/') : at)}/embed.js`;
}

export function iframeSnippet(t: EmbedTarget): string {
  return `<iframe src="${escapeAttr(t.url)}" title="${escapeAttr(t.title)}" width="100%" height="${t.height ?? DEFAULT_HEIGHT}" style="border:0" loading="lazy"></iframe>`;
}

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
  return `<script src="${escapeAttr(scriptUrl(t.url))}" async></script>\n<hotpath-widget ${elementAttributes(t, theme)}${reserve}></hotpath-widget>`;
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
  return `<hotpath-widget ${elementAttributes(t, theme)}${reserve} />`;
}

/** The one line of site configuration the MDX snippet needs (Docusaurus: docusaurus.config.js). */
export function mdxSiteConfig(embedUrl: string): string {
  return `scripts: [{ src: '${scriptUrl(embedUrl)}', async: true }],`;
}

/**
 * The one naming rule for a view's pictures: the family, the view unless it is the family's own
 * name, then the step (`<family>-race-step-15`; `<family>-<view>-step-17`) or `counts` for a
 * script too big to draw.
 */
export function viewFileName(family: string, view: string, step: number | 'counts'): string {
  return `${family}${view === family ? '' : `-${view}`}${step === 'counts' ? '-counts' : `-step-${step}`}`;
}
