// The wasm's page-weight budget, checked on the module the build made (`npm run wasm`; `npm test`
// builds it before this runs): every first visit downloads it before its first widget answers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The bound the module may not grow past, gzipped at level 9, in KB of 1,024 bytes. The target is
 * 150 KB (issue 50); the module is over it, 156.7 KB on 2026-11-25 (160,447 bytes), since the
 * recorders learned where each object is and what each line says, the wheel its two clocks and the
 * benchmarks their one kernel table (the code section grew by about 19 KB raw). Until the room is
 * found (docs/hosting.md, "Page weight": most likely a module per family), this bound keeps it from
 * growing further: raise it only with a measured reason.
 */
const WASM_BUDGET_KB = 158;
const WASM_BUDGET_BYTES = WASM_BUDGET_KB * 1024;

const WASM = join(import.meta.dirname, 'pkg', 'hotpath_wasm_bg.wasm');

describe('the wasm module', () => {
  it(`stays within its bound of ${WASM_BUDGET_KB} KB gzipped`, () => {
    expect(existsSync(WASM), `${WASM} is missing: build it with \`npm run wasm\``).toBe(true);
    const raw = readFileSync(WASM);
    const gzipped = gzipSync(raw, { level: 9 }).length;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const bytes = (n: number) => n.toLocaleString('en-US');
    const message = `the wasm is ${kb(gzipped)} gzipped (${bytes(gzipped)} bytes; ${kb(raw.length)} raw), ` +
      `${gzipped > WASM_BUDGET_BYTES ? `${bytes(gzipped - WASM_BUDGET_BYTES)} bytes over` : `${bytes(WASM_BUDGET_BYTES - gzipped)} bytes under`} ` +
      `its bound of ${WASM_BUDGET_KB} KB (${bytes(WASM_BUDGET_BYTES)} bytes; the target is 150 KB)`;
    console.log(message);
    expect(gzipped, message).toBeLessThanOrEqual(WASM_BUDGET_BYTES);
  });
});
