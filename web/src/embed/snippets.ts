// What a docs author pastes to embed a view: the link, an iframe, the lab's custom element (which
// sizes the frame to its content and loads it when it scrolls into view), a Markdown image that
// links back, and the same for MDX. Pure functions of the view's URL and title, so the share
// control and the "Embed this lab" page print exactly the same snippets.

export interface EmbedTarget {
  /** The /embed/<name>?… URL of the exact state. */
  url: string;
  /** What the frame shows, for screen readers and the image's alt text. */
  title: string;
}

/** The height an iframe starts at before the script (if any) sizes it. */
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

export function iframeSnippet(t: EmbedTarget, height = DEFAULT_HEIGHT): string {
  return `<iframe src="${escapeAttr(t.url)}" title="${escapeAttr(t.title)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
}

/** The custom element; `theme` is the host's: light, dark, or auto (follow the reader's system). */
export function elementSnippet(t: EmbedTarget, theme: 'auto' | 'light' | 'dark' = 'auto'): string {
  return `<script src="${escapeAttr(scriptUrl(t.url))}" async></script>\n` +
    `<hotpath-widget src="${escapeAttr(t.url)}" title="${escapeAttr(t.title)}" theme="${theme}"></hotpath-widget>`;
}

/** A picture that links back: the image is the PNG (or SVG) the author downloads and keeps beside the page. */
export function markdownSnippet(t: EmbedTarget, imageFile: string): string {
  return `[![${escapeMd(t.title)}](${imageFile.replace(/[()\s]/g, encodeURIComponent)})](${t.url.replace(/[()\s]/g, encodeURIComponent)})`;
}

/** MDX (Docusaurus and the like): JSX attributes, a style object. */
export function mdxSnippet(t: EmbedTarget, height = DEFAULT_HEIGHT): string {
  return `<iframe src="${escapeAttr(t.url)}" title="${escapeAttr(t.title)}" width="100%" height="${height}" style={{ border: 0 }} loading="lazy" />`;
}
