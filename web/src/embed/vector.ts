// A drawing as plain SVG: rectangles, lines and text where the page lays out its boxes, and the
// page's own inline SVG copied with its styles written as attributes. No HTML inside a
// <foreignObject>, which only browsers draw (librsvg, and so most Markdown renderers, Inkscape and
// slide tools, drew a blank page with a caption). Everything is read from the live layout, so the
// picture cannot lay itself out differently from the screen (text over the next heading, a table
// cut at its scroll box).

/** A rectangle in the picture's coordinates. */
interface Box { left: number; top: number; right: number; bottom: number }

/** Shapes and text, and how far they reach. */
export interface Vector {
  /** SVG markup of the content, in coordinates relative to the root's top left corner. */
  body: string;
  /** CSS for the text classes the body uses. */
  style: string;
  bounds: Box;
}

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const round = (v: number) => String(Math.round(v * 10) / 10);

/** `rgb(…)`/`rgba(…)` as `#rrggbb` (and its alpha), or null when fully transparent or not a colour. */
export function colour(css: string): { hex: string; alpha: number } | null {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(css.trim());
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : Number(m[4]);
  if (alpha === 0) return null;
  const hex = `#${[m[1], m[2], m[3]].map((v) => Math.round(Number(v)).toString(16).padStart(2, '0')).join('')}`;
  return { hex, alpha };
}

/** A fill or stroke attribute pair for a CSS colour ("" when transparent). */
function paint(kind: 'fill' | 'stroke', css: string): string {
  const c = colour(css);
  if (!c) return '';
  return ` ${kind}="${c.hex}"${c.alpha < 1 ? ` ${kind}-opacity="${round(c.alpha)}"` : ''}`;
}

/** The classes for text, one per font and colour, so each text carries one short attribute. */
class TextStyles {
  private readonly classes = new Map<string, string>();
  private readonly metrics = new Map<string, { ascent: number; descent: number }>();
  private readonly ctx = document.createElement('canvas').getContext('2d');

  classFor(cs: CSSStyleDeclaration, fill: string | null): string {
    const c = fill === null ? null : colour(fill);
    const rule = `font-family:${cs.fontFamily};font-size:${cs.fontSize};font-weight:${cs.fontWeight}` +
      `${cs.fontStyle !== 'normal' ? `;font-style:${cs.fontStyle}` : ''}${c ? `;fill:${c.hex}${c.alpha < 1 ? `;fill-opacity:${round(c.alpha)}` : ''}` : ''}` +
      `${cs.textDecorationLine.includes('underline') ? ';text-decoration:underline' : ''}`;
    let name = this.classes.get(rule);
    if (!name) {
      name = `t${this.classes.size}`;
      this.classes.set(rule, name);
    }
    return name;
  }

  /** The font's ascent and descent, to put the baseline where the browser put it in the line box. */
  metricsFor(cs: CSSStyleDeclaration): { ascent: number; descent: number } {
    const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    let m = this.metrics.get(font);
    if (!m) {
      const size = parseFloat(cs.fontSize) || 16;
      m = { ascent: size * 0.8, descent: size * 0.2 };
      if (this.ctx) {
        this.ctx.font = font;
        const t = this.ctx.measureText('Hg');
        if (t.fontBoundingBoxAscent > 0) m = { ascent: t.fontBoundingBoxAscent, descent: t.fontBoundingBoxDescent };
      }
      this.metrics.set(font, m);
    }
    return m;
  }

  css(): string {
    return [...this.classes].map(([rule, name]) => `.${name}{${rule}}`).join('');
  }
}

/**
 * The characters `start`…`end` of a text node (one word) as laid out: one piece per line they are
 * on. A word the browser broke inside (after the hyphen of "ex-head") is two pieces: as one, its
 * second line's words were placed after the word's end on that line, not at the line's start.
 */
function linePieces(node: Text, range: Range, start: number, end: number): { start: number; end: number; first: DOMRect; last: DOMRect }[] {
  range.setStart(node, start);
  range.setEnd(node, end);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 || r.height > 0);
  if (rects.length === 0 || rects[0].width === 0) return [];
  if (rects.every((r) => Math.abs(r.top - rects[0].top) < 1)) return [{ start, end, first: rects[0], last: rects[rects.length - 1] }];
  const pieces: { start: number; end: number; first: DOMRect; last: DOMRect }[] = [];
  for (let i = start; i < end; i++) {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const r = range.getClientRects()[0];
    if (!r) continue;
    const open = pieces[pieces.length - 1];
    if (open && Math.abs(r.top - open.first.top) < 1) {
      open.end = i + 1;
      open.last = r;
    } else pieces.push({ start: i, end: i + 1, first: r, last: r });
  }
  return pieces;
}

/** Properties copied onto SVG elements as attributes, with the values that need not be written. */
const SVG_PAINT: [string, string | null][] = [
  ['stroke-width', null], ['stroke-dasharray', 'none'], ['stroke-linecap', 'butt'], ['stroke-linejoin', 'miter'],
  ['opacity', '1'], ['fill-opacity', '1'], ['stroke-opacity', '1'], ['text-anchor', 'start'], ['dominant-baseline', 'auto'],
];
/** Attributes of the page's SVG that are about the page, not the picture. */
const DROPPED = /^(class|style|role|tabindex|focusable|id|transform|aria-.*|data-.*|on.*)$/;

class Writer {
  private readonly parts: string[] = [];
  private readonly styles = new TextStyles();
  private bounds: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  private svgCount = 0;

  constructor(private readonly origin: { x: number; y: number }) {}

  private reach(b: DOMRect | Box) {
    const left = b.left - this.origin.x;
    const top = b.top - this.origin.y;
    const right = b.right - this.origin.x;
    const bottom = b.bottom - this.origin.y;
    if (right <= left && bottom <= top) return;
    this.bounds = {
      left: Math.min(this.bounds.left, left), top: Math.min(this.bounds.top, top),
      right: Math.max(this.bounds.right, right), bottom: Math.max(this.bounds.bottom, bottom),
    };
  }

  private x(v: number) { return round(v - this.origin.x); }
  private y(v: number) { return round(v - this.origin.y); }

  element(el: Element): void {
    const cs = getComputedStyle(el);
    if (cs.display === 'none') return;
    if (el instanceof SVGSVGElement) {
      if (cs.visibility === 'visible') this.svg(el, cs);
      return;
    }
    if (!(el instanceof HTMLElement) || el.dataset.picture === 'omit') return;
    // Read by screen readers only (clipped to a pixel), or drawn transparent: nothing to see.
    if (cs.position === 'absolute' && cs.clip !== 'auto' && el.offsetWidth <= 1) return;
    const opacity = Number(cs.opacity);
    if (opacity === 0) return;
    if (opacity < 1) this.parts.push(`<g opacity="${round(opacity)}">`);
    if (cs.visibility === 'visible') this.box(el, cs);
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
      this.control(el, cs);
    } else {
      for (const child of el.childNodes) {
        if (child instanceof Text) { if (cs.visibility === 'visible') this.text(child, cs); }
        else if (child instanceof Element) this.element(child);
      }
    }
    if (opacity < 1) this.parts.push('</g>');
  }

  /** The element's background, borders, inset bar shadows and outline. */
  private box(el: HTMLElement, cs: CSSStyleDeclaration): void {
    if (cs.display === 'inline') {
      // An inline element (code in a sentence) has a box per line it runs over: its background on each.
      const bg = paint('fill', cs.backgroundColor);
      const radius = parseFloat(cs.borderTopLeftRadius) || 0;
      if (bg) {
        for (const r of el.getClientRects()) {
          this.parts.push(`<rect x="${this.x(r.left)}" y="${this.y(r.top)}" width="${round(r.width)}" height="${round(r.height)}"${radius ? ` rx="${round(radius)}"` : ''}${bg}/>`);
        }
      }
      return;
    }
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    const radius = parseFloat(cs.borderTopLeftRadius) || 0;
    const rx = radius > 0 ? ` rx="${round(Math.min(radius, r.width / 2, r.height / 2))}"` : '';
    const bg = paint('fill', cs.backgroundColor);
    const sides = (['Top', 'Right', 'Bottom', 'Left'] as const).map((s) => ({
      width: cs.getPropertyValue(`border-${s.toLowerCase()}-style`) === 'none' ? 0 : parseFloat(cs.getPropertyValue(`border-${s.toLowerCase()}-width`)) || 0,
      colour: cs.getPropertyValue(`border-${s.toLowerCase()}-color`),
      dashed: /dashed|dotted/.test(cs.getPropertyValue(`border-${s.toLowerCase()}-style`)),
    }));
    const same = sides.every((s) => s.width === sides[0].width && s.colour === sides[0].colour && s.dashed === sides[0].dashed);
    if (bg || (same && sides[0].width > 0 && colour(sides[0].colour))) {
      const w = same ? sides[0].width : 0;
      const stroke = w > 0 ? `${paint('stroke', sides[0].colour)} stroke-width="${round(w)}"${sides[0].dashed ? ` stroke-dasharray="${round(w * 3)} ${round(w * 2)}"` : ''}` : '';
      this.parts.push(`<rect x="${this.x(r.left + w / 2)}" y="${this.y(r.top + w / 2)}" width="${round(r.width - w)}" height="${round(r.height - w)}"${rx}${bg || ' fill="none"'}${stroke}/>`);
      this.reach(r);
    }
    if (!same) {
      const [top, right, bottom, left] = sides;
      const line = (s: (typeof sides)[number], x1: number, y1: number, x2: number, y2: number) => {
        if (s.width > 0 && colour(s.colour)) {
          this.parts.push(`<line x1="${this.x(x1)}" y1="${this.y(y1)}" x2="${this.x(x2)}" y2="${this.y(y2)}"${paint('stroke', s.colour)} stroke-width="${round(s.width)}"${s.dashed ? ` stroke-dasharray="${round(s.width * 3)} ${round(s.width * 2)}"` : ''}/>`);
          this.reach(r);
        }
      };
      line(top, r.left, r.top + top.width / 2, r.right, r.top + top.width / 2);
      line(right, r.right - right.width / 2, r.top, r.right - right.width / 2, r.bottom);
      line(bottom, r.left, r.bottom - bottom.width / 2, r.right, r.bottom - bottom.width / 2);
      line(left, r.left + left.width / 2, r.top, r.left + left.width / 2, r.bottom);
    }
    // Bars drawn as inset shadows without blur ("inset 3px 0 0 colour"): the highlighted pseudocode line, the running thread.
    for (const m of cs.boxShadow.matchAll(/(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+0px(?:\s+0px)?\s+inset/g)) {
      const [dx, dy] = [Number(m[2]), Number(m[3])];
      const fill = paint('fill', m[1]);
      if (!fill) continue;
      if (dx > 0) this.parts.push(`<rect x="${this.x(r.left)}" y="${this.y(r.top)}" width="${round(dx)}" height="${round(r.height)}"${fill}/>`);
      if (dy > 0) this.parts.push(`<rect x="${this.x(r.left)}" y="${this.y(r.top)}" width="${round(r.width)}" height="${round(dy)}"${fill}/>`);
    }
    const outline = parseFloat(cs.outlineWidth) || 0;
    if (cs.outlineStyle !== 'none' && outline > 0 && colour(cs.outlineColor)) {
      const out = (parseFloat(cs.outlineOffset) || 0) + outline / 2;
      this.parts.push(`<rect x="${this.x(r.left - out)}" y="${this.y(r.top - out)}" width="${round(r.width + 2 * out)}" height="${round(r.height + 2 * out)}" fill="none"${paint('stroke', cs.outlineColor)} stroke-width="${round(outline)}"/>`);
    }
  }

  /** A text node, one <text> per line it was laid out on. */
  private text(node: Text, cs: CSSStyleDeclaration): void {
    const data = node.data;
    if (!data.trim() || !colour(cs.color)) return;
    const range = document.createRange();
    const keep = /^pre/.test(cs.whiteSpace) || cs.whiteSpace === 'break-spaces';
    let line: { start: number; end: number; left: number; top: number; bottom: number } | null = null;
    const flush = () => {
      if (!line) return;
      let text = data.slice(line.start, line.end);
      if (!keep) text = text.replace(/\s+/g, ' ');
      if (cs.textTransform === 'uppercase') text = text.toUpperCase();
      const { ascent, descent } = this.styles.metricsFor(cs);
      const baseline = line.top + (line.bottom - line.top - ascent - descent) / 2 + ascent;
      const space = /\s\s/.test(text) ? ' xml:space="preserve"' : '';
      this.parts.push(`<text x="${this.x(line.left)}" y="${this.y(baseline)}" class="${this.styles.classFor(cs, cs.color)}"${space}>${escapeXml(text)}</text>`);
      this.reach({ left: line.left, top: line.top, right: line.left + 1, bottom: line.bottom });
      line = null;
    };
    for (const word of data.matchAll(/\S+/g)) {
      for (const piece of linePieces(node, range, word.index, word.index + word[0].length)) {
        const { first, last } = piece;
        if (line && Math.abs(first.top - line.top) < 1) line.end = piece.end;
        else {
          flush();
          line = { start: piece.start, end: piece.end, left: first.left, top: first.top, bottom: first.bottom };
        }
        this.reach({ left: first.left, top: first.top, right: last.right, bottom: last.bottom });
      }
    }
    flush();
  }

  /** A form control as what it shows: its box and its value. */
  private control(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, cs: CSSStyleDeclaration): void {
    if (el instanceof HTMLInputElement && !['text', 'number', 'search', ''].includes(el.type)) return;
    const value = el instanceof HTMLSelectElement ? el.selectedOptions[0]?.text ?? '' : el.value;
    if (!value) return;
    const r = el.getBoundingClientRect();
    const { ascent, descent } = this.styles.metricsFor(cs);
    const pad = parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth);
    const baseline = r.top + (r.height - ascent - descent) / 2 + ascent;
    this.parts.push(`<text x="${this.x(r.left + pad)}" y="${this.y(baseline)}" class="${this.styles.classFor(cs, cs.color)}">${escapeXml(value.split('\n')[0])}</text>`);
  }

  /** The page's own SVG, placed where it is drawn, its styles written as attributes. */
  private svg(el: SVGSVGElement, cs: CSSStyleDeclaration): void {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    const vb = el.viewBox.baseVal;
    const viewBox = vb && vb.width > 0 ? `${vb.x} ${vb.y} ${vb.width} ${vb.height}` : `0 0 ${round(r.width)} ${round(r.height)}`;
    const aspect = el.getAttribute('preserveAspectRatio');
    const prefix = `s${this.svgCount++}-`;
    this.parts.push(`<svg x="${this.x(r.left)}" y="${this.y(r.top)}" width="${round(r.width)}" height="${round(r.height)}" viewBox="${viewBox}"${aspect ? ` preserveAspectRatio="${escapeXml(aspect)}"` : ''} overflow="${cs.overflow === 'visible' ? 'visible' : 'hidden'}">`);
    for (const child of el.children) this.svgElement(child, prefix);
    this.parts.push('</svg>');
    this.reach(r);
  }

  private svgElement(el: Element, prefix: string): void {
    const tag = el.tagName;
    if (tag === 'title' || tag === 'desc' || tag === 'foreignObject') return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    const attrs: string[] = [];
    for (const a of el.attributes) {
      if (DROPPED.test(a.name)) continue;
      // References to this drawing's own definitions (an arrowhead marker) get its prefix, as do the definitions.
      attrs.push(`${a.name}="${escapeXml(a.value.replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`).replace(/^#(?=\w)/, `#${prefix}`))}"`);
    }
    if (el.id) attrs.push(`id="${prefix}${escapeXml(el.id)}"`);
    const inDefs = el.closest('defs, marker') !== null;
    if (tag === 'text' || tag === 'tspan') {
      attrs.push(`class="${this.styles.classFor(cs, null)}"`);
    }
    if (tag !== 'g' && tag !== 'svg' && tag !== 'defs' && tag !== 'marker') {
      attrs.push((paint('fill', cs.fill) || ' fill="none"').trim());
      const stroke = paint('stroke', cs.stroke);
      if (stroke) attrs.push(stroke.trim());
    }
    for (const [name, quiet] of SVG_PAINT) {
      const v = cs.getPropertyValue(name);
      if (!v || v === quiet) continue;
      if (name === 'stroke-width' && !colour(cs.stroke)) continue;
      if ((name === 'text-anchor' || name === 'dominant-baseline') && tag !== 'text' && tag !== 'tspan') continue;
      attrs.push(`${name}="${escapeXml(v.replace(/px/g, ''))}"`);
    }
    if (tag === 'circle') attrs.push(`r="${round(parseFloat(cs.getPropertyValue('r')) || 0)}"`);
    // CSS transforms (a drawing's moving parts move by them) as the attribute, about the element's own origin.
    if (cs.transform && cs.transform !== 'none' && !inDefs) {
      const [ox, oy] = cs.transformOrigin.split(' ').map((v) => parseFloat(v) || 0);
      attrs.push(ox || oy ? `transform="translate(${round(ox)} ${round(oy)}) ${cs.transform} translate(${round(-ox)} ${round(-oy)})"` : `transform="${cs.transform}"`);
    } else if (inDefs && el.getAttribute('transform')) {
      attrs.push(`transform="${escapeXml(el.getAttribute('transform')!)}"`);
    }
    const unique = [...new Map(attrs.map((a) => [a.slice(0, a.indexOf('=')), a])).values()];
    this.parts.push(`<${tag} ${unique.join(' ')}>`);
    for (const child of el.childNodes) {
      if (child instanceof Element) this.svgElement(child, prefix);
      else if (child instanceof Text) this.parts.push(escapeXml(child.data));
    }
    this.parts.push(`</${tag}>`);
  }

  result(): Vector {
    const b = this.bounds.left === Infinity ? { left: 0, top: 0, right: 0, bottom: 0 } : this.bounds;
    return { body: this.parts.join(''), style: this.styles.css(), bounds: b };
  }
}

/** `root` as laid out now, in shapes and text (its coordinates relative to root's top left corner). */
export function vectorOf(root: HTMLElement): Vector {
  const r = root.getBoundingClientRect();
  const w = new Writer({ x: r.left, y: r.top });
  w.element(root);
  return w.result();
}
