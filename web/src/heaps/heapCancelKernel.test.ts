// The benchmark kernels as the browser runs them: the wasm build, where the JDK heap's
// remove(Object) scans 32, then 4, slots a step with simd128 (the native tests never run that
// code). The kernel's checksum is the sum of the slots each timer was found in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callWasm, loadWasm } from '../wasm/loader';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

function checksum(heap: string, num: number, reverse: boolean): number {
  return callWasm((w) => {
    const k = new w.HeapCancelKernel(heap, num, reverse);
    try {
      k.prepare(1);
      return k.run();
    } finally {
      k.free();
    }
  });
}

describe('the heap-cancel kernels in wasm', () => {
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
