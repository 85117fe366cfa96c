// /embed/<name>: one widget and its controls, no site chrome, for an iframe in someone's docs.
// The widget's state lives in the URL (long state in the fragment), so any view can be shared
// exactly as it is.
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { LAB_VERSION, embedLink, linkTheme, linkVersion, readEmbedState, type LinkTheme } from '../embed/link';
import { embedExamples, embedNames, embedWidget, type SyncUrl } from '../registry/embeds';
import { useHostFrame } from '../embed/frame';
import { excerpt } from '../util/format';

/**
 * Throttled, not debounced: a player at 240 steps a second would otherwise rewrite the address
 * bar as often, and a debounce never fired while it played, so a reader leaving mid-animation
 * lost the position. The latest state is written at most every 150 ms, and at once when the page
 * is hidden or left. A write still pending when the address changes (a new link, Back) is dropped:
 * it belongs to the state that was left.
 */
function useUrlSync(name: string, address: string): SyncUrl {
  const pending = useRef<Record<string, string>>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const written = useRef(-Infinity);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const params = pending.current;
    pending.current = undefined;
    if (!params) return;
    written.current = performance.now();
    const link = embedLink(name, params);
    if (!link.problem) window.history.replaceState(window.history.state, '', link.href);
  }, [name]);
  useEffect(() => {
    const leave = () => flush();
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer.current);
      timer.current = undefined;
      pending.current = undefined;
    };
  }, [address, flush]);
  return (params) => {
    pending.current = params;
    if (timer.current !== undefined) return;
    const wait = Math.max(0, written.current + 150 - performance.now());
    timer.current = setTimeout(flush, wait);
  };
}

/** The embed's one box: sized for the host page when framed (web/public/embed.js). */
function Frame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useHostFrame(ref);
  return <main className="embed" ref={ref}>{children}</main>;
}

/**
 * The link's own theme (`theme=dark`: how a plain iframe, with no script on its page, matches a
 * dark docs page). The embed script's message, if a host page sends one, comes after and wins.
 */
function LinkThemed({ theme }: { theme: LinkTheme }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
  return null;
}

function Problem({ children }: { children: ReactNode }) {
  return <Frame><p className="widget widget-error" role="alert">{children}</p></Frame>;
}

export function EmbedPage() {
  const { name = '' } = useParams();
  const location = useLocation();
  // The whole state is in the address: a new address (even one differing only after "#", or Back)
  // is a new view, never the last one's drafts under the new one's step. The view's own writes
  // (replaceState) do not pass through the router, so they do not restart it.
  const address = `${location.search}${location.hash}`;
  const sync = useUrlSync(name, address);
  const widget = embedWidget(name);
  if (!widget) {
    return <Problem>There is no embeddable widget called “{name}”. Available: {embedNames().join(', ')}.</Problem>;
  }
  const state = readEmbedState(location.search, location.hash);
  if (!state.ok) return <Problem>This embed link is malformed: {state.message}.</Problem>;
  // The release a snippet was made with (pinnedUrl): every view takes it, none needs it.
  const version = linkVersion(location.search);
  if (!version.ok) return <Problem>This embed link is malformed: {version.message}.</Problem>;
  state.params.delete('v');
  // Beside v in the query, also when the state is in the fragment (pinnedUrl puts both there).
  const theme = linkTheme(state.params.has('theme') ? state.params : new URLSearchParams(location.search));
  if (!theme.ok) return <Problem>This embed link is malformed: {theme.message}.</Problem>;
  state.params.delete('theme');
  const view = widget.render(state.params, sync);
  if (view && typeof view === 'object' && 'problem' in view) {
    return <Problem>This embed link is malformed: {view.problem}.</Problem>;
  }
  // The page's own heading, for someone who moves by headings (a docs page that frames it has its
  // own; inside the frame this is where the outline starts): the example's title when this is the
  // example, else the view and what its link sets, so a poll is not announced as a race.
  const title = viewTitle(name, state.params);
  return (
    <Frame>
      <h1 className="visually-hidden">Hotpath Lab: {title}</h1>
      {theme.theme && <LinkThemed theme={theme.theme} />}
      {version.version && version.version !== LAB_VERSION && (
        <p className="notice" role="status">
          This view was embedded from Hotpath Lab {version.version}; this is {LAB_VERSION}, which may draw it differently.
        </p>
      )}
      <Fragment key={address}>{view}</Fragment>
    </Frame>
  );
}

/** An embed page's title in words: its example's, when the link shows just that, else "heap view: ops schedule 40, cancel-reverse; step end". */
function viewTitle(name: string, params: URLSearchParams): string {
  const example = embedExamples().find((e) => e.name === name);
  const shown = [...params].filter(([k]) => k !== 'show');
  const same = example && shown.length === Object.keys(example.params).length && shown.every(([k, v]) => example.params[k] === v);
  if (example && same) return example.title;
  return shown.length ? `${name} view: ${excerpt(shown.map(([k, v]) => `${k} ${v}`).join('; '), 160)}` : `${name} view`;
}
