// The one wasm loader every widget uses: the module is fetched and instantiated once per page;
// a Rust panic (or any wasm trap) is turned into a `WasmCrash`, and the instance is replaced by a
// fresh one so the rest of the page keeps working.
import init, * as bindings from './pkg/hotpath_wasm.js';

export type Wasm = typeof bindings;

/** Must match `PANIC_MARKER` in crates/wasm/src/panic.rs. */
export const PANIC_MARKER = '[rust panic] ';

export class WasmUnsupportedError extends Error {
  constructor() {
    super('This browser cannot run WebAssembly, which every widget in Hotpath Lab needs. ' +
      'Any current version of Firefox, Chrome, Edge or Safari can.');
    this.name = 'WasmUnsupportedError';
  }
}

/** A Rust panic or a wasm trap, with the Rust message when there is one. */
export class WasmCrash extends Error {
  constructor(message: string, readonly panic: boolean) {
    super(message);
    this.name = 'WasmCrash';
  }
}

export function wasmSupported(): boolean {
  return typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function';
}

let loading: Promise<Wasm> | null = null;
let ready = false;

/** Whether the module has loaded, so a widget mounting now can draw in its first render. */
export function wasmReady(): boolean {
  return ready;
}

/**
 * Loads the module once. `source` is for environments without `fetch` of relative URLs (Node,
 * tests): pass the `.wasm` bytes.
 */
export function loadWasm(source?: BufferSource): Promise<Wasm> {
  loading ??= (async () => {
    if (!wasmSupported()) throw new WasmUnsupportedError();
    await init(source ? { module_or_path: source } : undefined);
    ready = true;
    return bindings;
  })();
  loading.catch(() => {
    loading = null; // a failed fetch can be retried
  });
  return loading;
}

/** Turns an exception thrown out of wasm into a `WasmCrash` if it is one, else returns null. */
export function asCrash(e: unknown): WasmCrash | null {
  if (e instanceof WasmCrash) return e;
  if (e instanceof Error && e.message.startsWith(PANIC_MARKER)) {
    return new WasmCrash(e.message.slice(PANIC_MARKER.length), true);
  }
  if (typeof WebAssembly === 'object' && e instanceof WebAssembly.RuntimeError) {
    return new WasmCrash(`WebAssembly trap: ${e.message}`, false);
  }
  return null;
}

declare global {
  interface Window {
    /**
     * While set, every wasm call panics with this message: lets a test (or a curious reader in the
     * console) watch the crash path work. Deterministic on purpose, like a real bug: React
     * retries a failed render once, and a one-shot panic would just vanish in the retry.
     */
    __hotpathPanic?: string;
  }
}

/**
 * Every call into wasm goes through here. A crash resets the instance (objects made before it
 * become unusable, and widgets rebuild theirs) and is rethrown as a `WasmCrash`.
 */
export function callWasm<T>(fn: (wasm: Wasm) => T): T {
  try {
    const injected = typeof window === 'object' ? window.__hotpathPanic : undefined;
    if (injected !== undefined) bindings.debug_panic(injected);
    return fn(bindings);
  } catch (e) {
    const crash = asCrash(e);
    if (!crash) throw e;
    bindings.__wbg_reset_state();
    throw crash;
  }
}
