// Code a page may never show is fetched when it first renders, so the home page loads what it
// draws and a lesson what it uses: each wrapped component is a chunk of its own.
import { lazy, Suspense, type ComponentType } from 'react';

export function onDemand<P extends object>(what: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function OnDemand(props: P) {
    return (
      <Suspense fallback={<div className="widget widget-loading" role="status">Loading {what}…</div>}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  OnDemand.displayName = `OnDemand(${what})`;
  return OnDemand;
}
