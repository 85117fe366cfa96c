// `npm test`: Rust tests, Vitest, then end-to-end tests in headless Chromium, and a smoke suite in
// headless Firefox, against the production build served by a plain static server. Exits non-zero
// if anything fails.
import { join } from 'node:path';
import {
  ROOT, CRATES, SetupError, checkNode, ensureBindgen, ensureChromium, ensureFirefox, ensureNpmDeps, ensurePostgres, ensureRsvg, ensureRust, main, runAsync, step,
} from './toolchain.mjs';
import { runE2e, runFirefoxSmoke } from './e2e.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

const USAGE = `usage: npm test [-- --changed[=BRANCH]]
  Installs what is missing (as npm start does, plus Debian's chromium, firefox-esr, librsvg2-bin and postgresql
  when run as root), then runs: cargo fmt --check, cargo clippy, ESLint, cargo test, the TypeScript
  check, Vitest (the class server's API tests also on a throwaway PostgreSQL when one can be had),
  the end-to-end tests in headless Chromium against the production build, and a smoke suite in
  headless Firefox (Debian's firefox-esr, installed as root; skipped, saying why, when it cannot be
  had). Exits non-zero if
  any of them fails. One part alone: see CONTRIBUTING.md.
  --changed[=BRANCH]  only the checks the files changed since BRANCH (default main; its merge base,
            committed or not, and untracked files) can affect: Rust → cargo fmt, clippy and the
            changed packages' tests; web or lessons → tsc, ESLint on those files, \`vitest related\`
            (the class server's API tests on the embedded database only), and the e2e files named
            after what changed. Prints its plan first, and the files no rule covers
  --help    print this and exit`;

/**
 * Runs `stages` in order, each named; one that fails is noted and the rest still run. Throws a
 * SetupError naming the failed ones, or says they all passed, with the time since `t0`.
 * @param {[string, () => Promise<void | string>][]} stages A stage resolves with a sentence when it was skipped.
 * @param {number} t0
 * @param {string} what How the run is named when one fails.
 * @param {(seconds: string) => string} passed What is said when all passed.
 */
async function runStages(stages, t0, what, passed) {
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
  if (failed.length) throw new SetupError(`${what} failed after ${total} s: ${failed.join('; ')}.`);
  step(passed(total));
}

/** `npm test -- --changed[=BRANCH]`: the checks the branch's changes can affect (web/scripts/changed.mjs). */
async function testChanged(base, t0) {
  const { changedFiles, labPlan } = await import('./changed.mjs');
  const { base: fork, files } = changedFiles(base);
  const plan = labPlan(files);
  const rustPackages = [...new Set([...plan.rustPackages, ...plan.rustTests.map(([p]) => p)])];
  const list = (xs) => (xs.length ? xs.join(', ') : 'none');
  step(`${files.length} files changed since ${base} (merge base ${fork}), committed or not.`);
  step(`Rust packages: ${list(plan.rustPackages)}; Rust test targets: ${list(plan.rustTests.map(([p, t]) => `${p} --test ${t}`))}; ` +
    `type check: ${plan.typecheck ? 'yes' : 'no'}; ESLint: ${plan.lint.length} files; vitest related: ${list(plan.vitest)}; ` +
    `e2e: ${list(plan.e2e)}; Firefox smoke: ${plan.firefox ? 'yes' : 'no'}.`);
  if (plan.uncovered.length) step(`No rule covers ${list(plan.uncovered)}: the full \`npm test\` checks those.`);
  checkNode();
  ensureRust();
  ensureNpmDeps();
  const bindgen = ensureBindgen();
  const { buildWasm } = await import('./wasm.mjs');
  await buildWasm({ bindgen });
  const cargo = (...args) => runAsync('cargo', [...args.slice(0, 1), '--manifest-path', join(CRATES, 'Cargo.toml'), ...args.slice(1)]);
  /** @type {[string, () => Promise<void | string>][]} */
  const stages = [];
  if (rustPackages.length) {
    stages.push(['Rust format (cargo fmt --check)', () => cargo('fmt', '--all', '--check')]);
    stages.push([`Rust lint (cargo clippy -D warnings: ${rustPackages.join(', ')}${plan.wasmClippy ? ', and for wasm32' : ''})`, async () => {
      await cargo('clippy', ...rustPackages.flatMap((p) => ['-p', p]), '--all-targets', '--', '-D', 'warnings');
      if (plan.wasmClippy) {
        await cargo('clippy', '-p', 'hotpath-threads', '-p', 'hotpath-wasm', '--lib', '--target', 'wasm32-unknown-unknown',
          '--target-dir', join(CRATES, 'target', 'clippy-wasm'), '--', '-D', 'warnings');
      }
    }]);
  }
  if (plan.lint.length) stages.push([`TypeScript lint (ESLint on ${plan.lint.length} changed files)`, () => runAsync(bin('eslint'), ['--max-warnings', '0', '--no-warn-ignored', ...plan.lint])]);
  if (plan.rustPackages.length || plan.rustTests.length) {
    stages.push(['Rust tests (cargo test)', async () => {
      // Every package depends on core (the web's wasm, or the threads' tests): its change tests them all.
      if (plan.rustPackages.includes('hotpath-core')) await cargo('test', '--workspace');
      else if (plan.rustPackages.length) await cargo('test', ...plan.rustPackages.flatMap((p) => ['-p', p]));
      for (const [p, t] of plan.rustTests) await cargo('test', '-p', p, '--test', t);
    }]);
  }
  if (plan.typecheck) {
    stages.push(['Type check (tsc)', async () => {
      await runAsync(bin('tsc'), ['--noEmit', '-p', ROOT]);
      await runAsync(bin('tsc'), ['--noEmit', '-p', join(ROOT, 'tsconfig.scripts.json')]);
    }]);
  }
  // No PostgreSQL here: the class server's API tests run on the embedded database alone.
  if (plan.vitest.length) stages.push(['Unit tests (vitest related)', () => runAsync(bin('vitest'), ['related', '--run', '--passWithNoTests', ...plan.vitest])]);
  if (plan.e2e.length) {
    stages.push([`End-to-end tests (Chromium: ${plan.e2e.join(', ')})`, () => runE2e(plan.e2e, { chromium: ensureChromium(), rsvg: ensureRsvg() })]);
  }
  if (plan.firefox) {
    stages.push(['End-to-end smoke tests (Firefox)', async () => {
      const firefox = ensureFirefox();
      if (!firefox.path) return `skipped (${firefox.why})`;
      await runFirefoxSmoke([], { firefox: firefox.path });
    }]);
  }
  if (!stages.length) return step('Nothing to check: no change any rule covers.');
  await runStages(stages, t0, 'npm test -- --changed', (total) => `The checks these changes can affect passed in ${total} s (the full npm test runs the rest).`);
}

main(async () => {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(USAGE);
  const t0 = Date.now();
  const changed = process.argv.slice(2).find((a) => a === '--changed' || a.startsWith('--changed='));
  if (changed) return testChanged(changed.includes('=') ? changed.slice('--changed='.length) : 'main', t0);
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
      const { startPostgres } = await import('../server/postgres.mjs');
      await ensurePostgres();
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
  await runStages(stages, t0, 'npm test', (total) => `All tests passed in ${total} s.`);
});
