// Static pictures of a drawing, for places that take neither scripts nor iframes (GitHub READMEs,
// slides, wikis): the element as it is on screen, in a plain SVG that needs nothing else and that
// any renderer draws (vector.ts: shapes and text, fonts as the page's own stacks), with a caption
// and a link back; and the same as a PNG, drawn from that SVG.
import { colour, escapeXml, vectorOf } from './vector';
import type { Part, Parts } from './parts';

/** What a picture carries besides the drawing. */
export interface PictureInfo {
  caption: string;
  link: string;
}

export interface PictureOptions {
  /** Take the picture in this theme rather than the one on screen. */
  theme?: 'light' | 'dark';
  /** The parts to keep (elements marked `data-part` with another part are left out); null keeps all. */
  parts?: Parts;
}

export interface Picture {
  svg: string;
  width: number;
  height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Room around the drawing, in pixels. */
const PAD = 8;

/**
 * Sets the page up for one picture and returns how to undo it: no transitions (a picture is one
 * moment: an animation in flight jumps to where it is going), the theme asked for, the parts not
 * asked for hidden, and every scroll box opened to its full content (a table cut at its scroll box
 * was drawn cut, with a scrollbar).
 */
function prepare(el: HTMLElement, options: PictureOptions): () => void {
  const undo: (() => void)[] = [];
  const root = document.documentElement;
  root.classList.add('hotpath-capturing');
  undo.push(() => {
    // Restyled with transitions still off, so putting the theme back starts no animation.
    void getComputedStyle(el).color;
    root.classList.remove('hotpath-capturing');
  });
  if (options.theme) {
    const before = root.dataset.theme;
    root.dataset.theme = options.theme;
    undo.push(() => {
      if (before === undefined) delete root.dataset.theme;
      else root.dataset.theme = before;
    });
  }
  const set = (e: HTMLElement, property: string, value: string) => {
    const was = e.style.getPropertyValue(property);
    const priority = e.style.getPropertyPriority(property);
    e.style.setProperty(property, value, 'important');
    undo.push(() => {
      if (was) e.style.setProperty(property, was, priority);
      else e.style.removeProperty(property);
    });
  };
  const parts = options.parts ?? null;
  if (parts) {
    for (const e of el.querySelectorAll<HTMLElement>('[data-part]')) {
      if (!parts.has(e.dataset.part as Part)) set(e, 'display', 'none');
    }
  }
  for (const e of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
    if (!(e instanceof HTMLElement)) continue;
    const cs = getComputedStyle(e);
    const scrolls = /auto|scroll/.test(cs.overflowX + cs.overflowY);
    if (scrolls && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)) {
      set(e, 'overflow', 'visible');
      set(e, 'max-height', 'none');
      set(e, 'max-width', 'none');
    }
  }
  return () => undo.reverse().forEach((f) => f());
}

/** The colour the drawing stands on: the nearest background behind it. */
function backgroundOf(el: HTMLElement): string {
  for (let n: HTMLElement | null = el; n; n = n.parentElement) {
    const c = colour(getComputedStyle(n).backgroundColor);
    if (c && c.alpha === 1) return c.hex;
  }
  return colour(getComputedStyle(document.body).backgroundColor)?.hex ?? '#ffffff';
}

/** Splits a caption into lines of at most `chars` characters, at spaces. */
export function wrapText(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * `el` as drawn now, as plain SVG (shapes and text, which any SVG renderer draws) with `info`'s
 * caption and link under it; in another theme, or with some parts only, if `options` says so.
 */
export function pictureOf(el: HTMLElement, info: PictureInfo, options: PictureOptions = {}): Picture {
  const undo = prepare(el, options);
  let v: ReturnType<typeof vectorOf>;
  let bg: string;
  let fg: string;
  let link: string;
  let box: DOMRect;
  try {
    box = el.getBoundingClientRect();
    v = vectorOf(el);
    bg = backgroundOf(el);
    fg = colour(getComputedStyle(el).color)?.hex ?? '#000000';
    // The site's link colour in this theme, as a link would take it.
    const probe = document.createElement('a');
    probe.href = '#';
    document.body.appendChild(probe);
    link = colour(getComputedStyle(probe).color)?.hex ?? '#1d4ed8';
    probe.remove();
  } finally {
    undo();
  }
  const font = getComputedStyle(document.body).fontFamily;
  const left = Math.min(0, v.bounds.left);
  const top = Math.min(0, v.bounds.top);
  const width = Math.ceil(Math.max(320, Math.max(box.width, v.bounds.right) - left + 2 * PAD));
  const drawn = Math.ceil(Math.max(box.height, v.bounds.bottom) - top + 2 * PAD);
  const lines = wrapText(info.caption, Math.max(30, Math.floor(width / 7.2)));
  const captionTop = drawn + 14;
  const height = captionTop + lines.length * 18 + 26;
  const text = lines.map((l, i) => `<tspan x="${PAD}" y="${captionTop + i * 18}">${escapeXml(l)}</tspan>`).join('');
  const fontAttr = escapeXml(font);
  const svg = `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<style>${v.style.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</style>` +
    `<rect width="100%" height="100%" fill="${bg}"/>` +
    `<g transform="translate(${PAD - left} ${PAD - top})">${v.body}</g>` +
    `<text font-family="${fontAttr}" font-size="13" fill="${fg}">${text}</text>` +
    `<a href="${escapeXml(info.link)}" xlink:href="${escapeXml(info.link)}" target="_blank">` +
    `<text x="${PAD}" y="${height - 10}" font-family="${fontAttr}" font-size="12" fill="${link}" text-decoration="underline">Open this view in Hotpath Lab</text></a>` +
    '</svg>';
  return { svg, width, height };
}

/** The picture as a PNG at `scale` × its size (drawn through an <img> onto a canvas). */
export async function pngOf(p: Picture, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(p.svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(p.width * scale);
  canvas.height = Math.round(p.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw a PNG here (no 2D canvas)');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'));
}
