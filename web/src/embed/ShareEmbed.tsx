// Share / embed, on every widget: the link to this exact state, the snippets a docs author
// pastes (an iframe, the lab's custom element, a Markdown picture that links back, MDX), each
// with a preview of what it will show and the view's real height, the parts to show (players),
// and the current drawing as an SVG or PNG file, in either theme, with a caption of the author's.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { pinnedUrl, type Link } from './link';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSiteConfig, mdxSnippet, type EmbedTarget } from './snippets';
import { pictureOf, pngOf, type Picture } from './picture';
import { LIVE_PARTS, PARTS, type Part, type Parts } from './parts';
import { useEmbedHeight } from './useEmbedHeight';
import { download, fileName } from '../site/download';
import { num } from '../site/format';

export interface ShareEmbedProps {
  link: Link;
  /** What the view shows: the iframe's title and the picture's alt text. */
  title: string;
  /** The drawing to export as a picture. Without one, nothing is offered as a picture. */
  drawing?: RefObject<HTMLElement | null>;
  /** Why there is no picture yet (a chart is drawn once the reader runs it): the downloads wait, and say so. */
  pending?: string;
  /** The picture's caption (what the reader sees at this step), or a function of the parts it shows. */
  caption?: string | ((parts: Parts) => string);
  /** A file name for downloads, without extension (snippets.ts' viewFileName for players). */
  name: string;
  /** A player's parts: those it shows now, and its link showing others. */
  parts?: { initial: Parts; link: (parts: Parts) => Link };
}

type Kind = 'iframe' | 'element' | 'markdown' | 'mdx';
type PictureTheme = 'screen' | 'light' | 'dark';

const PART_LABEL: Record<Part, string> = {
  drawing: 'Drawing', controls: 'Step controls', narration: 'Narration', pseudocode: 'Pseudocode', counters: 'Counters', script: 'Script and settings',
};

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function Snippet({ label, text, preview, onPreview, rows = 2 }: { label: string; text: string; preview: boolean; onPreview: () => void; rows?: number }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="snippet">
      <label>
        <span className="snippet-label">{label}</span>
        <textarea readOnly value={text} rows={rows} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="button-row">
        <button type="button" onClick={async () => setCopied((await copy(text)) ? 'yes' : 'no')}>Copy</button>
        <button type="button" aria-pressed={preview} onClick={onPreview}>{preview ? 'Hide preview' : 'Preview'}</button>
        <span role="status" className="hint">{copied === 'yes' ? 'Copied.' : copied === 'no' ? 'The browser would not copy: select the text and copy it by hand.' : ''}</span>
      </div>
    </div>
  );
}

/** Checkboxes for the parts a player's link shows. */
function PartsChooser({ chosen, onChange }: { chosen: ReadonlySet<Part>; onChange: (p: ReadonlySet<Part>) => void }) {
  return (
    <fieldset>
      <legend>Show</legend>
      {PARTS.map((p) => (
        <label key={p} className="inline">
          <input type="checkbox" checked={chosen.has(p)} onChange={(e) => {
            const next = new Set(chosen);
            if (e.target.checked) next.add(p);
            else next.delete(p);
            onChange(next);
          }} /> {PART_LABEL[p]}
        </label>
      ))}
    </fieldset>
  );
}

export function ShareEmbed({ link, title, drawing, pending, caption = '', name, parts }: ShareEmbedProps) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Kind | null>(null);
  const [png, setPng] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<Part>>(() => parts?.initial ?? new Set(PARTS));
  const [theme, setTheme] = useState<PictureTheme>('screen');
  const [ownCaption, setOwnCaption] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  const shown: Parts = chosen.size === PARTS.length ? null : chosen;
  const view = parts ? parts.link(shown) : link;
  // The height the view has in a column as wide as this widget's (its embed page adds 8 px a side).
  const width = open ? (body.current?.closest('.widget')?.getBoundingClientRect().width ?? 800) + 16 : 0;
  const measured = useEmbedHeight(open && !view.problem ? view.href : null, width);
  const target: EmbedTarget = { url: pinnedUrl(view.href), title, height: measured.height ?? undefined };
  const image = fileName(name, 'png');
  const pictureParts: Parts = parts ? new Set([...chosen].filter((p) => !LIVE_PARTS.has(p))) : null;
  const generated = typeof caption === 'function' ? caption(shown) : caption;
  const shownCaption = ownCaption ?? generated;
  const canPicture = drawing !== undefined && !pending;

  const snippets: { kind: Kind; label: string; text: string; rows?: number }[] = [
    { kind: 'iframe', label: 'HTML iframe (a fixed height: the view’s, measured)', text: iframeSnippet(target) },
    { kind: 'element', label: 'Custom element (sizes itself to its content, follows the page’s theme)', text: elementSnippet(target), rows: 3 },
    // A picture is offered only where there is one to download.
    ...(drawing ? [{
      kind: 'markdown' as const,
      label: pending ? `Markdown picture (no picture yet: ${pending})` : 'Markdown picture (download the PNG below)',
      text: markdownSnippet(target, image),
    }] : []),
    { kind: 'mdx', label: 'MDX (Docusaurus and the like: the custom element as JSX)', text: mdxSnippet(target) },
  ];

  const picture = (): Picture | null => {
    const el = drawing?.current;
    if (!el || pending) {
      setProblem(pending ? `There is no picture yet: ${pending}.` : 'There is no drawing on screen to save yet.');
      return null;
    }
    setProblem('');
    return pictureOf(el, { caption: shownCaption ? `${title}. ${shownCaption}` : title, link: target.url },
      { theme: theme === 'screen' ? undefined : theme, parts: pictureParts });
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
    // Re-made when the preview opens, not on every step (makePng is a new closure each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preview]);

  return (
    <details className="share-embed" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Share / embed</summary>
      {open && (
        <div className="share-embed-body" ref={body}>
          {parts && <PartsChooser chosen={chosen} onChange={setChosen} />}
          <label className="snippet">
            <span className="snippet-label">Link to this exact state</span>
            <input readOnly value={view.href} onFocus={(e) => e.currentTarget.select()} />
          </label>
          {view.problem && <p className="input-error" role="status">The link leaves out the script: {view.problem}.</p>}
          <p className="hint" role="status">
            {measured.height
              ? `Height ${num(measured.height)} px, measured for a column ${num(Math.round(width))} px wide${measured.current ? '' : ' (measuring again…)'}. `
              : 'Measuring the view’s height… '}
            Snippets name this release (v=…), so a later one that draws the view differently says so.
          </p>
          {snippets.map((s) => (
            <div key={s.kind}>
              <Snippet label={s.label} text={s.text} rows={s.rows} preview={preview === s.kind} onPreview={() => setPreview(preview === s.kind ? null : s.kind)} />
              {s.kind === 'mdx' && (
                <p className="hint">Once per site, load the embed script; in Docusaurus, in <code>docusaurus.config.js</code>: <code>{mdxSiteConfig(target.url)}</code></p>
              )}
              {preview === s.kind && s.kind !== 'markdown' && (
                <iframe className="snippet-preview" src={target.url} title={`Preview: ${title}`} loading="lazy" />
              )}
              {preview === s.kind && s.kind === 'markdown' && (
                png ? <img className="snippet-preview" src={png} alt={title} /> : <p className="hint">{canPicture ? 'Drawing the picture…' : `No picture yet: ${pending}.`}</p>
              )}
            </div>
          ))}
          {drawing && (
            <>
              <label className="snippet">
                <span className="snippet-label">Picture caption</span>
                <textarea rows={2} value={shownCaption} onChange={(e) => setOwnCaption(e.target.value)} />
              </label>
              <div className="button-row">
                <label className="inline">
                  Picture theme{' '}
                  <select value={theme} onChange={(e) => setTheme(e.target.value as PictureTheme)}>
                    <option value="screen">as on screen</option>
                    <option value="light">light</option>
                    <option value="dark">dark</option>
                  </select>
                </label>
                <button type="button" onClick={saveSvg} disabled={!canPicture}>Download SVG</button>
                <button type="button" onClick={savePng} disabled={!canPicture}>Download PNG</button>
                <span className="hint">
                  {canPicture ? 'The drawing as it is now, with its caption and a link back here.' : `No picture yet: ${pending}.`}
                </span>
              </div>
            </>
          )}
          {problem && <p className="input-error" role="alert">{problem}</p>}
          {measured.probe}
        </div>
      )}
    </details>
  );
}
