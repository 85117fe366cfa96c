// The class server's bundle: its TypeScript (web/server) and the lessons' exercise generators it
// grades with, bundled for Node by Vite (as the benchmark CLI is) into .cache/class/server.mjs.
// Used by `npm run class`, the end-to-end tests and the class load test.
import { join } from 'node:path';
import { ROOT, inputsDigest, step, unlessUnchanged } from './toolchain.mjs';
import { SITE_INPUTS } from './site.mjs';

export const SERVER_BUNDLE = join(ROOT, '.cache', 'class', 'server.mjs');
export const WASM_FILE = join(ROOT, 'web', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm');
/** Where the embedded database keeps its data unless told otherwise. */
export const DEFAULT_DATA = join(ROOT, 'class-data');

/** Bundles the server unless its inputs (the server, and what the site's build reads) did not change. */
export async function bundleServer() {
  const digest = inputsDigest(['web/server', ...SITE_INPUTS]);
  const bundled = await unlessUnchanged(join(ROOT, '.cache', 'class-inputs'), digest, [SERVER_BUNDLE], bundle);
  if (!bundled) step('The class server\'s bundle is up to date (its inputs did not change): not rebundled.');
  return SERVER_BUNDLE;
}

async function bundle() {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: join(ROOT, 'web'),
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: true,
      outDir: join(ROOT, '.cache', 'class'),
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { input: { server: join(ROOT, 'web/server/main.ts') }, output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
  });
}
