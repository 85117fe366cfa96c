// `npm test`: Rust tests, Vitest, then end-to-end tests in headless Chromium, and a smoke suite in
// headless Firefox, against the production build served by a plain static server. Exits non-zero
// if anything fails.
import { join } from 'node:path';
import {
  ROOT, CRATES, SetupError, checkNode, ensureBindgen, ensureChromium, ensureFirefox, ensureNpmDeps, ensureRsvg, ensureRust, main, runAsync, step, viteBuild,
} from './toolchain.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
/** The end-to-end build uses a non-root base path on purpose: it proves the site works under one. */
export const E2E_BASE = '/hotpath-e2e/';
export const E2E_SITE = join(ROOT, '.cache', 'e2e-site');

main(async () => {
  const t0 = Date.now();
  checkNode();
  ensureRust();
  ensureNpmDeps();
  const bindgen = ensureBindgen();
  const chromium = ensureChromium();
  const rsvg = ensureRsvg();
  const firefox = ensureFirefox();
  if (!firefox.path) step(`${firefox.why}: the Firefox smoke tests will be skipped.`);
  const { buildWasm } = await import('./wasm.mjs');
  await buildWasm({ bindgen });

  const stages = [
    // The house's clean state is checked, not kept by discipline: an unformatted file, a clippy
    // warning or a broken hook rule fails the run like a failing test.
    ['Rust format (cargo fmt --check)', () => runAsync('cargo', ['fmt', '--all', '--check', '--manifest-path', join(CRATES, 'Cargo.toml')])],
    ['Rust lint (cargo clippy -D warnings)', () => runAsync('cargo', ['clippy', '--workspace', '--all-targets',
      '--manifest-path', join(CRATES, 'Cargo.toml'), '--', '-D', 'warnings'])],
    ['TypeScript lint (ESLint)', () => runAsync(bin('eslint'), ['--max-warnings', '0', '.'])],
    ['Rust tests (cargo test)', () => runAsync('cargo', ['test', '--workspace', '--manifest-path', join(CRATES, 'Cargo.toml')])],
    ['Type check (tsc)', () => runAsync(bin('tsc'), ['--noEmit', '-p', ROOT])],
    ['Unit tests (Vitest)', async () => {
      // The class server's API tests run on the embedded database always, and on a real
      // PostgreSQL server too when one can be had.
      const { startPostgres } = await import('./postgres.mjs');
      const pg = await startPostgres();
      step(pg.url ? 'PostgreSQL is running on a free local port: the class server\'s API tests run on it as well as on the embedded database.'
        : `The class server's API tests run on the embedded database only: ${pg.why}.`);
      try {
        await runAsync(bin('vitest'), ['run'], { env: { ...process.env, ...(pg.url ? { HOTPATH_TEST_DATABASE_URL: pg.url } : {}) } });
      } finally {
        pg.stop?.();
      }
    }],
    ['End-to-end tests (Chromium)', async () => {
      await viteBuild(E2E_BASE, E2E_SITE);
      step('Bundling the class server …');
      const { bundleServer } = await import('./class-server.mjs');
      await bundleServer();
      await runAsync(bin('vitest'), ['run', '--config', join(ROOT, 'web', 'e2e', 'vitest.config.ts')], {
        env: { ...process.env, CHROMIUM_PATH: chromium, RSVG_CONVERT: rsvg ?? '', HOTPATH_SITE_DIR: E2E_SITE, HOTPATH_SITE_BASE: E2E_BASE },
      });
    }],
    ['End-to-end smoke tests (Firefox)', async () => {
      if (!firefox.path) return `skipped (${firefox.why})`;
      // The same build as the Chromium stage (not rebuilt when that one made it).
      await viteBuild(E2E_BASE, E2E_SITE);
      await runAsync(bin('vitest'), ['run', '--config', join(ROOT, 'web', 'e2e', 'firefox', 'vitest.config.ts')], {
        env: { ...process.env, FIREFOX_PATH: firefox.path, HOTPATH_SITE_DIR: E2E_SITE, HOTPATH_SITE_BASE: E2E_BASE },
      });
    }],
  ];
  const failed = [];
  for (const [name, fn] of stages) {
    step(`${name} …`);
    const t = Date.now();
    try {
      const skipped = await fn();
      step(skipped ? `${name}: ${skipped}.` : `${name}: passed in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
    } catch (e) {
      if (!(e instanceof SetupError)) throw e;
      failed.push(name);
      step(`${name}: FAILED (${e.message})`);
    }
  }
  const total = ((Date.now() - t0) / 1000).toFixed(1);
  if (failed.length) throw new SetupError(`npm test failed after ${total} s: ${failed.join('; ')}.`);
  step(`All tests passed in ${total} s.`);
});
