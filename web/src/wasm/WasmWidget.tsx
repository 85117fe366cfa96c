// The frame every widget lives in: waits for the wasm, and if the widget crashes (a Rust panic
// or any render error) shows what happened, where, and a button that restarts just this widget.
// What the reader typed into the widget is kept by the frame (wasm/drafts), so a restart does not
// lose it.
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { loadWasm, wasmReady } from './loader';
import { CrashBoundary } from './CrashBoundary';
import { Drafts } from './drafts';

interface Props {
  /** Shown in the crash message, so the reader knows which widget stopped. */
  name: string;
  /** Rendered once the module is loaded; widgets then call into it through `callWasm`. */
  children: ReactNode;
}

type Load = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: Error };

export function WasmWidget({ name, children }: Props) {
  // Usually the module is there before the widget (main.tsx starts it with the page): then the
  // widget draws in its first commit instead of after an effect and a second one.
  const [load, setLoad] = useState<Load>(() => (wasmReady() ? { state: 'ready' } : { state: 'loading' }));
  const [generation, setGeneration] = useState(0);
  const drafts = useRef(new Map<string, string>()).current;

  const loaded = load.state === 'ready';
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadWasm().then(
      () => live && setLoad({ state: 'ready' }),
      (error: Error) => live && setLoad({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [generation, loaded]);

  if (load.state === 'loading') {
    return <div className="widget widget-loading" role="status">Loading the WebAssembly module…</div>;
  }
  if (load.state === 'failed') {
    return (
      <div className="widget widget-error" role="alert">
        <p><strong>{name} could not start.</strong> {load.error.message}</p>
        <button type="button" onClick={() => { setLoad({ state: 'loading' }); setGeneration((g) => g + 1); }}>
          Try again
        </button>
      </div>
    );
  }
  const restart = () => setGeneration((g) => g + 1);
  const restarts = () => [
    { label: 'Restart widget', run: restart },
    // If the reader's own edit is what crashes it, they need a way back to the original too.
    ...(drafts.size > 0 ? [{ label: 'Restart with the original input', run: () => { drafts.clear(); restart(); } }] : []),
  ];
  return (
    <Drafts.Provider value={drafts}>
      <CrashBoundary key={generation} name={name} restarts={restarts}>
        {children}
      </CrashBoundary>
    </Drafts.Provider>
  );
}

/** `Widget` inside a WasmWidget named `name`, so a crash names the widget that stopped (and a lesson can preload it). */
export function framed<P extends object>(name: string, Widget: ComponentType<P> & { preload?: () => Promise<unknown> }) {
  const Framed = (props: P) => <WasmWidget name={name}><Widget {...props} /></WasmWidget>;
  return Object.assign(Framed, { preload: Widget.preload });
}
