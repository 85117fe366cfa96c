// Everything `npm start`, `npm test` and `npm run build` need, installed on first use and reused
// after. Node built-ins only: this file runs before `node_modules` exists.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CRATES = join(ROOT, 'crates');
/** The module every page loads: the structures, scripts and drawings, without the benchmark kernels. */
export const WASM_PKG = join(ROOT, 'web', 'src', 'wasm', 'pkg');
/** The module the benchmark Workers and the bench CLI load: the same crate with its kernels (`Kernel`). */
export const BENCH_PKG = join(ROOT, 'web', 'src', 'wasm', 'bench-pkg');
/** The threaded build (atomics, shared memory) of crates/threads. */
export const THREADS_PKG = join(ROOT, 'web', 'src', 'wasm', 'threads-pkg');
/**
 * The nightly that builds it: std must be rebuilt with atomics (`-Z build-std`), which only
 * nightly allows. Pinned, so every machine builds the same thing.
 */
export const NIGHTLY = 'nightly-2026-10-30';

/** A failure the user can act on: printed as one sentence, never as a stack trace. */
export class SetupError extends Error {}

let started = Date.now();
export function step(message) {
  const t = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`\x1b[36m[hotpath ${t}s]\x1b[0m ${message}`);
}

/** Runs a command with inherited output; throws a SetupError naming it when it fails. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (/** @type {NodeJS.ErrnoException | undefined} */ (r.error)?.code === 'ENOENT') throw new SetupError(`\`${cmd}\` is not installed or not on PATH.`);
  if (r.status !== 0) throw new SetupError(`\`${cmd} ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}).`);
}

/** Runs a command asynchronously (so a dev server's event loop keeps running). */
export function runAsync(cmd, args, opts = {}) {
  return new Promise(/** @param {(v?: void) => void} ok */ (ok, fail) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
    child.on('error', (e) => fail(new SetupError(`\`${cmd}\` could not start: ${e.message}`)));
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new SetupError(`\`${cmd} ${args.join(' ')}\` failed (exit ${code}).`)));
  });
}

// Colours and line clears, as cargo writes them with --color always; and the clears alone, at a line's start.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
// eslint-disable-next-line no-control-regex
const CLEARS = /^(\x1b\[[0-9;]*K)*/;

/**
 * What rustc says of every crate built with `-C target-feature=+atomics`: that wasm's `atomics` is
 * an unstable target feature (a warning no flag turns off but -A warnings, which would hide every
 * other warning too), and cargo repeats it from its cache on every build, so the first screen of
 * `npm start` read like a failure. `keep(line)` is false for that note's lines, and for a crate's
 * tally when the note was the only warning seen since the tally before it; `dropped()` says
 * whether any was left out. Any other warning, and its tally, passes.
 */
export function atomicsNoteFilter() {
  let inNote = false;
  let dropped = false;
  let others = 0;
  return {
    /** `line`: one line of cargo's output, without its newline or the progress bar drawn before it. */
    keep(line) {
      const text = line.replace(ANSI, '');
      if (/^warning: unstable feature specified for `-Ctarget-feature`: `atomics`$/.test(text)) {
        inNote = dropped = true;
        return false;
      }
      if (inNote) {
        if (/^\s*\|\s*$/.test(text) || /^\s*= note: this feature is not stably supported/.test(text)) return false;
        inNote = false;
        if (text.trim() === '') return false;
      }
      if (/^warning: `[^`]+` \([^)]*\) generated \d+ warnings?/.test(text)) {
        const alone = others === 0 && /generated 1 warning( \(1 duplicate\))?$/.test(text);
        others = 0;
        return !alone;
      }
      if (/^(warning|error)(\[\w+\])?:/.test(text)) others++;
      return true;
    },
    dropped: () => dropped,
  };
}

/**
 * cargo with `-C target-feature=+atomics` in RUSTFLAGS: its output as it comes, but for the note
 * atomicsNoteFilter leaves out, said once in a line of ours instead. cargo writes to stderr, which
 * is a pipe here: on a terminal its progress bar is asked for all the same.
 */
export function runCargoWithAtomics(args, env) {
  const filter = atomicsNoteFilter();
  const tty = process.stderr.isTTY ? { CARGO_TERM_PROGRESS_WHEN: 'always', CARGO_TERM_PROGRESS_WIDTH: String(process.stderr.columns || 80) } : {};
  return new Promise(/** @param {(v?: void) => void} ok */ (ok, fail) => {
    const child = spawn('cargo', args, { stdio: ['inherit', 'inherit', 'pipe'], cwd: ROOT, env: { ...env, ...tty } });
    let pending = '';
    /** Passes on `text` (no newline in it) up to its last carriage return: the progress bar's redraws. */
    const redraws = (text) => {
      const cr = text.lastIndexOf('\r');
      if (cr >= 0) process.stderr.write(text.slice(0, cr + 1));
      return text.slice(cr + 1);
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      pending += chunk;
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const line = redraws(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
        // A line left out keeps the line clear it starts with, so a progress bar does not linger.
        process.stderr.write(filter.keep(line) ? `${line}\n` : CLEARS.exec(line)?.[0] ?? '');
      }
      pending = redraws(pending);
    });
    child.on('error', (e) => fail(new SetupError(`\`cargo\` could not start: ${e.message}`)));
    child.on('close', (code) => {
      if (pending) process.stderr.write(pending);
      if (filter.dropped()) {
        step('(rustc notes that wasm\'s atomics is an unstable target feature: expected, as the kernels need its atomic instructions; not shown.)');
      }
      if (code === 0) ok();
      else fail(new SetupError(`\`cargo ${args.join(' ')}\` failed (exit ${code}).`));
    });
  });
}

function capture(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

export function which(cmd) {
  return capture('sh', ['-c', `command -v ${cmd}`]);
}

/** Installs npm dependencies when `node_modules` is missing or older than the lock file. */
export function ensureNpmDeps() {
  const lock = join(ROOT, 'package-lock.json');
  const stamp = join(ROOT, 'node_modules', '.hotpath-lock-hash');
  const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  // `npm install`, not `npm ci`: npm leaves rollup's optional per-platform packages out of the
  // lock file (a peer of @mdx-js/rollup), and `npm ci` then refuses the lock as out of sync.
  step('Installing npm dependencies (npm install) …');
  run('npm', ['install', '--no-audit', '--no-fund']);
  // npm may add to the lock file (rollup's per-platform packages): stamp what it left.
  writeFileSync(stamp, createHash('sha256').update(readFileSync(lock)).digest('hex'));
}

/** Vite 8 needs Node 20.19+ (or 22.12+). */
export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19) || (major === 22 && minor < 12)) {
    throw new SetupError(`Node ${process.versions.node} is too old: install Node 20.19 or newer, then run this again.`);
  }
}

/** The pinned nightly with rust-src and the wasm target, installed with rustup on first use (about 40 s). */
export function ensureNightly() {
  const toolchains = capture('rustup', ['toolchain', 'list']) ?? '';
  const have = toolchains.split('\n').some((l) => l.startsWith(NIGHTLY));
  const src = have && existsSync(join(capture('rustup', ['run', NIGHTLY, 'rustc', '--print', 'sysroot']) ?? '', 'lib', 'rustlib', 'src', 'rust', 'library'));
  const targets = have ? capture('rustup', ['+' + NIGHTLY, 'target', 'list', '--installed']) ?? '' : '';
  if (have && src && targets.split('\n').includes('wasm32-unknown-unknown')) return;
  step(`Installing Rust ${NIGHTLY} with rust-src for the threaded wasm build (rustup, about 40 s, once per machine) …`);
  run('rustup', ['toolchain', 'install', NIGHTLY, '--profile', 'minimal', '--component', 'rust-src', '--target', 'wasm32-unknown-unknown']);
}

export function ensureRust() {
  if (!which('cargo') || !which('rustup')) {
    throw new SetupError(
      'Rust is missing: install it with rustup (https://rustup.rs), then run this command again.');
  }
  const installed = capture('rustup', ['target', 'list', '--installed']) ?? '';
  if (!installed.split('\n').includes('wasm32-unknown-unknown')) {
    step('Adding the Rust target wasm32-unknown-unknown (rustup) …');
    run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  }
  // npm test checks formatting and lints: a minimal rustup profile has neither tool.
  const components = (capture('rustup', ['component', 'list', '--installed']) ?? '').split('\n');
  const missing = ['rustfmt', 'clippy'].filter((c) => !components.some((l) => l.startsWith(`${c}-`)));
  if (missing.length) {
    step(`Adding the Rust components ${missing.join(' and ')} (rustup) …`);
    run('rustup', ['component', 'add', ...missing]);
  }
}

/** The exact wasm-bindgen version pinned in crates/wasm/Cargo.toml. */
export function pinnedBindgenVersion() {
  const toml = readFileSync(join(CRATES, 'wasm', 'Cargo.toml'), 'utf8');
  const m = toml.match(/^wasm-bindgen\s*=\s*"=([0-9.]+)"/m);
  if (!m) throw new SetupError('crates/wasm/Cargo.toml must pin wasm-bindgen exactly, as "=X.Y.Z".');
  return m[1];
}

/**
 * The path of a wasm-bindgen CLI at exactly the pinned version: the one on PATH if it matches,
 * else one installed with cargo into a per-version folder under ~/.cache (so a user's own
 * wasm-bindgen of another version is left alone, and every clone on the machine shares it).
 */
export function ensureBindgen() {
  const version = pinnedBindgenVersion();
  const want = `wasm-bindgen ${version}`;
  const onPath = which('wasm-bindgen');
  if (onPath && capture(onPath, ['--version']) === want) return onPath;
  const root = join(homedir(), '.cache', 'hotpath-lab', `wasm-bindgen-${version}`);
  const bin = join(root, 'bin', 'wasm-bindgen');
  if (existsSync(bin) && capture(bin, ['--version']) === want) return bin;
  step(`Installing wasm-bindgen-cli ${version} with cargo (about two minutes, once per machine) …`);
  mkdirSync(root, { recursive: true });
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', version, '--root', root]);
  return bin;
}

/** Chromium for the end-to-end tests: CHROMIUM_PATH, one on PATH, or Debian's package via apt. */
/**
 * Debian's package `pkg` through apt-get, when we are root on a machine that has it; the package
 * lists are updated and the install tried again when a fresh machine's lists do not know it.
 * Says whether it was installed (a failure is said in one line, not thrown).
 */
function aptInstall(pkg, what) {
  if (process.getuid?.() !== 0 || !which('apt-get')) return false;
  step(`Installing Debian's ${pkg} package ${what} (apt-get) …`);
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  try {
    try {
      install();
    } catch {
      run('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'] });
      install();
    }
    return true;
  } catch (e) {
    step(`Could not install ${pkg}: ${e.message}`);
    return false;
  }
}

export function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new SetupError(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const path = which(name);
    if (path) return path;
  }
  if (aptInstall('chromium', 'for the end-to-end tests')) {
    const path = which('chromium');
    if (path) return path;
  }
  throw new SetupError(
    'The end-to-end tests need Chromium: install the `chromium` package (Debian/Ubuntu) or set ' +
      'CHROMIUM_PATH to a Chromium or Chrome binary.');
}

/**
 * Firefox for the smoke suite and `npm run bench -- --firefox`: FIREFOX_PATH, one on PATH, or
 * Debian's firefox-esr via apt when root. Driven over WebDriver BiDi by puppeteer-core, which
 * downloads no browser of its own. Returns `{ path }`, or `{ why }`: why there is none, one
 * sentence without its full stop (the smoke suite is then skipped and says so; the benchmark
 * stops with it).
 */
export function ensureFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    return existsSync(fromEnv) ? { path: fromEnv } : { why: `FIREFOX_PATH is set to ${fromEnv}, which does not exist` };
  }
  for (const name of ['firefox-esr', 'firefox']) {
    const path = which(name);
    if (path) return { path };
  }
  if (aptInstall('firefox-esr', 'for the Firefox smoke tests')) {
    const path = which('firefox-esr');
    if (path) return { path };
  }
  return {
    why: 'Firefox is not installed and cannot be installed here (only root on Debian or Ubuntu can, through apt-get): ' +
      'install the `firefox-esr` package or set FIREFOX_PATH to a Firefox binary',
  };
}

/**
 * A digest of what a build step reads: every file under `paths` (files or folders, relative to
 * the repository; node_modules, target and dot-folders left out) and `extra` (settings, tool
 * versions). A step whose digest matches the one stamped beside its output is skipped.
 */
export function inputsDigest(paths, extra = []) {
  const hash = createHash('sha256').update(JSON.stringify(extra));
  const walk = (abs) => {
    if (!existsSync(abs)) return hash.update(`missing ${abs}`);
    if (!statSync(abs).isDirectory()) return hash.update(abs.slice(ROOT.length)).update(readFileSync(abs));
    for (const e of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name.startsWith('.') || e.name === 'node_modules' || e.name === 'target') continue;
      walk(join(abs, e.name));
    }
  };
  for (const p of paths) walk(join(ROOT, p));
  return hash.digest('hex');
}

/** Runs `build` unless `stamp` holds `digest` (and every file in `outputs` exists); then stamps it. */
export async function unlessUnchanged(stamp, digest, outputs, build) {
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && outputs.every((f) => existsSync(f))) return false;
  rmSync(stamp, { force: true });
  await build();
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, digest);
  return true;
}

/**
 * rsvg-convert (Debian's librsvg2-bin), the non-browser renderer the end-to-end tests draw the
 * exported SVGs with, as GitHub, Inkscape and slide tools would: one on PATH, or the package via
 * apt when root. Optional: without it that one check is skipped, and says why; null then.
 */
export function ensureRsvg() {
  const onPath = which('rsvg-convert');
  if (onPath) return onPath;
  if (aptInstall('librsvg2-bin', '(rsvg-convert) for the end-to-end tests')) {
    const path = which('rsvg-convert');
    if (path) return path;
  }
  step('rsvg-convert is not installed (Debian: librsvg2-bin) and cannot be installed here: ' +
    'the check that exported SVGs render outside a browser will be skipped.');
  return null;
}

/** Wraps a script's main: SetupErrors print one line; anything else prints in full. */
export async function main(fn) {
  started = Date.now();
  try {
    await fn();
  } catch (e) {
    if (e instanceof SetupError) {
      console.error(`\x1b[31m[hotpath] ${e.message}\x1b[0m`);
    } else {
      console.error(e);
    }
    process.exit(1);
  }
}

/**
 * Debian's `postgresql` package, for the class server's tests and load test: installed through
 * apt-get when it is missing and we are root (web/server/postgres.mjs then starts a throwaway
 * server from it). Does nothing otherwise; the tests say why they skip.
 */
export async function ensurePostgres() {
  const { binDir } = await import('../server/postgres.mjs');
  if (binDir() || process.getuid?.() !== 0 || !which('apt-get')) return;
  step("Installing Debian's postgresql package for the class server's tests (apt-get) …");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'ignore', env });
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'ignore', env });
}
