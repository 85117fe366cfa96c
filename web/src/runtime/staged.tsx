// A lesson's widgets mount one after another, in page order, each in a commit of its own, so the
// first one answers while the rest are still being built. Rendered in one commit, a lesson's two
// dozen widgets kept its first player waiting 100–200 ms on a 2-core laptop.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Preloadable } from './onDemand';

interface Entry {
  /** Shows the widget; it calls `finished` once it has committed. */
  start: () => void;
  mounted: boolean;
}

const waiting: Entry[] = [];
let running: Entry | null = null;

function next(): void {
  running = null;
  let entry = waiting.shift();
  while (entry && !entry.mounted) entry = waiting.shift();
  if (!entry) return;
  running = entry;
  entry.start();
}

/**
 * Runs `next` in a task of its own, so the browser may paint the widget before the next one is
 * built. A message, not `setTimeout(…, 0)`: browsers hold a background tab's timers back to a
 * second or more, which made a lesson opened in one mount a widget a second (or stall for a
 * minute in Firefox); messages are not throttled.
 */
let boundary: MessagePort | null = null;

function finished(entry: Entry): void {
  if (running !== entry) return;
  running = null;
  if (typeof MessageChannel !== 'function') return void setTimeout(next, 0);
  if (!boundary) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => next();
    boundary = channel.port2;
  }
  boundary.postMessage(null);
}

const wrapped = new WeakMap<ComponentType<never>, ComponentType<never>>();

/**
 * Every widget of `widgets` staged, except those named in `immediate` (figures inside a sentence,
 * which cost nothing and must not become a block); the same wrapper each call, so nothing remounts.
 */
export function stagedAll(
  widgets: Record<string, ComponentType<never>>,
  immediate: readonly string[],
): Record<string, ComponentType<never>> {
  return Object.fromEntries(Object.entries(widgets).map(([name, w]) => {
    if (immediate.includes(name)) return [name, w];
    let s = wrapped.get(w);
    if (!s) wrapped.set(w, (s = staged(w) as ComponentType<never>));
    return [name, s];
  }));
}

/**
 * `Widget`, shown once the widgets before it on the page are. A widget whose code is fetched on
 * demand is fetched before it is shown: behind Suspense it would appear after the widgets below it.
 */
export function staged<P extends object>(Widget: Preloadable<P>): ComponentType<P> {
  const { preload } = Widget;
  function Staged(props: P) {
    const [shown, setShown] = useState(false);
    const shownRef = useRef(false);
    const entry = useRef<Entry>({ start: () => {}, mounted: false }).current;
    useEffect(() => {
      preload?.(); // fetched now, beside the widgets above it; shown in its turn
      entry.start = () => {
        const show = () => setShown(true);
        if (shownRef.current) finished(entry);
        else if (preload) preload().then(show, show); // a failed fetch shows in the widget's frame
        else show();
      };
      entry.mounted = true;
      if (!waiting.includes(entry)) waiting.push(entry);
      if (!running) next();
      return () => {
        entry.mounted = false;
        finished(entry); // a widget removed before it committed must not hold up the rest
      };
    }, [entry]);
    useEffect(() => {
      shownRef.current = shown;
      if (shown) finished(entry);
    }, [shown, entry]);
    if (!shown) return <div className="widget widget-loading" role="status">Preparing this widget…</div>;
    return <Widget {...props} />;
  }
  Staged.displayName = `Staged(${Widget.displayName ?? Widget.name})`;
  return Staged;
}
