// oEmbed (https://oembed.com) for the embed routes, so pasting a lab link into WordPress,
// Discourse, Notion or Medium makes an embed.
//
// On a static host: a JSON file beside each route, and the discovery <link> in the route's page.
// A static file cannot read the link's state (it is in the query or the fragment), so each
// route's file embeds that route's example; the build writes them only when it knows the site's
// public address (HOTPATH_SITE_URL), which oEmbed needs absolute.
//
// On a Node host (the class server, `vite preview` and `vite`): `oembed?url=<any embed link>`
// answers for that exact state (answerOembed), with the height measured for it: by the lab's
// measurements (embed-heights.json: the routes' examples, figure-only views and every suite's
// benchmark, the larger of Chromium's and Firefox's) or by the Share / embed dialog of a reader
// who opened that link on this server. Each answer says which (`hotpath_height`), and a state
// never measured gets the height of the nearest state measured (the same parts shown, the same
// variant or suite), saying so. Each embed page names the answer for its own link
// (discoveryTag). Answers keep to the consumer's maxwidth, as the spec requires.
//
// Every answer embeds the link as the site's snippets do: pinned to this release (`v=`) and, in a
// build with HOTPATH_PIN_BASE, to the kept copy of the site at that path.
import { unpackState } from '../src/embed/unpack.ts';
import { iframeSnippet } from '../src/embed/snippets.ts';
import { EMBED_EXAMPLES, EMBED_NAMES, MEASURED_VIEWS, MEASURED_WIDTHS, OEMBED_WIDTH, measuredHeight, stateKey } from '../src/catalog/routes.ts';

export { OEMBED_WIDTH };

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `siteUrl` with exactly one trailing slash, or an error naming what is wrong with it. */
export function siteRoot(siteUrl) {
  let u;
  try {
    u = new URL(siteUrl);
  } catch {
    throw new Error(`HOTPATH_SITE_URL=${siteUrl} is not an absolute URL; expected one like https://lab.example.org/hotpath/`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`HOTPATH_SITE_URL=${siteUrl} must be an http(s) URL`);
  return `${u.origin}${u.pathname.replace(/\/*$/, '/')}`;
}

/**
 * `href` (a link of the site at `base`) as a docs page should keep it: with `v=` (this release),
 * and at `pinBase` where the host keeps this release's copy (link.ts' pinnedUrl, for Node).
 */
export function pinnedSrc(href, base, pinBase, version) {
  const hash = href.indexOf('#');
  let [before, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  const u = new URL(before);
  if (pinBase && u.pathname.startsWith(base)) before = `${u.origin}${pinBase}${u.pathname.slice(base.length)}${u.search}`;
  return `${before}${before.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}${fragment}`;
}

/** The query string the lab's links use (link.ts): `,`, `:` and `%20` rather than `%2C`, `%3A` and `+`. */
const query = (params) => new URLSearchParams(params).toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/\+/g, '%20');

/**
 * What the build tells a Node host (and `npm run measure:embeds`) about oEmbed: the release and
 * pin, the views measured and their heights. Written to `embed/oembed-data.json` by every build.
 */
export function oembedData({ version, base, pinBase }) {
  return {
    version, base, pinBase: pinBase || '', width: OEMBED_WIDTH, widths: [...MEASURED_WIDTHS],
    routes: EMBED_EXAMPLES.map((e) => ({ name: e.name, title: e.title, key: stateKey(e.name, e.params), ...(e.featured ? { featured: true } : {}) })),
    views: MEASURED_VIEWS.map((v) => {
      const key = stateKey(v.name, v.params);
      return { name: v.name, path: `embed/${v.name}?${query(v.params)}`, key, heights: Object.fromEntries(MEASURED_WIDTHS.map((w) => [w, measuredHeight(key, w) ?? null])) };
    }),
  };
}

function oembedJson({ providerUrl, src, title, width, height, extra = {} }) {
  return {
    version: '1.0',
    type: 'rich',
    provider_name: 'Hotpath Lab',
    provider_url: providerUrl,
    title,
    // The share dialog's own iframe snippet, at the width measured: one frame style for both.
    html: iframeSnippet({ url: src, title, height }, width),
    width,
    height,
    ...extra,
  };
}

/**
 * The oEmbed file of one route's example: its path below the site, its JSON, and the discovery tag
 * for the route's page. `pin`: this release and where the host keeps its copy (HOTPATH_PIN_BASE).
 * @param {string} siteUrl
 * @param {{ name: string, title: string, params: Record<string, string>, height: number }} example
 * @param {{ base: string, pinBase: string, version: string | null }} [pin]
 */
export function oembedFor(siteUrl, example, pin = { base: new URL(siteRoot(siteUrl)).pathname, pinBase: '', version: null }) {
  const root = siteRoot(siteUrl);
  const href = `${root}embed/${example.name}?${new URLSearchParams(example.params).toString()}`;
  const src = pin.version ? pinnedSrc(href, pin.base, pin.pinBase, pin.version) : href;
  const json = oembedJson({ providerUrl: root, src, title: example.title, width: OEMBED_WIDTH, height: example.height });
  const path = `embed/${example.name}/oembed.json`;
  const link = `<link rel="alternate" type="application/json+oembed" href="${escapeAttr(root + path)}" title="${escapeAttr(example.title)}">`;
  return { path, json: `${JSON.stringify(json, null, 2)}\n`, link };
}

/**
 * The discovery tag a Node host puts in an embed page: the oEmbed answer for the page's own
 * link (`link`, as the reader asked for it), titled as that answer is.
 * @param {string} root the site's address, with its base path
 * @param {string} link
 * @param {ReturnType<typeof oembedData>} data
 */
export function discoveryTag(root, link, data) {
  const state = linkState(link, root);
  const title = state.ok ? titleFor(state, data) : 'Hotpath Lab';
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttr(`${root}oembed?url=${encodeURIComponent(link)}&format=json`)}" title="${escapeAttr(title)}">`;
}

/** A route's page with its discovery tag in the head (in place of one it has). */
export function withDiscovery(html, link) {
  const without = html.replace(/\s*<link rel="alternate" type="application\/json\+oembed"[^>]*>/g, '');
  return without.replace('</head>', `  ${link}\n  </head>`);
}

/** The most state a link may carry, unpacked (link.ts MAX_STATE). */
const MAX_STATE = 1_000_000;

/**
 * The view a link of the site at `root` shows: its route, the parameters of its state (from the
 * fragment's `#z=` when it has one), its size key; or why it is not a link that can be embedded.
 * @param {string} url
 * @param {string} root
 * @returns {{ ok: true, name: string, key: string, params: URLSearchParams, href: string } | { ok: false, status: number, error: string }}
 */
export function linkState(url, root) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, status: 400, error: 'url is not an absolute link' };
  }
  const r = new URL(root);
  if (u.origin !== r.origin || !u.pathname.startsWith(r.pathname)) {
    return { ok: false, status: 404, error: `this server answers for links of the lab at ${root} only` };
  }
  const m = /^embed\/([a-z0-9-]+)\/?$/.exec(u.pathname.slice(r.pathname.length));
  if (!m) return { ok: false, status: 404, error: 'only the lab’s /embed/<name> pages can be embedded (its Share / embed button gives one); its other pages refuse to be shown inside another site' };
  if (!EMBED_NAMES.includes(m[1])) return { ok: false, status: 404, error: `there is no embed called “${m[1].slice(0, 40)}”; the embeds are ${EMBED_NAMES.join(', ')}` };
  let params = new URLSearchParams(u.search);
  if (u.hash.startsWith('#z=')) {
    const unpacked = unpackState(u.hash.slice(3), MAX_STATE);
    if (!unpacked.ok) return { ok: false, status: 404, error: unpacked.reason === 'too-long' ? 'the state after “#z=” unpacks to more than any link the lab makes' : 'the state after “#z=” is damaged' };
    params = new URLSearchParams(unpacked.text);
  }
  return { ok: true, name: m[1], key: stateKey(m[1], params), params, href: `${u.origin}${u.pathname}${u.search}${u.hash}` };
}

/** A state's parameters, read back from its size key (routes.ts stateKey). */
const keyParams = (key) => new URLSearchParams(key.slice(key.indexOf('?') + 1));

/**
 * The measured view nearest to a state of route `name`: of the same route, showing the same
 * parts (which parts a player shows moves its height most: a figure-only wheel is 1,042 px where
 * its whole view is 2,366), then sharing its variant or suite, then the most other parameters;
 * the first in the data's order (the route's example) among equals. Undefined when the route has
 * none.
 * @param {ReturnType<typeof oembedData>} data
 */
export function nearestView(data, name, params) {
  let best;
  let bestScore = -1;
  for (const v of data.views) {
    if (v.name !== name) continue;
    const theirs = keyParams(v.key);
    let score = (theirs.get('show') ?? '') === (params.get('show') ?? '') ? 1000 : 0;
    for (const [k, value] of theirs) {
      if (k !== 'show' && params.get(k) === value) score += ['variant', 'suite', 'preset'].includes(k) ? 10 : 1;
    }
    if (score > bestScore) [best, bestScore] = [v, score];
  }
  return best;
}

/** A state's title: its route example's, or for another state the route, then the state in words. */
function titleFor(state, data) {
  const route = data.routes.find((r) => r.name === state.name);
  return route && route.key === state.key ? route.title : stateTitle(state.name, state.params);
}

/** A title for a state that is not its route's example: the route, then the state in words. */
export function stateTitle(name, params) {
  const said = [];
  for (const [k, v] of params) {
    if (k === 'v' || k === 'theme') continue;
    if (k === 'ops') said.push(`script “${v.length > 60 ? `${v.slice(0, 59)}…` : v}”`);
    else if (k === 'step') said.push(v === 'end' ? 'at its end' : v.startsWith('op:') ? `before operation ${v.slice(3)}` : `step ${v}`);
    else if (k === 'show') said.push(`showing ${v.split(',').join(', ')}`);
    else said.push(`${k} ${v.length > 40 ? `${v.slice(0, 39)}…` : v}`);
  }
  return `Hotpath Lab: ${name}${said.length ? ` (${said.join('; ')})` : ''}`;
}

/**
 * Whether a reader's report of `height` for a state of route `name` at `width` is believable: the
 * state was not measured by the lab's tests (those are never overridden), and the height is
 * within a factor of three of the heights measured for the route's states at that width. Null
 * when it is; else why not.
 * @param {ReturnType<typeof oembedData>} data
 * @param {{ name: string, key: string }} state
 * @param {number} width
 * @param {number} height
 */
export function reportProblem(data, state, width, height) {
  const tested = data.views.find((v) => v.key === state.key)?.heights?.[width];
  if (tested !== undefined && tested !== null) return `this state's height at ${width} px was measured by the lab's own tests (${tested} px) and is not replaced`;
  const known = data.views.filter((v) => v.name === state.name).map((v) => v.heights?.[width]).filter((h) => typeof h === 'number');
  if (known.length === 0) return null;
  const [low, high] = [Math.floor(Math.min(...known) / 3), Math.ceil(Math.max(...known) * 3)];
  return height < low || height > high ? `${height} px is far from any height measured for ${state.name} at ${width} px (${low}–${high} px)` : null;
}

/** The link without the parameters a snippet adds (v, theme) in its query: as the dialog measured it. */
export function measuredLink(href) {
  const hash = href.indexOf('#');
  const [before, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  const u = new URL(before);
  u.searchParams.delete('v');
  const q = [...u.searchParams].length ? `?${query(u.searchParams)}` : '';
  return `${u.origin}${u.pathname}${q}${fragment}`;
}

/**
 * The answer to `oembed?url=…&maxwidth=…&maxheight=…&format=json` on a Node host serving the site
 * at `root`: `{ status, body }`. `data` is the build's oembed-data.json; `reported(key, width)` a
 * height the Share / embed dialog measured for that state on this server, if any.
 * @param {URLSearchParams} queryParams
 * @param {string} root
 * @param {ReturnType<typeof oembedData>} data
 * @param {(key: string, width: number) => number | undefined} [reported]
 * @returns {{ status: number, body: Record<string, unknown> }}
 */
export function answerOembed(queryParams, root, data, reported = () => undefined) {
  const format = queryParams.get('format');
  if (format !== null && format !== 'json') return { status: 501, body: { error: `format=${format.slice(0, 20)} is not offered; this provider answers format=json` } };
  const url = queryParams.get('url');
  if (!url) return { status: 400, body: { error: 'give the link to embed as url=…' } };
  const state = linkState(url, root);
  if (!state.ok) return { status: state.status, body: { error: state.error } };
  const widths = data.widths ?? [...MEASURED_WIDTHS];
  const maxwidth = Number(queryParams.get('maxwidth') ?? '');
  const cap = Number.isFinite(maxwidth) && maxwidth > 0 ? Math.min(maxwidth, data.width) : data.width;
  // The widest column measured within the consumer's maxwidth, which the spec says must be kept to.
  const fitting = widths.filter((w) => w <= cap);
  if (fitting.length === 0) {
    return { status: 404, body: { error: `maxwidth=${maxwidth} is narrower than any column the lab's views are measured for (the narrowest is ${Math.min(...widths)} px)` } };
  }
  const width = Math.max(...fitting);
  const route = data.routes.find((r) => r.name === state.name);
  const heightsOf = (key) => data.views.find((v) => v.key === key)?.heights?.[width] ?? undefined;
  // A height the lab's tests measured is never overridden by a reader's report.
  let height = heightsOf(state.key);
  let source = 'measured for this exact state by the lab’s own tests';
  if (height === undefined) {
    height = reported(state.key, width);
    source = 'measured in a reader’s browser for this exact state (Share / embed, on this server)';
  }
  if (height === undefined) {
    const nearest = nearestView(data, state.name, state.params);
    height = nearest ? heightsOf(nearest.key) : undefined;
    const which = nearest && route && nearest.key === route.key ? 'this route’s example' : `the nearest state measured, ${nearest?.path}`;
    source = `not measured for this state: the height of ${which}; open the link’s Share / embed on this server once to measure it, or use the custom element, which sizes itself`;
  }
  if (height === undefined) return { status: 404, body: { error: 'no height is known for this view' } };
  const maxheight = Number(queryParams.get('maxheight') ?? '');
  const shown = Number.isFinite(maxheight) && maxheight > 0 ? Math.min(height, maxheight) : height;
  const src = pinnedSrc(measuredLink(state.href), data.base, data.pinBase, data.version);
  const title = titleFor(state, data);
  return {
    status: 200,
    body: oembedJson({ providerUrl: root, src, title, width, height: shown, extra: { hotpath_height: source } }),
  };
}
