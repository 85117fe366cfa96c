// Code a page may never show is fetched when it first renders, so the home page loads what it
// draws and a lesson what it uses: each wrapped component is a chunk of its own.
import { lazy, Suspense, useState, type ComponentType } from 'react';

/** A component whose code can be fetched before it renders, so that it renders at once. */
export type Preloadable<P> = ComponentType<P> & { preload?: () => Promise<unknown> };

export function onDemand<P extends object>(what: string, load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let ready: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => (pending ??= load().then(
    (c) => (ready = c),
    (e: unknown) => {
      pending = null; // a later mount (Restart) fetches again
      throw e;
    },
  ));
  const Loaded = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  function OnDemand(props: P) {
    // Fixed at mount: an instance that began behind Suspense stays there, or it would remount.
    const [Ready] = useState(() => ready);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={<div className="widget widget-loading" role="status">Loading {what}…</div>}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  OnDemand.displayName = `OnDemand(${what})`;
  OnDemand.preload = preload;
  return OnDemand;
}
