// The class server's bundle: its TypeScript (web/server) and the lessons' exercise generators it
// grades with, bundled for Node by Vite (as the benchmark CLI is) into .cache/class/server.mjs.
// Used by `npm run class`, the end-to-end tests and the class load test.
import { join } from 'node:path';
import { ROOT } from './toolchain.mjs';

export const SERVER_BUNDLE = join(ROOT, '.cache', 'class', 'server.mjs');
export const WASM_FILE = join(ROOT, 'web', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm');
/** Where the embedded database keeps its data unless told otherwise. */
export const DEFAULT_DATA = join(ROOT, 'class-data');

export async function bundleServer() {
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
  return SERVER_BUNDLE;
}
