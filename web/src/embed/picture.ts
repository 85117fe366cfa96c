// Static pictures of a drawing, for places that take neither scripts nor iframes (GitHub READMEs,
// slides, wikis): the element as it is on screen, in an SVG that needs nothing else (every style
// inlined as computed, fonts as the browser's own fallback stacks), with a caption and a link
// back; and the same as a PNG, drawn from that SVG.

/** What a picture carries besides the drawing. */
export interface PictureInfo {
  caption: string;
  link: string;
}

export interface Picture {
  svg: string;
  width: number;
  height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * The computed properties a drawing needs to look the same outside the page: colours, boxes,
 * text, layout, and the SVG paint and transform properties (the heap's nodes move by CSS).
 */
const PROPERTIES = [
  'display', 'position', 'top', 'left', 'right', 'bottom', 'box-sizing', 'width', 'height', 'min-width', 'max-width',
  'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style',
  'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color',
  'border-top-left-radius', 'border-top-right-radius', 'border-bottom-left-radius', 'border-bottom-right-radius',
  'border-collapse', 'border-spacing', 'background-color', 'color', 'opacity', 'visibility', 'box-shadow', 'outline',
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align', 'text-decoration-line',
  'white-space', 'vertical-align', 'list-style-type', 'overflow', 'text-overflow',
  'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'gap', 'row-gap', 'column-gap', 'align-items',
  'align-self', 'justify-content', 'grid-template-columns', 'grid-template-rows', 'grid-column', 'grid-row',
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'text-anchor', 'dominant-baseline', 'font-variant-numeric', 'transform', 'transform-origin', 'transform-box', 'marker-end',
];

/** Copies the computed styles of `from` (and its descendants) onto the matching nodes of `to`. */
function inlineStyles(from: Element, to: Element): void {
  const cs = getComputedStyle(from);
  const style = PROPERTIES.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
  // No transitions: a picture is one moment.
  to.setAttribute('style', `${style};transition:none;animation:none`);
  to.removeAttribute('class');
  const a = from.children;
  const b = to.children;
  for (let i = 0; i < a.length && i < b.length; i++) inlineStyles(a[i], b[i]);
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

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `el` as drawn now, in a self-contained SVG with `info`'s caption and link under it. */
export function pictureOf(el: HTMLElement, info: PictureInfo): Picture {
  const box = el.getBoundingClientRect();
  const width = Math.ceil(Math.max(box.width, 320));
  const clone = el.cloneNode(true) as HTMLElement;
  inlineStyles(el, clone);
  // Form controls keep their current values in properties, not attributes: write them back.
  const live = el.querySelectorAll('input, textarea, select');
  clone.querySelectorAll('input, textarea, select').forEach((c, i) => {
    const v = (live[i] as HTMLInputElement).value;
    if (c instanceof HTMLTextAreaElement) c.textContent = v;
    else c.setAttribute('value', v);
  });
  clone.setAttribute('xmlns', XHTML_NS);
  clone.style.margin = '0';
  // Laid out once off screen at the picture's width: the frozen copy can come out taller than
  // the live element (fixed heights of the moment, no container queries), and the picture must hold it.
  const probe = document.createElement('div');
  probe.style.cssText = `position:absolute;left:-100000px;top:0;width:${width}px`;
  probe.appendChild(clone);
  document.body.appendChild(probe);
  const laidOut = Math.ceil(Math.max(clone.getBoundingClientRect().height, clone.scrollHeight));
  probe.remove();
  const drawn = Math.max(Math.ceil(box.height), laidOut);
  const body = new XMLSerializer().serializeToString(clone);
  const bg = getComputedStyle(document.body).backgroundColor;
  const fg = getComputedStyle(document.body).color;
  const link = getComputedStyle(document.documentElement).getPropertyValue('--link').trim() || '#1d4ed8';
  const font = getComputedStyle(document.body).fontFamily;
  const lines = wrapText(info.caption, Math.max(30, Math.floor(width / 7.2)));
  const captionTop = drawn + 22;
  const height = captionTop + lines.length * 18 + 26;
  const text = lines.map((l, i) => `<tspan x="8" y="${captionTop + i * 18}">${escapeXml(l)}</tspan>`).join('');
  const svg = `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${escapeXml(bg)}"/>` +
    `<foreignObject x="0" y="0" width="${width}" height="${drawn}">${body}</foreignObject>` +
    `<text font-family="${escapeXml(font)}" font-size="13" fill="${escapeXml(fg)}">${text}</text>` +
    `<a href="${escapeXml(info.link)}" xlink:href="${escapeXml(info.link)}" target="_blank">` +
    `<text x="8" y="${height - 10}" font-family="${escapeXml(font)}" font-size="12" fill="${escapeXml(link)}" text-decoration="underline">Open this view in Hotpath Lab</text></a>` +
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
