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
      const plan = new w.TimerPlan(new Uint32Array([0, 5, 0, 3, 0, 9, 0, 1, 0, 7]), true);
      const trace = plan.trace('jdk');
      const flat = Array.from(trace.layouts());
      trace.free();
      plan.free();
      return flat.slice(-6); // the last layout: its length, then timer sequence numbers
    });
    expect(layout).toEqual([5, 3, 1, 2, 0, 4]); // deadlines 1, 3, 9, 5, 7
    expect(typeof again.core_version()).toBe('string');
  });

  it('turns a Rust panic into a WasmCrash carrying the panic message, then recovers', () => {
    const before = callWasm((w) => new w.TimerPlan(new Uint32Array([0, 4]), true));
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
      const plan = new w.TimerPlan(new Uint32Array([0, 4]), true);
      const n = plan.actions;
      plan.free();
      return n;
    })).toBe(1);
    expect(() => before.trace('jdk')).toThrow(/stale/i);
  });

  it('lets ordinary JavaScript errors through untouched', () => {
    expect(() => callWasm(() => {
      throw new TypeError('not a crash');
    })).toThrow(TypeError);
  });
});
