// `npm start`: install what is missing, build the wasm, serve the lab with live reload.
import { join } from 'node:path';
import { ROOT, checkNode, ensureBindgen, ensureNpmDeps, ensureRust, main, step } from './toolchain.mjs';

const USAGE = `usage: npm start
  Installs what is missing (npm packages, the wasm32 Rust target, the pinned wasm-bindgen CLI), builds
  the wasm and serves the lab at http://127.0.0.1:5173/ with live reload; editing Rust under crates/
  rebuilds the wasm and reloads the page. Ctrl+C stops.
  --help    print this and exit`;

main(async () => {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(USAGE);
  checkNode();
  ensureRust();
  ensureNpmDeps();
  const bindgen = ensureBindgen();
  const { buildWasm } = await import('./wasm.mjs');
  await buildWasm({ bindgen });
  step('Starting the Vite dev server …');
  process.env.HOTPATH_WATCH_RUST = '1';
  const { createServer } = await import('vite');
  const server = await createServer({ configFile: join(ROOT, 'vite.config.ts') });
  await server.listen();
  server.printUrls();
  step('Ready. Editing Rust under crates/ rebuilds the wasm and reloads the page; Ctrl+C stops.');
});
