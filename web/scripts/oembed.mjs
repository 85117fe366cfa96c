// oEmbed (https://oembed.com) for the embed routes: a static JSON file beside each route, and the
// discovery <link> in the route's page, so pasting a lab link into WordPress, Discourse, Notion or
// Medium makes an embed. A static file cannot read the link's state (it is in the query or the
// fragment), so each route's file embeds that route's example; the build writes them only when it
// knows the site's public address (HOTPATH_SITE_URL), which oEmbed needs absolute.

/** The width an oEmbed consumer is offered; the heights were measured at it. */
export const OEMBED_WIDTH = 860;

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

/** The oEmbed file of one route's example: its path below the site, its JSON, and the discovery tag for the route's page. */
export function oembedFor(siteUrl, example) {
  const root = siteRoot(siteUrl);
  const src = `${root}embed/${example.name}?${new URLSearchParams(example.params).toString()}`;
  const json = {
    version: '1.0',
    type: 'rich',
    provider_name: 'Hotpath Lab',
    provider_url: root,
    title: example.title,
    html: `<iframe src="${escapeAttr(src)}" title="${escapeAttr(example.title)}" width="${OEMBED_WIDTH}" height="${example.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
    width: OEMBED_WIDTH,
    height: example.height,
  };
  const path = `embed/${example.name}/oembed.json`;
  const link = `<link rel="alternate" type="application/json+oembed" href="${escapeAttr(root + path)}" title="${escapeAttr(example.title)}">`;
  return { path, json: `${JSON.stringify(json, null, 2)}\n`, link };
}

/** A route's page with its discovery tag in the head. */
export function withDiscovery(html, link) {
  return html.replace('</head>', `  ${link}\n  </head>`);
}
