// Builds crates/wasm into web/src/wasm/pkg, the site's module, and web/src/wasm/bench-pkg, the same
// crate with its benchmark kernels (release profile unless --dev).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeSchemaModules } from './schema-ts.mjs';
import { BENCH_PKG, CRATES, NIGHTLY, ROOT, THREADS_PKG, WASM_PKG, ensureBindgen, ensureNightly, ensureRust, main, runAsync, runCargoWithAtomics, step, unlessUnchanged } from './toolchain.mjs';

/**
 * crates/threads for Web Workers on one shared memory: atomics and bulk memory on, std rebuilt
 * with them, memory imported and shared (wasm-bindgen then emits the thread set-up). Its own
 * target directory, so the stable build's cache is untouched.
 */
async function buildThreadsWasm(bindgen) {
  const flags = ['-C', 'target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128',
    ...['--shared-memory', '--max-memory=1073741824', '--import-memory',
      '--export=__wasm_init_tls', '--export=__tls_size', '--export=__tls_align', '--export=__tls_base'].flatMap((a) => ['-C', `link-arg=${a}`])];
  const stamp = threadsInputs(flags, bindgen);
  if (existsSync(join(THREADS_PKG, 'hotpath_threads_bg.wasm')) && existsSync(THREADS_STAMP)
    && readFileSync(THREADS_STAMP, 'utf8') === stamp) {
    step('The threaded wasm is up to date (its inputs did not change): not rebuilt.');
    return;
  }
  ensureNightly();
  await runCargoWithAtomics([`+${NIGHTLY}`, 'build', '--manifest-path', join(CRATES, 'Cargo.toml'), '-p', 'hotpath-threads', '--lib',
    '--target', 'wasm32-unknown-unknown', '--release', '-Z', 'build-std=std,panic_abort',
    '--target-dir', join(CRATES, 'target', 'threads'), '--color', 'always'],
  { ...process.env, RUSTFLAGS: flags.join(' ') });
  const wasm = join(CRATES, 'target', 'threads', 'wasm32-unknown-unknown', 'release', 'hotpath_threads.wasm');
  await runAsync(bindgen, ['--target', 'web', '--out-dir', THREADS_PKG, wasm]);
  writeFileSync(THREADS_STAMP, stamp);
}

const THREADS_STAMP = join(THREADS_PKG, '.inputs');

/**
 * What the threaded build is made from: its crate's sources and manifest, the workspace's manifest
 * and lock file, the toolchain, flags and bindgen. A build whose stamp matches is skipped, so
 * start, test, build and bench neither call the nightly toolchain nor re-check std for a crate
 * nobody touched. crates/threads uses core only in its tests, so core's edits do not count.
 */
function threadsInputs(flags, bindgen) {
  const hash = createHash('sha256');
  const files = (dir) => readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  const inputs = [...files(join(CRATES, 'threads', 'src')), join(CRATES, 'threads', 'Cargo.toml'),
    join(CRATES, 'Cargo.toml'), join(CRATES, 'Cargo.lock')].sort();
  hash.update(JSON.stringify([NIGHTLY, flags, bindgen]));
  for (const f of inputs) hash.update(f.slice(CRATES.length)).update(readFileSync(f));
  return hash.digest('hex');
}

// Module-wide features only: the JDK heap's scan turns simd128 on for itself (crates/core's
// priority/jdk.rs), so the rest is not autovectorized into a larger module.
const ATOMICS = '-C target-feature=+atomics';

export async function buildWasm({ profile = 'release', bindgen = ensureBindgen() } = {}) {
  const started = Date.now();
  step(`Building the wasm (${profile}): the site's module, without the benchmark kernels …`);
  await buildModule({ profile, bindgen, pkg: WASM_PKG, kernels: false });
  await writeSchemas();
  step('Building the benchmark module (the same crate with its kernels) …');
  await buildModule({ profile, bindgen, pkg: BENCH_PKG, kernels: true });
  step('Building the threaded wasm (atomics, shared memory) …');
  await buildThreadsWasm(bindgen);
  step(`Wasm ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * crates/wasm into `pkg`, with the benchmark kernels (`--features kernels`, the crate's default) or
 * without them. The two builds keep separate target directories: cargo names a cdylib without its
 * features' hash, so in one directory each build would relink over the other every time.
 */
async function buildModule({ profile, bindgen, pkg, kernels }) {
  const targetDir = join(CRATES, 'target', ...(kernels ? [] : ['site']));
  const cargoArgs = ['build', '--manifest-path', join(CRATES, 'Cargo.toml'), '-p', 'hotpath-wasm',
    '--target', 'wasm32-unknown-unknown', '--target-dir', targetDir, '--color', 'always'];
  if (!kernels) cargoArgs.push('--no-default-features');
  if (profile === 'release') cargoArgs.push('--release');
  // Atomic instructions for the kernels' CAS, volatile and ordered accesses (crates/core's sync.rs):
  // without the feature LLVM lowers them to plain loads and stores, and the benchmarks would skip
  // what the JVM originals pay. The memory stays unshared, so the site needs no isolation for it.
  await runCargoWithAtomics(cargoArgs, { ...process.env, RUSTFLAGS: ATOMICS });
  const dir = profile === 'release' ? 'release' : 'debug';
  const wasm = join(targetDir, 'wasm32-unknown-unknown', dir, 'hotpath_wasm.wasm');
  const out = join(pkg, 'hotpath_wasm_bg.wasm');
  // wasm-bindgen and wasm-opt take half a minute; when cargo's output is the one they last
  // processed (cargo had nothing to do), their output is already there.
  const digest = createHash('sha256').update(JSON.stringify([profile, bindgen])).update(readFileSync(wasm)).digest('hex');
  const processed = await unlessUnchanged(join(pkg, '.inputs'), digest, [out, join(pkg, 'hotpath_wasm.js')], async () => {
    // The reset-state function lets the page throw away an instance a panic left inconsistent.
    await runAsync(bindgen, ['--target', 'web', '--out-dir', pkg,
      '--experimental-reset-state-function', wasm]);
    if (profile === 'release') {
      // Binaryen's optimizer after LLVM's: 10–25 % on some kernels (the indexed heap's removals).
      await runAsync(join(ROOT, 'node_modules', '.bin', 'wasm-opt'), ['-O3', '--detect-features', out, '-o', out]);
    }
  });
  if (!processed) step(`${relative(ROOT, pkg)} is up to date (cargo's output did not change): wasm-bindgen and wasm-opt skipped.`);
}

/** Each family's schema.gen.ts, from the module just built (web/scripts/schema-ts.mjs). */
async function writeSchemas() {
  const wasm = await import(`${pathToFileURL(join(WASM_PKG, 'hotpath_wasm.js')).href}?${Date.now()}`);
  wasm.initSync({ module: readFileSync(join(WASM_PKG, 'hotpath_wasm_bg.wasm')) });
  const written = writeSchemaModules(wasm, join(ROOT, 'web', 'src'));
  step(written ? `Wrote ${written} families' schema.gen.ts from the wasm's schemas.` : 'Every family\'s schema.gen.ts is the wasm\'s schema already.');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(async () => {
    if (process.argv.includes('--help') || process.argv.includes('-h')) {
      return console.log(`usage: npm run wasm [-- --dev]
  Builds crates/wasm into web/src/wasm/pkg (the site's module: no benchmark kernels) and
  web/src/wasm/bench-pkg (with them), release or a debug build with --dev, and crates/threads
  into web/src/wasm/threads-pkg; a step whose inputs did not change is skipped.
  --help    print this and exit`);
    }
    ensureRust();
    await buildWasm({ profile: process.argv.includes('--dev') ? 'dev' : 'release' });
  });
}
