// The static site: what its build reads, and the build itself (after the wasm package it
// bundles). Apart from toolchain.mjs because it needs wasm.mjs, which needs the toolchain.
import { join } from 'node:path';
import { ROOT, checkNode, ensureBindgen, ensureNpmDeps, ensureRust, inputsDigest, runAsync, step, unlessUnchanged } from './toolchain.mjs';
import { buildWasm } from './wasm.mjs';

/** What the site's build reads, besides the wasm package (web/src/wasm/pkg is under web/src). */
export const SITE_INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/scripts', 'lessons', 'jvm/results', 'vite.config.ts',
  'package-lock.json', 'tsconfig.json', 'package.json'];

/** The static site for `base` in `outDir` (undefined: dist/), after installing and building what it needs. */
export async function buildSite(base, outDir) {
  checkNode();
  ensureRust();
  ensureNpmDeps();
  await buildWasm({ bindgen: ensureBindgen() });
  await viteBuild(base, outDir ?? join(ROOT, 'dist'));
}

/** Vite's build of the site into `out`, skipped when nothing it reads (the wasm included) changed. */
export async function viteBuild(base, out) {
  // The settings vite.config.ts reads besides the base and the folder.
  const env = ['HOTPATH_SITE_URL', 'HOTPATH_PIN_BASE'].map((k) => process.env[k] ?? null);
  const built = await unlessUnchanged(join(out, '.inputs'), inputsDigest(SITE_INPUTS, [base, env]), [join(out, 'index.html')], async () => {
    step(`Building the site for base path ${base} into ${out} …`);
    await runAsync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'],
      { env: { ...process.env, HOTPATH_BASE: base, HOTPATH_OUT_DIR: out } });
  });
  if (!built) step(`The site in ${out} is up to date (its inputs did not change): not rebuilt.`);
}
