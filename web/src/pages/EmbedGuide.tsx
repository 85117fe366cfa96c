// /embed: "Embed this lab" — how to put any view into your own docs: the custom element (sized
// to its content, lazy, following your page's theme), a figure-only view, a plain iframe, MDX, a
// static picture for Markdown, oEmbed and pinned versions, every example printed by the same
// snippet code as each widget's Share / embed control.
import { Fragment, useEffect, useRef, type RefObject } from 'react';
import { embedLink, pinnedUrl } from '../embed/link';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSiteConfig, mdxSnippet, scriptUrl, viewFileName, type EmbedTarget } from '../embed/snippets';
import { FIGURE_ONLY, PARTS, withParts } from '../embed/parts';
import { useEmbedHeight } from '../embed/useEmbedHeight';
import { engineOf, plainFrameHeight } from '../embed/engines';
import { embedExamples, embedNames } from '../registry/embeds';
import { familyNames } from '../registry/family';
import { useWidth } from '../util/useWidth';
import { num } from '../util/format';
import figureShot from '../../docs/embed-figure.png';

/** A snippet; `text` null while the height it carries is still being measured (a guess is never shown). */
function Code({ label, text }: { label: string; text: string | null }) {
  return (
    <figure className="snippet-figure">
      <figcaption>{label}</figcaption>
      <pre tabIndex={0}><code>{text ?? 'Measuring the view’s height for this page’s column …'}</code></pre>
    </figure>
  );
}

/**
 * A live custom element on this page, made by the embed script exactly as on someone else's.
 * `host`, when given, is its box: the column the guide measures its snippets for.
 */
function LiveElement({ src, title, height, host: given }: { src: string; title: string; height?: number; host?: RefObject<HTMLDivElement | null> }) {
  const own = useRef<HTMLDivElement>(null);
  const host = given ?? own;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const url = scriptUrl(src);
    if (!document.querySelector(`script[src="${url}"]`)) {
      const s = document.createElement('script');
      s.src = url;
      s.async = true;
      document.head.appendChild(s);
    }
    const w = document.createElement('hotpath-widget');
    w.setAttribute('src', src);
    w.setAttribute('title', title);
    w.setAttribute('theme', 'host');
    if (height) w.setAttribute('height', String(height));
    el.replaceChildren(w);
    // The height only holds the element's place: a new one would reload the frame for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, title, host]);
  return <div ref={host} className="live-embed" />;
}

const PART_MEANING: Record<(typeof PARTS)[number], string> = {
  drawing: 'the structure as it is at this step',
  controls: 'play, step, jump and the speed',
  narration: 'what this step did, in a sentence, and which operation it belongs to',
  pseudocode: 'the Java the step is in, its line highlighted (players, not races)',
  counters: 'the work counted so far and in the last operation',
  script: 'the script box, its help and the settings',
};

export function EmbedGuide() {
  // The example a family's family.json marks `featured` (the screenshot below shows it).
  const example = embedExamples().find((e) => e.featured)!;
  const link = embedLink(example.name, example.params).href;
  const figureLink = embedLink(example.name, withParts(example.params, FIGURE_ONLY)).href;
  // Measured as the Share / embed control measures: the page in a hidden frame as wide as the
  // column the live element below has on this page (the prose column: 50rem less its frame, not
  // the article, which is wider on a wide screen).
  const column = useRef<HTMLDivElement>(null);
  const width = Math.round(useWidth(column));
  const full = useEmbedHeight(link, width);
  const figure = useEmbedHeight(figureLink, width);
  // A snippet is printed once its height is measured for this column, never with a guess.
  const target: EmbedTarget = { url: pinnedUrl(link), title: example.title, height: full.current ? full.height ?? undefined : undefined };
  const figureTarget: EmbedTarget = { url: pinnedUrl(figureLink), title: example.title, height: figure.current ? figure.height ?? undefined : undefined };
  const ready = (t: EmbedTarget, text: (t: EmbedTarget & { height: number }) => string) => (t.height === undefined ? null : text({ ...t, height: t.height }));
  const picture = `${viewFileName(example.name, example.params.variant, Number(example.params.step))}.png`;
  const known = new Set(embedNames());
  return (
    <article className="lesson embed-guide">
      <h1>Embed this lab</h1>
      <p>
        Every view in the lab has its own address, with its whole state in the link: the script, the settings
        and the step. Put that address in your docs and readers see exactly what you saw, and can step on from
        there. Each widget has a <strong>Share / embed</strong> control under it that prints the snippets below
        for its current state, with the view’s measured height, previews them, and saves the drawing as an SVG or PNG.
      </p>

      <h2>With the embed script (recommended)</h2>
      <p>
        One script tag, then a <code>&lt;hotpath-widget&gt;</code> per view. The element loads its frame when it
        scrolls near, sizes the frame to its content (no scrollbars, no guessed height: <code>height</code> only
        holds its place until then, and a view seen before starts at its last height), keeps it sized when your page
        is resized or scrolled past it, and stays inside your column whatever your CSS says of iframes.
        Its <code>src</code> must be an <code>http://</code> or <code>https://</code> link; anything else is refused.
      </p>
      <p>
        <code>theme="host"</code>, in every snippet, follows <em>your page</em>: the background behind the element,
        else a <code>data-theme</code> attribute (Docusaurus, Starlight and others set it) or a <code>dark</code> /
        {' '}<code>light</code> class on <code>&lt;html&gt;</code> or <code>&lt;body&gt;</code>, else its{' '}
        <code>color-scheme</code>; and it changes when your page’s theme toggle does. <code>"light"</code> and{' '}
        <code>"dark"</code> pin it; <code>"auto"</code> follows the reader’s system instead of your page.
        Plain iframes of the lab on a page that includes the script are sized the same way.
      </p>
      <p>
        The snippet holds the view’s height twice: in <code>height</code>, and in the element’s own style, so the
        page keeps its place before the script has arrived (until then the browser does not know the element, and a
        lazy iframe below it would load at once). The height is measured for the column width you give in{' '}
        <strong>Share / embed</strong> (it starts at the widget’s own column): give your page’s.
      </p>
      <p className="hint" role="status">
        {width > 0 && target.height !== undefined
          ? `The heights in the snippets on this page are measured for its column, ${num(width)} px wide.`
          : 'Measuring the views’ heights for this page’s column …'}
      </p>
      <Code label="HTML" text={ready(target, (t) => elementSnippet(t))} />
      <p>What it shows, live on this page (it follows this site’s theme toggle):</p>
      <LiveElement src={target.url} title={target.title} height={target.height} host={column} />

      <h2>Just the figure</h2>
      <p>
        A docs page usually wants the drawing and its step buttons, not the script editor, the pseudocode and the
        counters. Add <code>show=</code> with the parts to keep, in any order, to any player or race
        ({familyNames().map((n, i) => <Fragment key={n}>{i > 0 && ', '}<code>/embed/{n}</code></Fragment>)});
        the <strong>Share / embed</strong> control has a checkbox for each. A link without <code>show</code> shows
        every part, as before; an unknown part is an error that names it. Pictures hold the parts chosen, less the
        two that only work live (controls and script).
      </p>
      <table className="counters embed-parts">
        <caption>Parts a view can show</caption>
        <thead><tr><th scope="col">part</th><th scope="col">what it is</th></tr></thead>
        <tbody>
          {PARTS.map((p) => <tr key={p}><th scope="row"><code>{p}</code></th><td>{PART_MEANING[p]}</td></tr>)}
        </tbody>
      </table>
      <figure className="embed-shot">
        <img src={figureShot} width={1280} height={1186} loading="lazy"
          alt={`The figure-only view of “${example.title}” on a dark docs page: the drawing, the step buttons and the narration, dark like the page`} />
        <figcaption>The figure-only view on someone’s dark docs page, following the page’s theme on a reader’s light system.</figcaption>
      </figure>
      <Code label="HTML: the figure, its step buttons and the narration" text={ready(figureTarget, (t) => elementSnippet(t))} />
      <LiveElement src={figureTarget.url} title={`${figureTarget.title} (figure only)`} height={figureTarget.height} />

      <h2>A plain iframe</h2>
      <p>
        Where you cannot add a script: the height is the view’s own, measured for a column as wide as this one (in{' '}
        <strong>Share / embed</strong>, for the column width you give), plus what the other browser engine needs: the
        lab measures its views in Chromium and Firefox, and where one lays a kind of view out taller, a frame measured
        in the other gets that much more, so it fits in both (the snippet’s height is then a little more than the
        view’s). The frame’s own style keeps your page’s CSS for iframes (a padding, a background) off it. A frame cannot read your page’s theme without
        the script: give its link <code>theme=dark</code>, <code>theme=light</code> or <code>theme=system</code> (the
        reader’s system, whatever they chose on this site); the <strong>Theme</strong> box of Share / embed adds it.
      </p>
      <Code label="HTML" text={ready(target, (t) => iframeSnippet({ ...t, height: plainFrameHeight(t.height, example.name, width, engineOf(navigator.userAgent), __ENGINE_MARGINS__).height }))} />

      <h2>MDX (Docusaurus, Nextra and the like)</h2>
      <p>The same element, as JSX: it sizes itself. The site loads the embed script once; in Docusaurus, one line in <code>docusaurus.config.js</code>:</p>
      <Code label="docusaurus.config.js" text={mdxSiteConfig(target.url)} />
      <Code label="MDX" text={ready(target, (t) => mdxSnippet(t))} />

      <h2>A static picture (GitHub READMEs, slides, wikis)</h2>
      <p>
        Where neither scripts nor iframes are allowed, use a picture that links back. Open the view, set the step,
        and under it choose <strong>Share / embed → Download PNG</strong> (or SVG), in the theme of your page or
        the other, with the caption the lab writes or your own. The file has the drawing as it is on screen and a
        link to the live view; the SVG is plain shapes and text, so GitHub, Inkscape and slide tools draw it too.
        Files are named by one rule: the view, then the step (this example&apos;s is <code>{picture}</code>).
        Keep the file beside your page and paste:
      </p>
      <Code label="Markdown" text={markdownSnippet(target, picture)} />

      <h2>Pasting a link (oEmbed)</h2>
      <p>
        Sites that turn a pasted link into an embed (WordPress, Discourse, Notion, Medium) look for an oEmbed file.
        On a static host each embed route has one beside it, <code>/embed/&lt;name&gt;/oembed.json</code>, when the
        site is built with its public address (<code>HOTPATH_SITE_URL</code>); it embeds that route’s example, above,
        at its height measured at 860 px, and names this release (<code>v=…</code>, and the kept copy of it where the
        build has <code>HOTPATH_PIN_BASE</code>). A static file cannot read a link’s state, so for an exact state paste
        the iframe or the element instead.
      </p>
      <p>
        Served by the class server (or <code>vite preview</code>), the site answers{' '}
        <code>oembed?url=&lt;any embed link&gt;</code> for that exact state, and each embed page names that answer
        for its own link. Its height is measured, never guessed: by the lab’s own tests for the examples and figures,
        or by this Share / embed dialog, which on the class server measures the link at 860 px too and tells the
        server. The answer’s <code>hotpath_height</code> says which; a state no browser has measured there gets its
        route example’s height, and says so.
      </p>

      <h2>Pinned versions</h2>
      <p>
        Snippets name the release they were made with (<code>v=…</code>). If a later release draws the view
        differently, the embedded view says so rather than change your figure silently; a host that keeps each
        release’s copy of the site makes the snippets point at it (docs/embedding.md in the lab’s repository says how).
      </p>

      <h2>Every embeddable view</h2>
      <table className="counters embed-routes">
        <caption>Routes under /embed/ and their parameters</caption>
        <thead><tr><th scope="col">route</th><th scope="col">parameters</th><th scope="col">example</th></tr></thead>
        <tbody>
          {embedExamples().filter((e) => known.has(e.name)).map((e) => (
            <tr key={e.name}>
              <th scope="row"><code>/embed/{e.name}</code></th>
              <td><code>{e.about}</code></td>
              <td><a href={embedLink(e.name, e.params).href}>{e.title}</a></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        Every route also takes <code>theme=light|dark|system</code> and <code>v</code> (the release a snippet was
        made with). A link too long for a query string (a script of thousands of operations) carries its state compressed in
        the fragment (<code>#z=…</code>), which is never sent to a server. A bad parameter is shown as an error that
        names it; the embedded page never goes blank. The real-threads benchmarks need a cross-origin isolated page
        (COOP/COEP headers on the host), so they are not offered for embedding.
      </p>
      {full.probe}
      {figure.probe}
    </article>
  );
}
