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
    const labels = callWasm((w) => {
      // add 5, add 3, add 9, add 1, add 7: [opcode, argument, 0, 0, thread] each.
      const script = new w.Script('heap', new Uint32Array([0, 5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 9, 0, 0, 0, 0, 1, 0, 0, 0, 0, 7, 0, 0, 0]), '', true);
      const trace = script.trace('jdk');
      const frame = trace.initialFrame();
      const writes = trace.writes();
      for (let i = 0; i < writes.length; i += 2) frame[writes[i]] = writes[i + 1];
      const schema = JSON.parse(w.family_schema('heap')) as { fields: { name: string; offset: number }[] };
      const at = (name: string) => schema.fields.find((f) => f.name === name)!.offset;
      const entity = trace.entityLabels();
      const slots = Array.from(frame.subarray(at('slot'), at('slot') + frame[at('size')]), (seq) => entity[seq]);
      trace.free();
      script.free();
      return slots;
    });
    expect(labels).toEqual(['1', '3', '9', '5', '7']);
    expect(typeof again.core_version()).toBe('string');
  });

  it('turns a Rust panic into a WasmCrash carrying the panic message, then recovers', () => {
    const before = callWasm((w) => new w.Script('heap', new Uint32Array([0, 4, 0, 0, 0]), '', true));
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
      const script = new w.Script('heap', new Uint32Array([0, 4, 0, 0, 0]), '', true);
      const n = script.actions;
      script.free();
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
