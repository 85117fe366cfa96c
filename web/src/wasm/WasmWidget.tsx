// The frame every widget lives in: waits for the wasm, and if the widget crashes (a Rust panic
// or any render error) shows what happened, where, and a button that restarts just this widget.
import { Component, useCallback, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { asCrash, callWasm, loadWasm, type Wasm } from './loader';

interface Props {
  /** Shown in the crash message, so the reader knows which widget stopped. */
  name: string;
  /** Rendered once the module is loaded; widgets then call into it through `callWasm`. */
  children: ReactNode;
}

type Load = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: Error };

export function WasmWidget({ name, children }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    loadWasm().then(
      () => live && setLoad({ state: 'ready' }),
      (error: Error) => live && setLoad({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [generation]);

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
  return (
    <CrashBoundary key={generation} name={name} onRestart={() => setGeneration((g) => g + 1)}>
      {children}
    </CrashBoundary>
  );
}

interface BoundaryProps {
  name: string;
  onRestart: () => void;
  children: ReactNode;
}

class CrashBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[hotpath] ${this.props.name} crashed:`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const crash = asCrash(error);
    return (
      <div className="widget widget-error" role="alert">
        <p>
          <strong>{this.props.name} stopped:</strong>{' '}
          {crash?.panic ? 'the Rust code panicked' : crash ? 'the WebAssembly code trapped' : 'an error occurred'}.
        </p>
        <pre className="crash-message">{crash?.message ?? error.message}</pre>
        <p>The rest of the page is unaffected. Restarting rebuilds this widget from its inputs.</p>
        <button type="button" onClick={this.props.onRestart}>Restart widget</button>
      </div>
    );
  }
}

/**
 * For event handlers: runs a wasm call and, if it crashes, hands the crash to the nearest
 * `WasmWidget` (event-handler errors never reach error boundaries on their own).
 */
export function useWasmCall() {
  const [, setState] = useState(0);
  return useCallback(<T,>(fn: (wasm: Wasm) => T): T | undefined => {
    try {
      return callWasm(fn);
    } catch (e) {
      setState(() => {
        throw e;
      });
      return undefined;
    }
  }, []);
}
