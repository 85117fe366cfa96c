// /embed: "Embed this lab" — how to put any view into your own docs: the custom element (sized
// to its content, lazy, themed), a plain iframe, a static picture for Markdown, and MDX, every
// example printed by the same snippet code as each widget's Share / embed control.
import { useEffect, useRef } from 'react';
import { embedLink } from '../embed/link';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSnippet, scriptUrl } from '../embed/snippets';
import { embedNames } from '../registry/embeds';

/** One example per embeddable view: what it shows and a state worth showing. */
const EXAMPLES: { name: string; title: string; params: Record<string, string>; about: string }[] = [
  { name: 'heap', title: 'JDK PriorityQueue vs Netty’s indexed heap, cancelling in reverse', params: { heap: 'race', ops: 'schedule 15, cancel-reverse', step: 'end' }, about: 'heap=jdk|indexed|race, ops, step' },
  { name: 'wheel', title: 'Kafka’s timing wheel with five timers', params: { view: 'wheel', ops: 'add 1 5, add 2 12, add 3 5, add 4 60, add 5 470', step: 'end' }, about: 'view=wheel|delay-queue|race, ops, step' },
  { name: 'queue', title: 'A ConcurrentLinkedQueue after five offers and two polls', params: { queue: 'clq', ops: 'fill 5, poll, poll', step: 'end' }, about: 'queue=clq|abq|spsc|mpsc|race, capacity, schedule, ops, step' },
  { name: 'recycler', title: 'Netty’s Recycler: a cross-thread recycle and the scavenge that brings it home', params: { version: 'after', ops: 'A: get, get, B: recycle 1, recycle 2, A: get, get', step: 'end' }, about: 'version=before|after|race, max-capacity, assertions, ops, step' },
  { name: 'heap-layout', title: 'java.util.PriorityQueue’s array for six deadlines', params: { deadlines: '50 30 90 10 70 20' }, about: 'deadlines' },
  { name: 'cost-curves', title: 'Work per cancellation as the queue grows', params: { run: '1' }, about: 'run=0|1' },
  { name: 'purgatory-sim', title: 'Kafka’s purgatory saturation, both designs', params: { preset: 'quick', run: '0' }, about: 'preset=quick|full, run=0|1' },
  { name: 'overload-sim', title: 'A UDP server under overload', params: { queue: 'abq', 'arrival-rate': '200000', 'service-rate': '150000', bound: '20000' }, about: 'queue, arrival-rate, service-rate, bound, budget-mib, seconds' },
  { name: 'bench', title: 'The Recycler benchmark, in the reader’s browser', params: { suite: 'recycler', preset: 'quick', run: '0' }, about: 'suite, preset=quick|full, run=0|1' },
];

function Code({ label, text }: { label: string; text: string }) {
  return (
    <figure className="snippet-figure">
      <figcaption>{label}</figcaption>
      <pre tabIndex={0}><code>{text}</code></pre>
    </figure>
  );
}

/** A live custom element on this page, made by the embed script exactly as on someone else's. */
function LiveElement({ src, title }: { src: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
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
    w.setAttribute('theme', 'auto');
    el.replaceChildren(w);
  }, [src, title]);
  return <div ref={host} className="live-embed" />;
}

export function EmbedGuide() {
  const example = EXAMPLES.find((e) => e.name === 'recycler')!;
  const target = { url: embedLink(example.name, example.params).href, title: example.title };
  const known = new Set(embedNames());
  return (
    <article className="lesson embed-guide">
      <h1>Embed this lab</h1>
      <p>
        Every view in the lab has its own address, with its whole state in the link: the script, the settings
        and the step. Put that address in your docs and readers see exactly what you saw, and can step on from
        there. Each widget has a <strong>Share / embed</strong> control under it that prints the snippets below
        for its current state, previews them, and saves the drawing as an SVG or PNG.
      </p>

      <h2>With the embed script (recommended)</h2>
      <p>
        One script tag, then a <code>&lt;hotpath-widget&gt;</code> per view. The element loads its frame when it
        scrolls near, sizes the frame to its content (no scrollbars, no guessed height) and passes your page’s
        theme: <code>theme="light"</code>, <code>"dark"</code>, or <code>"auto"</code> to follow the reader’s system.
        Plain iframes of the lab on a page that includes the script are sized the same way.
      </p>
      <Code label="HTML" text={elementSnippet(target)} />
      <p>What it shows, live on this page:</p>
      <LiveElement src={target.url} title={target.title} />

      <h2>A plain iframe</h2>
      <p>Where you cannot add a script: a fixed height, so choose one that fits the view.</p>
      <Code label="HTML" text={iframeSnippet(target)} />

      <h2>MDX (Docusaurus, Nextra and the like)</h2>
      <Code label="MDX" text={mdxSnippet(target)} />

      <h2>A static picture (GitHub READMEs, slides, wikis)</h2>
      <p>
        Where neither scripts nor iframes are allowed, use a picture that links back. Open the view, set the step,
        and under it choose <strong>Share / embed → Download PNG</strong> (or SVG). The file has the drawing as it
        is on screen, its caption and a link to the live view. Keep it beside your page and paste:
      </p>
      <Code label="Markdown" text={markdownSnippet(target, 'recycler-after-step-17.png')} />

      <h2>Every embeddable view</h2>
      <table className="counters embed-routes">
        <caption>Routes under /embed/ and their parameters</caption>
        <thead><tr><th scope="col">route</th><th scope="col">parameters</th><th scope="col">example</th></tr></thead>
        <tbody>
          {EXAMPLES.filter((e) => known.has(e.name)).map((e) => (
            <tr key={e.name}>
              <th scope="row"><code>/embed/{e.name}</code></th>
              <td><code>{e.about}</code></td>
              <td><a href={embedLink(e.name, e.params).href}>{e.title}</a></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        A link too long for a query string (a script of thousands of operations) carries its state compressed in
        the fragment (<code>#z=…</code>), which is never sent to a server. A bad parameter is shown as an error that
        names it; the embedded page never goes blank. The real-threads benchmarks need a cross-origin isolated page
        (COOP/COEP headers on the host), so they are not offered for embedding.
      </p>
    </article>
  );
}
