import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WasmCrash, callWasm, loadWasm } from './loader';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, 'pkg', 'hotpath_wasm_bg.wasm')));
});

afterEach(() => {
  delete window.__hotpathPanic;
});

describe('the wasm loader', () => {
  it('instantiates once and runs the real JDK heap', async () => {
    const again = await loadWasm();
    const layout = callWasm((w) => {
      const heap = new w.JdkTimerHeap();
      for (const d of [5, 3, 9, 1, 7]) heap.offer(d);
      const result = Array.from(heap.layout());
      heap.free();
      return result;
    });
    expect(layout).toEqual([1, 3, 9, 5, 7]);
    expect(typeof again.core_version()).toBe('string');
  });

  it('turns a Rust panic into a WasmCrash carrying the panic message, then recovers', () => {
    const before = callWasm((w) => new w.JdkTimerHeap());
    window.__hotpathPanic = 'deliberate';
    let crash: unknown;
    try {
      callWasm((w) => w.core_version());
    } catch (e) {
      crash = e;
    }
    expect(crash).toBeInstanceOf(WasmCrash);
    expect((crash as WasmCrash).panic).toBe(true);
    expect((crash as WasmCrash).message).toContain('deliberate');
    delete window.__hotpathPanic;

    // The instance was replaced: new objects work, objects from before the crash are refused.
    expect(callWasm((w) => {
      const heap = new w.JdkTimerHeap();
      heap.offer(4);
      return Array.from(heap.layout());
    })).toEqual([4]);
    expect(() => before.offer(1)).toThrow(/stale/i);
  });

  it('lets ordinary JavaScript errors through untouched', () => {
    expect(() => callWasm(() => {
      throw new TypeError('not a crash');
    })).toThrow(TypeError);
  });
});
