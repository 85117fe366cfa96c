// Static pictures of a drawing, for places that take neither scripts nor iframes (GitHub READMEs,
// slides, wikis): the element as it is on screen, in a plain SVG that needs nothing else and that
// any renderer draws (vector.ts: shapes and text, fonts as the page's own stacks), with a caption
// and a link back; and the same as a PNG, drawn from that SVG.
import { colour, escapeXml, vectorOf, type Vector } from './vector';
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
  /**
   * The width of the column the picture is for, in CSS pixels: the drawing is laid out to fill it.
   * Without one, the drawing keeps its width on screen (a 1,238 px canvas in the lab's window,
   * whose chart text came out at about 10 px once a 720 px column shrank it to fit, issue 60).
   */
  width?: number;
}

export interface Picture {
  svg: string;
  width: number;
  height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Room around the drawing, in pixels. */
const PAD = 8;
/** The narrowest picture: room for its caption and link. */
const MIN_WIDTH = 320;

/** Sets a style on an element for the picture, and how to put it back. */
type Setter = (e: HTMLElement, property: string, value: string) => void;

/**
 * Sets the page up for one picture and returns how to undo it: no transitions (a picture is one
 * moment: an animation in flight jumps to where it is going), the theme asked for, and the parts
 * not asked for hidden (`data-picture-hidden`: the stylesheet then folds a column left with no
 * part in it, so the drawing takes the width the parts chosen leave it, as the figure-only view
 * on screen does).
 */
function prepare(el: HTMLElement, options: PictureOptions): { set: Setter; undo: () => void } {
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
  const set: Setter = (e, property, value) => {
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
      if (parts.has(e.dataset.part as Part)) continue;
      set(e, 'display', 'none');
      e.setAttribute('data-picture-hidden', '');
      undo.push(() => e.removeAttribute('data-picture-hidden'));
    }
  }
  return { set, undo: () => undo.reverse().forEach((f) => f()) };
}

/** Scroll boxes in `el` whose content is wider or taller than they are. */
function cutBoxes(el: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const e of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
    if (!(e instanceof HTMLElement)) continue;
    const cs = getComputedStyle(e);
    if (cs.display === 'none' || !/auto|scroll/.test(cs.overflowX + cs.overflowY)) continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) out.push(e);
  }
  return out;
}

/** Resolves after the page has laid out and drawn again (views sized by a ResizeObserver re-render in between). */
const nextFrame = () => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, 100);
  requestAnimationFrame(() => {
    clearTimeout(timer);
    resolve();
  });
});
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await nextFrame();
    await new Promise((r) => setTimeout(r, 0));
  }
}

/**
 * Settles until `el` lays out and draws the same twice running (a few rounds at most): a drawing
 * given a new width re-renders through its ResizeObserver, and on a busy machine three frames
 * were not always enough (the heap's labels were read at the old width's size, 10.9 px for 12).
 */
async function settleStill(el: HTMLElement): Promise<void> {
  const state = () => `${el.getBoundingClientRect().height} ${el.scrollWidth} ${el.innerHTML.length}`;
  let last = state();
  for (let round = 0; round < 8; round++) {
    await settle();
    const now = state();
    if (now === last) return;
    last = now;
  }
}

/** The widest a picture is made so that a row which scrolls on screen fits in its box. */
const MAX_PICTURE_WIDTH = 4000;

/**
 * Lays the drawing out for the picture: as wide as the column it is for (when one is given); then
 * a row that scrolls on screen (a long chain of boxes, a
 * wide drawing on a phone) gets the width it needs inside its own box, the picture
 * growing wider (up to MAX_PICTURE_WIDTH) rather than the row spilling over the box around it;
 * then every scroll box still cut is opened to its full content (a table cut at its scroll box was
 * drawn cut, with a scrollbar).
 */
async function layOut(el: HTMLElement, set: Setter, column?: number): Promise<void> {
  if (column !== undefined) {
    // The drawing as wide as the column less the picture's margins: a chart or a view that sizes
    // itself to its box (a ResizeObserver, a grid) lays itself out for it before it is read.
    set(el, 'box-sizing', 'border-box');
    set(el, 'width', `${Math.max(MIN_WIDTH, column) - 2 * PAD}px`);
    set(el, 'max-width', 'none');
    set(el, 'min-width', '0');
  }
  await settleStill(el);
  for (let round = 0; round < 6; round++) {
    const wide = cutBoxes(el).filter((b) => b.scrollWidth > b.clientWidth + 1 && b.clientWidth > 0);
    const width = el.getBoundingClientRect().width;
    if (wide.length === 0 || width >= MAX_PICTURE_WIDTH) break;
    // A box gets about its share of the picture's width: widen the picture by the missing width in that proportion.
    const grow = Math.max(...wide.map((b) => (b.scrollWidth - b.clientWidth) * (width / b.clientWidth)));
    set(el, 'width', `${Math.min(MAX_PICTURE_WIDTH, Math.ceil(width + grow + 1))}px`);
    set(el, 'max-width', 'none');
    await settle();
  }
  for (const e of cutBoxes(el)) {
    set(e, 'overflow', 'visible');
    set(e, 'max-height', 'none');
    set(e, 'max-width', 'none');
  }
}

/** The colour the drawing stands on: the nearest background behind it. */
function backgroundOf(el: HTMLElement): string {
  for (let n: HTMLElement | null = el; n; n = n.parentElement) {
    const c = colour(getComputedStyle(n).backgroundColor);
    if (c && c.alpha === 1) return c.hex;
  }
  return colour(getComputedStyle(document.body).backgroundColor)?.hex ?? '#ffffff';
}

/**
 * The vector's text classes (`t0`, `t1`, …) renamed with a prefix of its own, a digest of its
 * content: the same drawing gets the same names, another drawing others.
 */
export function ownClasses(v: Pick<Vector, 'style' | 'body'>): { style: string; body: string } {
  let h = 0x811c9dc5;
  const text = v.style + v.body;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  const prefix = `hp${(h >>> 0).toString(36)}-`;
  return {
    style: v.style.replace(/\.(t\d+)\{/g, `.${prefix}$1{`),
    body: v.body.replace(/ class="(t\d+)"/g, ` class="${prefix}$1"`),
  };
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
 * `el` as drawn now, laid out for the parts chosen (a moment's relayout on screen while it is
 * taken), as plain SVG (shapes and text, which any SVG renderer draws) with `info`'s
 * caption and link under it; in another theme, or with some parts only, if `options` says so.
 */
export async function pictureOf(el: HTMLElement, info: PictureInfo, options: PictureOptions = {}): Promise<Picture> {
  const { set, undo } = prepare(el, options);
  let v: ReturnType<typeof vectorOf>;
  let bg: string;
  let fg: string;
  let link: string;
  let box: DOMRect;
  try {
    await layOut(el, set, options.width);
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
  const width = Math.ceil(Math.max(MIN_WIDTH, Math.max(box.width, v.bounds.right) - left + 2 * PAD));
  const drawn = Math.ceil(Math.max(box.height, v.bounds.bottom) - top + 2 * PAD);
  const lines = wrapText(info.caption, Math.max(30, Math.floor(width / 7.2)));
  const captionTop = drawn + 14;
  const height = captionTop + lines.length * 18 + 26;
  const text = lines.map((l, i) => `<tspan x="${PAD}" y="${captionTop + i * 18}">${escapeXml(l)}</tspan>`).join('');
  const fontAttr = escapeXml(font);
  // Its text classes named for this picture: two pictures inlined in one page (an MDX import, a
  // docs page's <svg>) share one stylesheet, and the second's `.t0` restyled the first's text.
  const own = ownClasses(v);
  const svg = `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<style>${own.style.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</style>` +
    `<rect width="100%" height="100%" fill="${bg}"/>` +
    `<g transform="translate(${PAD - left} ${PAD - top})">${own.body}</g>` +
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
