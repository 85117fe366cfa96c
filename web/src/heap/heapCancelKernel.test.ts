// The benchmark kernels as the browser runs them: the wasm build, where the JDK heap's
// remove(Object) scans 32, then 4, slots a step with simd128 (the native tests never run that
// code). The kernel's checksum is the sum of the slots each timer was found in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as wasm from '../wasm/bench-pkg/hotpath_wasm.js';

// The benchmark module: the site's module leaves the kernels out.
const WASM = readFileSync(join(import.meta.dirname, '..', 'wasm', 'bench-pkg', 'hotpath_wasm_bg.wasm'));

beforeAll(() => {
  wasm.initSync({ module: WASM });
});

/** The features the compiler says it used: the module's `target_features` section ("+simd128", …). */
function targetFeatures(bytes: Uint8Array<ArrayBuffer>): string[] {
  const [section] = WebAssembly.Module.customSections(new WebAssembly.Module(bytes), 'target_features');
  if (!section) return [];
  const b = new Uint8Array(section);
  let at = 0;
  const uleb = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = b[at++];
      n |= (byte & 0x7f) << shift;
      if (byte < 0x80) return n;
    }
  };
  return Array.from({ length: uleb() }, () => {
    const prefix = String.fromCharCode(b[at++]);
    const length = uleb();
    const name = new TextDecoder().decode(b.subarray(at, (at += length)));
    return prefix + name;
  });
}

function checksum(heap: string, num: number, reverse: boolean): number {
  const k = new wasm.Kernel('heap-cancel', `heap=${heap},num=${num},reverse=${reverse}`);
  try {
    k.prepare(1);
    return k.run();
  } finally {
    k.free();
  }
}

describe('the heap-cancel kernels in wasm', () => {
  it('use simd128 and atomics (a cfg on a module-wide flag that RUSTFLAGS dropped once left the scan scalar)', () => {
    expect(targetFeatures(new Uint8Array(WASM))).toEqual(expect.arrayContaining(['+simd128', '+atomics']));
  });

  it('find each timer in the slot the JDK would, for every array length up to 200', () => {
    for (let num = 1; num <= 200; num++) {
      // In reverse, the timer is always in the last slot: num − 1, …, 0.
      expect(checksum('jdk', num, true)).toBe((num * (num - 1)) / 2);
      // In order, always at the root.
      expect(checksum('jdk', num, false)).toBe(0);
    }
  });

  it('agree with the indexed heap, which finds its timers without a scan', () => {
    for (const num of [31, 32, 33, 1000]) {
      expect(checksum('jdk', num, true)).toBe(checksum('indexed', num, true));
    }
  });
});
