// Share / embed, on every widget: the link to this exact state, the snippets a docs author
// pastes (an iframe, the lab's custom element, a Markdown picture that links back, MDX), each
// with a preview of what it will show and the view's real height in a column as wide as the
// author's page has, the theme, the parts to show (players), and the current drawing as an SVG or
// PNG file, in either theme, with a caption of the author's. Inside a frame (someone's docs page)
// it is a link that opens the view in the lab instead.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { pinnedUrl, withQuery, type Link } from './link';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSiteConfig, mdxSnippet, pictureFileName, type EmbedTarget, type SnippetTheme } from './snippets';
import { pictureOf, pngOf, type Picture } from './picture';
import { LIVE_PARTS, PARTS, type Part, type Parts } from './parts';
import { useEmbedHeight } from './useEmbedHeight';
import { isFramed } from './frame';
import { OpenInLab } from './ShareLink';
import { download, fileName } from '../util/download';
import { API, useServerMode } from '../site/serverMode';
import { OEMBED_WIDTH } from './widths';
import { engineOf, otherEngine, plainFrameHeight } from './engines';
import { num } from '../util/format';

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

/**
 * How the embed is themed: `host` follows the docs page (the element reads it; a plain iframe,
 * which cannot, follows the reader's system), or pinned light or dark, or the reader's system.
 * The element takes it as its attribute, a plain iframe from its link (theme=…).
 */
type EmbedTheme = 'host' | 'system' | 'light' | 'dark';
const ELEMENT_THEME: Record<EmbedTheme, SnippetTheme> = { host: 'host', system: 'auto', light: 'light', dark: 'dark' };

/** Column widths a docs page is likely to have, offered beside the box. */
const COMMON_WIDTHS = [390, 720, 860, 1280];
/** The narrowest and widest columns heights are measured for. */
export const MIN_COLUMN = 240;
export const MAX_COLUMN = 2400;

/** The theme a picture "as on screen" is taken in. */
function screenTheme(): 'light' | 'dark' {
  const t = document.documentElement.dataset.theme;
  if (t === 'light' || t === 'dark') return t;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

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

/**
 * A snippet to copy. `text` is null while the height it must carry is being measured: the box
 * then says so and Copy waits, so no one copies a guessed height (for a second after the dialog
 * opened, Copy handed out 640 px for a 2,450 px view).
 */
function Snippet({ label, text, waiting, preview, onPreview, rows = 2 }: {
  label: string; text: string | null; waiting: string; preview: boolean; onPreview: () => void; rows?: number;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="snippet">
      <label>
        <span className="snippet-label">{label}</span>
        <textarea readOnly value={text ?? ''} placeholder={text === null ? waiting : undefined} rows={rows} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="button-row">
        <button type="button" disabled={text === null} onClick={async () => text !== null && setCopied((await copy(text)) ? 'yes' : 'no')}>Copy</button>
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

export function ShareEmbed(props: ShareEmbedProps) {
  // In a frame of someone's page the reader gets the view in the lab, where sharing works.
  if (isFramed()) return <OpenInLab link={props.link} />;
  return <ShareDialog {...props} />;
}

/** How long a measured height must hold before it is told to the server (a view settling moves a few pixels). */
const REPORT_AFTER_MS = 1000;

/**
 * On the class server, tells it the height measured for this exact link at this width, so its
 * oEmbed answer for the link (docs/embedding.md) quotes the height a browser measured: once it
 * has held for a second, once per link, width and height; nothing is sent from a static site.
 */
function useReportHeight(on: boolean, href: string, width: number, height: number | null, current: boolean) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (!on || height === null || !current || width <= 0 || href.length > 12_000) return;
    const key = `${width} ${height} ${href}`;
    if (sent.current.has(key)) return;
    const t = setTimeout(() => {
      sent.current.add(key);
      void fetch(`${API}embed-heights`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: href, width: Math.round(width), height }),
      }).catch(() => undefined);
    }, REPORT_AFTER_MS);
    return () => clearTimeout(t);
  }, [on, href, width, height, current]);
}

function ShareDialog({ link, title, drawing, pending, caption = '', name, parts }: ShareEmbedProps) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Kind | null>(null);
  const [png, setPng] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<Part>>(() => parts?.initial ?? new Set(PARTS));
  const [theme, setTheme] = useState<PictureTheme>('screen');
  const [embedTheme, setEmbedTheme] = useState<EmbedTheme>('host');
  const [ownCaption, setOwnCaption] = useState<string | null>(null);
  // The column the author's page gives the embed: this widget's own until they type another.
  const [columnText, setColumnText] = useState<string | null>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const id = useId();

  const shown: Parts = chosen.size === PARTS.length ? null : chosen;
  const view = parts ? parts.link(shown) : link;
  // This widget's column, as an embed page would have it (the page adds 8 px a side around the widget).
  // Read from the <details>, there before the dialog opens: its body's ref is not set on the render
  // that opens it, which took a guessed 800 px then (the dialog's first snippet, and a picture, were
  // made for an 816 px column whatever the widget's was).
  const column = details.current?.closest('.widget') ?? details.current?.parentElement;
  const here = open && column ? Math.round(column.getBoundingClientRect().width + 16) : 0;
  const typed = columnText === null ? null : Number(columnText);
  const typedOk = typed !== null && Number.isInteger(typed) && typed >= MIN_COLUMN && typed <= MAX_COLUMN;
  const width = typedOk ? typed : here;
  // A link that leaves out a script too large for it is measured as it is: that is what it shows.
  const measured = useEmbedHeight(open ? view.href : null, width);
  // On the class server the link is measured at oEmbed's width too, for the server to quote.
  const onServer = useServerMode().mode === 'server';
  const forOembed = useEmbedHeight(open && onServer && Math.round(width) !== OEMBED_WIDTH ? view.href : null, OEMBED_WIDTH);
  useReportHeight(onServer, view.href, Math.round(width), measured.height, measured.current);
  useReportHeight(onServer, view.href, OEMBED_WIDTH, forOembed.height, forOembed.current);
  const themed = embedTheme === 'host' ? view.href : withQuery(view.href, 'theme', embedTheme);
  // Only a height measured for this very link and column goes into a snippet.
  const sized = measured.current && measured.height !== null;
  const target: EmbedTarget = { url: pinnedUrl(themed), title, height: sized ? measured.height! : undefined };
  const waiting = `Measuring the view’s height for a ${num(Math.round(width))} px column …`;
  // A plain iframe keeps its height in every reader's browser: it gets what the other engine needs too.
  const engine = typeof navigator === 'undefined' ? null : engineOf(navigator.userAgent);
  const route = /\/embed\/([a-z0-9-]+)/.exec(view.href)?.[1] ?? '';
  const plain = sized ? plainFrameHeight(measured.height!, route, Math.round(width), engine, __ENGINE_MARGINS__) : null;
  const pictureTheme = theme === 'screen' ? (open ? screenTheme() : 'light') : theme;
  const pictureParts: Parts = parts ? new Set([...chosen].filter((p) => !LIVE_PARTS.has(p))) : null;
  // Pictures of one view in other themes, or of other parts, are other files: their names say so.
  const pictureName = pictureFileName(name, pictureParts, pictureTheme === 'dark');
  const image = fileName(pictureName, 'png');
  const generated = typeof caption === 'function' ? caption(shown) : caption;
  const shownCaption = ownCaption ?? generated;
  const canPicture = drawing !== undefined && !pending;

  const snippets: { kind: Kind; label: string; text: string | null; rows?: number }[] = [
    { kind: 'iframe', label: 'HTML iframe (a fixed height: the view’s, measured for the column width above)', text: plain ? iframeSnippet({ ...target, height: plain.height }) : null },
    { kind: 'element', label: 'Custom element (sizes itself to its content, follows the page’s theme)', text: sized ? elementSnippet(target, ELEMENT_THEME[embedTheme]) : null, rows: 3 },
    // A picture is offered only where there is one to download.
    ...(drawing ? [{
      kind: 'markdown' as const,
      label: pending ? `Markdown picture (no picture yet: ${pending})` : 'Markdown picture (download the PNG below)',
      text: markdownSnippet(target, image),
    }] : []),
    { kind: 'mdx', label: 'MDX (Docusaurus and the like: the custom element as JSX)', text: sized ? mdxSnippet(target, ELEMENT_THEME[embedTheme]) : null },
  ];

  const picture = async (): Promise<Picture | null> => {
    const el = drawing?.current;
    if (!el || pending) {
      setProblem(pending ? `There is no picture yet: ${pending}.` : 'There is no drawing on screen to save yet.');
      return null;
    }
    setProblem('');
    // Laid out for the column the author gave, as the frame would be: it fills that column at 1×.
    return pictureOf(el, { caption: shownCaption ? `${title}. ${shownCaption}` : title, link: target.url },
      { theme: theme === 'screen' ? undefined : theme, parts: pictureParts, width: width > 0 ? Math.round(width) : undefined });
  };
  const saveSvg = async () => {
    const p = await picture();
    if (p) download(fileName(pictureName, 'svg'), p.svg, 'image/svg+xml');
  };
  const makePng = async (): Promise<Blob | null> => {
    const p = await picture();
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
    <details className="share-embed" ref={details} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Share / embed</summary>
      {open && (
        <div className="share-embed-body">
          {parts && <PartsChooser chosen={chosen} onChange={setChosen} />}
          <label className="snippet">
            <span className="snippet-label">Link to this exact state</span>
            <input readOnly value={view.href} onFocus={(e) => e.currentTarget.select()} />
          </label>
          {view.problem && <p className="input-error" role="status">The link leaves out the script: {view.problem}.</p>}
          <div className="button-row">
            <span className="inline">
              <label htmlFor={`${id}-column`}>Column width</label>{' '}
              <input id={`${id}-column`} type="number" className="column-width" min={MIN_COLUMN} max={MAX_COLUMN} step={1} list={`${id}-widths`}
                value={columnText ?? String(here)} aria-invalid={columnText !== null && !typedOk}
                onChange={(e) => setColumnText(e.target.value)} /> px
            </span>
            <datalist id={`${id}-widths`}>
              {COMMON_WIDTHS.map((w) => <option key={w} value={w} />)}
            </datalist>
            <span className="inline">
              <label htmlFor={`${id}-theme`}>Theme</label>{' '}
              <select id={`${id}-theme`} value={embedTheme} onChange={(e) => setEmbedTheme(e.target.value as EmbedTheme)}>
                <option value="host">follow the page (an iframe: the reader’s system)</option>
                <option value="system">the reader’s system</option>
                <option value="light">light</option>
                <option value="dark">dark</option>
              </select>
            </span>
          </div>
          <p className="hint" role="status">
            {columnText !== null && !typedOk && `A column is ${num(MIN_COLUMN)} to ${num(MAX_COLUMN)} px wide; measuring for ${num(width)} px. `}
            {measured.height
              ? `Height ${num(measured.height)} px, measured for a column ${num(Math.round(width))} px wide${measured.current ? '' : ' (measuring again…)'}. `
              : 'Measuring the view’s height… '}
            {plain && plain.height > measured.height! && `The plain iframe gets ${num(plain.height)} px: ${otherEngine(engine)} laid this kind of view out up to ${
              (plain.margin * 100).toFixed(1)} % taller in the lab’s measurements (${__ENGINE_MARGINS__.measured.replace(/, by .*/, '')}). `}
            Give the width of the column on your page: a plain iframe keeps this height, and the element holds it until its view has loaded.
            Snippets name this release (v=…), so a later one that draws the view differently says so.
          </p>
          {snippets.map((s) => (
            <div key={s.kind}>
              <Snippet label={s.label} text={s.text} waiting={waiting} rows={s.rows} preview={preview === s.kind} onPreview={() => setPreview(preview === s.kind ? null : s.kind)} />
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
                <button type="button" onClick={() => void saveSvg()} disabled={!canPicture}>Download SVG</button>
                <button type="button" onClick={() => void savePng()} disabled={!canPicture}>Download PNG</button>
                <span className="hint">
                  {canPicture ? `The drawing as it is now, laid out for a ${num(Math.round(width))} px column (the column width above), with its caption and a link back here.` : `No picture yet: ${pending}.`}
                </span>
              </div>
            </>
          )}
          {problem && <p className="input-error" role="alert">{problem}</p>}
          {measured.probe}
          {forOembed.probe}
        </div>
      )}
    </details>
  );
}
