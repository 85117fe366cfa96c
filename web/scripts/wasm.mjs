// Builds crates/wasm into web/src/wasm/pkg (release profile unless --dev).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CRATES, WASM_PKG, ensureBindgen, ensureRust, main, runAsync, step } from './toolchain.mjs';

export async function buildWasm({ profile = 'release', bindgen = ensureBindgen() } = {}) {
  const started = Date.now();
  step(`Building the wasm (${profile}) …`);
  const cargoArgs = ['build', '--manifest-path', join(CRATES, 'Cargo.toml'), '-p', 'hotpath-wasm',
    '--target', 'wasm32-unknown-unknown', '--color', 'always'];
  if (profile === 'release') cargoArgs.push('--release');
  await runAsync('cargo', cargoArgs);
  const dir = profile === 'release' ? 'release' : 'debug';
  const wasm = join(CRATES, 'target', 'wasm32-unknown-unknown', dir, 'hotpath_wasm.wasm');
  // The reset-state function lets the page throw away an instance a panic left inconsistent.
  await runAsync(bindgen, ['--target', 'web', '--out-dir', WASM_PKG,
    '--experimental-reset-state-function', wasm]);
  step(`Wasm ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(async () => {
    ensureRust();
    await buildWasm({ profile: process.argv.includes('--dev') ? 'dev' : 'release' });
  });
}
