// Links to an embeddable view's exact state. Short state travels in the query string, readable;
// long state (a 2,000-operation script is 16,000 characters) is compressed into the fragment,
// which the browser never sends to the server, so no server refuses the request (HTTP 431/414).
import { compressToEncodedURIComponent } from 'lz-string';
import type { FamilyModule } from '../registry/family';
import { excerpt, num } from '../util/format';
import { unpackState } from './unpack';

/** Query strings longer than this move to the fragment: servers limit request lines to 8–16 KB. */
export const MAX_QUERY = 2000;
/** Past this, some browsers and most chat and mail clients truncate a URL. */
export const MAX_LINK = 1_000_000;
/**
 * The most state, unpacked, that a link may carry (a script of about 100,000 commands). Links
 * are made within it and read within it: a crafted fragment that unpacks to more is refused
 * before it is unpacked in full.
 */
export const MAX_STATE = 1_000_000;
const FRAGMENT_KEY = 'z=';

export type Params = Record<string, string>;

function query(params: Params): string {
  // Commas, colons and spaces read better as `,`, `:` and `%20` than as `%2C`, `%3A` and `+`.
  return new URLSearchParams(params).toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/\+/g, '%20');
}

export interface Link {
  href: string;
  /** Set when the state is too large for any link: say so rather than hand out a broken one. */
  problem?: string;
}

/** The URL of `/embed/<name>` showing exactly `params`, under the site's base path. */
export function embedLink(name: string, params: Params, origin = window.location.origin): Link {
  const base = `${origin}${import.meta.env.BASE_URL}embed/${name}`;
  const q = query(params);
  if (q.length <= MAX_QUERY) return { href: `${base}?${q}` };
  const tooLarge = (what: string) => ({
    href: `${base}?${query(Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'ops')))}`,
    problem: `this state is too large for a link (${what}); copy the script from the editor instead`,
  });
  if (q.length > MAX_STATE) return tooLarge(`${num(q.length)} characters; a link holds at most ${num(MAX_STATE)}`);
  const href = `${base}#${FRAGMENT_KEY}${compressToEncodedURIComponent(q)}`;
  if (href.length > MAX_LINK) return tooLarge(`${num(href.length)} characters even compressed`);
  return { href };
}

export type EmbedState = { ok: true; params: URLSearchParams } | { ok: false; message: string };

/** The state a link carries: the fragment's compressed state if there is one, else the query. */
export function readEmbedState(search: string, hash: string): EmbedState {
  const fragment = hash.replace(/^#/, '');
  if (!fragment.startsWith(FRAGMENT_KEY)) return { ok: true, params: new URLSearchParams(search) };
  const unpacked = unpackState(fragment.slice(FRAGMENT_KEY.length), MAX_STATE);
  if (unpacked.ok && unpacked.text) return { ok: true, params: new URLSearchParams(unpacked.text) };
  if (!unpacked.ok && unpacked.reason === 'too-long') {
    return {
      ok: false,
      message: `the state after “#z=” in this link unpacks to more than ${num(MAX_STATE)} characters, more than any link the lab makes; it was not opened`,
    };
  }
  return {
    ok: false,
    message: 'the state after “#z=” in this link is damaged (it may have been cut off when it was copied)',
  };
}

/**
 * Parameters every embed route takes, read by the embed page itself before the view reads the
 * rest: `theme` (light, dark or system: how a plain iframe follows a docs page's theme) and `v`
 * (the release a snippet was made with).
 */
export const COMMON_PARAMS = ['theme', 'v'] as const;

/**
 * Refuses parameters a view does not know, and any given twice: either would otherwise be
 * ignored without a word (`?heap=jdk&heap=indexed` used to show the first). The parameters every
 * route takes (COMMON_PARAMS) are known everywhere, and named in the list.
 */
export function checkParams(params: URLSearchParams, own: readonly string[]): string | null {
  const known = [...own, ...COMMON_PARAMS.filter((c) => !own.includes(c))];
  const seen = new Set<string>();
  for (const [name] of params) {
    if (!known.includes(name)) return `“${excerpt(name)}” is not a parameter here; expected ${known.join(', ')}`;
    if (seen.has(name)) {
      const all = params.getAll(name);
      const shown = all.slice(0, 3).map((v) => `${name}=${excerpt(v)}`).join(', ');
      return `${name} is given ${num(all.length)} times (${shown}${all.length > 3 ? ', …' : ''}); give it once`;
    }
    seen.add(name);
  }
  return null;
}

/** The link parameter that picks a family's variant, or its race: the same in every family. */
export const VARIANT_PARAM = 'variant';

/** A link to a family's player (`view` = a variant, or "race") at this script, settings and step. */
export function familyLink(module: Pick<FamilyModule, 'name'>, view: string, ops: string, step: number | string,
  settings: Readonly<Record<string, string>> = {}, origin = window.location.origin): Link {
  return embedLink(module.name, { [VARIANT_PARAM]: view, ...settings, ops, step: String(step) }, origin);
}

/** `href` with `name=value` added to its query (before any fragment, where the state may be). */
export function withQuery(href: string, name: string, value: string): string {
  const hash = href.indexOf('#');
  const [before, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  return `${before}${before.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}${fragment}`;
}

/** This release of the lab (package.json's version). */
export const LAB_VERSION = __LAB_VERSION__;

/**
 * A link for docs to keep: it names this release (`v=…`, so a later release that draws the view
 * differently says so instead of changing the figure silently) and, where the host keeps each
 * release's copy of the site (built with HOTPATH_PIN_BASE), points at this release's copy.
 */
export function pinnedUrl(href: string, base = import.meta.env.BASE_URL, pinBase = __PIN_BASE__): string {
  const hash = href.indexOf('#');
  let [before, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  const u = new URL(before);
  if (pinBase && u.pathname.startsWith(base)) before = `${u.origin}${pinBase}${u.pathname.slice(base.length)}${u.search}`;
  return `${before}${before.includes('?') ? '&' : '?'}v=${encodeURIComponent(LAB_VERSION)}${fragment}`;
}

/** How an embed is themed by its link: `theme=light|dark|system` (system: the reader's, whatever they chose on the lab's own pages). */
export type LinkTheme = 'light' | 'dark' | 'system';

/** The `theme` a link carries, checked: null when it has none. */
export function linkTheme(params: URLSearchParams): { ok: true; theme: LinkTheme | null } | { ok: false; message: string } {
  const all = params.getAll('theme');
  if (all.length === 0) return { ok: true, theme: null };
  if (all.length > 1) return { ok: false, message: `theme is given ${num(all.length)} times; give it once` };
  const t = all[0];
  if (t === 'light' || t === 'dark' || t === 'system') return { ok: true, theme: t };
  return { ok: false, message: `theme=${excerpt(t)} is not a theme; expected theme=light, theme=dark or theme=system` };
}

/** The `v` a link carries, checked: null when it has none, else the version or why it is not one. */
export function linkVersion(search: string): { ok: true; version: string | null } | { ok: false; message: string } {
  const all = new URLSearchParams(search).getAll('v');
  if (all.length === 0) return { ok: true, version: null };
  if (all.length > 1) return { ok: false, message: `v is given ${num(all.length)} times; give it once` };
  if (!/^\d+\.\d+\.\d+[0-9A-Za-z.+-]*$/.test(all[0]) || all[0].length > 40) {
    return { ok: false, message: `v=${excerpt(all[0])} is not a version of the lab; expected one like v=${LAB_VERSION}` };
  }
  return { ok: true, version: all[0] };
}
