// Share / embed, on every widget: the link to this exact state, the snippets a docs author
// pastes (an iframe, the lab's custom element, a Markdown picture that links back, MDX), each
// with a preview of what it will show, and the current drawing as an SVG or PNG file.
import { useEffect, useState, type RefObject } from 'react';
import type { Link } from './link';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSnippet } from './snippets';
import { pictureOf, pngOf, type Picture } from './picture';
import { download, fileName } from '../site/download';

export interface ShareEmbedProps {
  link: Link;
  /** What the view shows: the iframe's title and the picture's alt text. */
  title: string;
  /** The drawing to export as a picture, and its caption (what the reader sees at this step). */
  drawing?: RefObject<HTMLElement | null>;
  caption?: string;
  /** A file name for downloads, without extension: "recycler-after-step-14". */
  name: string;
}

type Kind = 'iframe' | 'element' | 'markdown' | 'mdx';
const LABEL: Record<Kind, string> = {
  iframe: 'HTML iframe', element: 'Custom element (sizes itself to its content)', markdown: 'Markdown picture (download the PNG below)', mdx: 'MDX',
};

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function Snippet({ kind, text, preview, onPreview }: { kind: Kind; text: string; preview: boolean; onPreview: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="snippet">
      <label>
        <span className="snippet-label">{LABEL[kind]}</span>
        <textarea readOnly value={text} rows={kind === 'element' ? 3 : 2} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="button-row">
        <button type="button" onClick={async () => setCopied((await copy(text)) ? 'yes' : 'no')}>Copy</button>
        <button type="button" aria-pressed={preview} onClick={onPreview}>{preview ? 'Hide preview' : 'Preview'}</button>
        <span role="status" className="hint">{copied === 'yes' ? 'Copied.' : copied === 'no' ? 'The browser would not copy: select the text and copy it by hand.' : ''}</span>
      </div>
    </div>
  );
}

export function ShareEmbed({ link, title, drawing, caption = '', name }: ShareEmbedProps) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Kind | null>(null);
  const [png, setPng] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const target = { url: link.href, title };
  const image = `${fileName(name, 'png')}`;
  const snippets: Record<Kind, string> = {
    iframe: iframeSnippet(target),
    element: elementSnippet(target),
    markdown: markdownSnippet(target, image),
    mdx: mdxSnippet(target),
  };

  const picture = (): Picture | null => {
    const el = drawing?.current;
    if (!el) {
      setProblem('There is no drawing on screen to save yet.');
      return null;
    }
    return pictureOf(el, { caption: caption ? `${title}. ${caption}` : title, link: link.href });
  };
  const saveSvg = () => {
    const p = picture();
    if (p) download(fileName(name, 'svg'), p.svg, 'image/svg+xml');
  };
  const makePng = async (): Promise<Blob | null> => {
    const p = picture();
    if (!p) return null;
    try {
      return await pngOf(p);
    } catch (e) {
      setProblem(`The PNG could not be made: ${(e as Error).message}. The SVG still works.`);
      return null;
    }
  };
  const savePng = async () => {
    const b = await makePng();
    if (b) download(image, b, 'image/png');
  };
  // The Markdown snippet's preview is the picture it points at.
  useEffect(() => {
    if (preview !== 'markdown') return;
    let url: string | null = null;
    let live = true;
    makePng().then((b) => {
      if (b && live) {
        url = URL.createObjectURL(b);
        setPng(url);
      }
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setPng(null);
    };
    // Re-made when the preview opens, not on every step.
  }, [preview]);

  return (
    <details className="share-embed" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Share / embed</summary>
      {open && (
        <div className="share-embed-body">
          <label className="snippet">
            <span className="snippet-label">Link to this exact state</span>
            <input readOnly value={link.href} onFocus={(e) => e.currentTarget.select()} />
          </label>
          {link.problem && <p className="input-error" role="status">The link leaves out the script: {link.problem}.</p>}
          {(Object.keys(snippets) as Kind[]).map((k) => (
            <div key={k}>
              <Snippet kind={k} text={snippets[k]} preview={preview === k} onPreview={() => setPreview(preview === k ? null : k)} />
              {preview === k && k !== 'markdown' && (
                <iframe className="snippet-preview" src={link.href} title={`Preview: ${title}`} loading="lazy" />
              )}
              {preview === k && k === 'markdown' && (
                png ? <img className="snippet-preview" src={png} alt={title} /> : <p className="hint">Drawing the picture…</p>
              )}
            </div>
          ))}
          {drawing && (
            <div className="button-row">
              <button type="button" onClick={saveSvg}>Download SVG</button>
              <button type="button" onClick={savePng}>Download PNG</button>
              <span className="hint">The drawing as it is now, with its caption and a link back here.</span>
            </div>
          )}
          {problem && <p className="input-error" role="alert">{problem}</p>}
        </div>
      )}
    </details>
  );
}
