// The wasm's page-weight budget, checked on the module the build made (`npm run wasm`; `npm test`
// builds it before this runs): every first visit downloads it before its first widget answers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** 150 KB gzipped (level 9, as the README's page weight counts it), in KB of 1,024 bytes. */
const WASM_BUDGET_BYTES = 150 * 1024;

const WASM = join(import.meta.dirname, 'pkg', 'hotpath_wasm_bg.wasm');

describe('the wasm module', () => {
  it('stays within its 150 KB gzipped budget', () => {
    expect(existsSync(WASM), `${WASM} is missing: build it with \`npm run wasm\``).toBe(true);
    const raw = readFileSync(WASM);
    const gzipped = gzipSync(raw, { level: 9 }).length;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const bytes = (n: number) => n.toLocaleString('en-US');
    const message = `the wasm is ${kb(gzipped)} gzipped (${bytes(gzipped)} bytes; ${kb(raw.length)} raw), ` +
      `${gzipped > WASM_BUDGET_BYTES ? `${bytes(gzipped - WASM_BUDGET_BYTES)} bytes over` : `${bytes(WASM_BUDGET_BYTES - gzipped)} bytes under`} ` +
      `its budget of 150 KB (${bytes(WASM_BUDGET_BYTES)} bytes)`;
    console.log(message);
    expect(gzipped, message).toBeLessThanOrEqual(WASM_BUDGET_BYTES);
  });
});
