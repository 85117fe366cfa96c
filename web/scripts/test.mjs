// `npm test`: Rust tests, Vitest, then end-to-end tests in headless Chromium, and a smoke suite in
// headless Firefox, against the production build served by a plain static server. Exits non-zero
// if anything fails.
import { join } from 'node:path';
import {
  ROOT, CRATES, SetupError, checkNode, ensureBindgen, ensureChromium, ensureFirefox, ensureNpmDeps, ensureRsvg, ensureRust, main, runAsync, step,
} from './toolchain.mjs';
import { runE2e, runFirefoxSmoke } from './e2e.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

const USAGE = `usage: npm test
  Installs what is missing (as npm start does, plus Debian's chromium, firefox-esr, librsvg2-bin and postgresql
  when run as root), then runs: cargo fmt --check, cargo clippy, ESLint, cargo test, the TypeScript
  check, Vitest (the class server's API tests also on a throwaway PostgreSQL when one can be had),
  the end-to-end tests in headless Chromium against the production build, and a smoke suite in
  headless Firefox (Debian's firefox-esr, installed as root; skipped, saying why, when it cannot be
  had). Exits non-zero if
  any of them fails. One part alone: see CONTRIBUTING.md.
  --help    print this and exit`;

main(async () => {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(USAGE);
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

  /** @type {[string, () => Promise<void | string>][]} A stage resolves with a sentence when it was skipped. */
  const stages = [
    // The house's clean state is checked, not kept by discipline: an unformatted file, a clippy
    // warning or a broken hook rule fails the run like a failing test.
    ['Rust format (cargo fmt --check)', () => runAsync('cargo', ['fmt', '--all', '--check', '--manifest-path', join(CRATES, 'Cargo.toml')])],
    ['Rust lint (cargo clippy -D warnings, natively and for wasm32)', async () => {
      await runAsync('cargo', ['clippy', '--workspace', '--all-targets', '--manifest-path', join(CRATES, 'Cargo.toml'), '--', '-D', 'warnings']);
      // What only the browser builds compile (crates/threads' Worker entry points, behind cfg(wasm32)).
      await runAsync('cargo', ['clippy', '-p', 'hotpath-threads', '-p', 'hotpath-wasm', '--lib', '--target', 'wasm32-unknown-unknown',
        '--target-dir', join(CRATES, 'target', 'clippy-wasm'), '--manifest-path', join(CRATES, 'Cargo.toml'), '--', '-D', 'warnings']);
    }],
    ['TypeScript lint (ESLint)', () => runAsync(bin('eslint'), ['--max-warnings', '0', '.'])],
    ['Rust tests (cargo test)', () => runAsync('cargo', ['test', '--workspace', '--manifest-path', join(CRATES, 'Cargo.toml')])],
    ['Type check (tsc: the TypeScript, and the plain JavaScript from its JSDoc)', async () => {
      await runAsync(bin('tsc'), ['--noEmit', '-p', ROOT]);
      await runAsync(bin('tsc'), ['--noEmit', '-p', join(ROOT, 'tsconfig.scripts.json')]);
    }],
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
    ['End-to-end tests (Chromium)', () => runE2e([], { chromium, rsvg })],
    ['End-to-end smoke tests (Firefox)', async () => {
      if (!firefox.path) return `skipped (${firefox.why})`;
      await runFirefoxSmoke([], { firefox: firefox.path });
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
