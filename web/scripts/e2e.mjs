// `npm run test:e2e [-- FILTER …]`: the end-to-end tests alone, set up as `npm test` sets them up:
// the production build under a non-root base path, served by a plain static server, the class
// server's bundle, and Debian's Chromium. FILTERs pick test files by name (`heaps` runs
// web/e2e/heaps.e2e.ts); other arguments go to Vitest.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SetupError, checkNode, ensureBindgen, ensureChromium, ensureFirefox, ensureNpmDeps, ensureRsvg, ensureRust, main, runAsync, step } from './toolchain.mjs';
import { viteBuild } from './site.mjs';

/** The end-to-end build uses a non-root base path on purpose: it proves the site works under one. */
export const E2E_BASE = '/hotpath-e2e/';
export const E2E_SITE = join(ROOT, '.cache', 'e2e-site');

const USAGE = `usage: npm run test:e2e [-- FILTER …]    npm run test:firefox (the Firefox smoke suite)
  Builds the wasm and the site (each only if its inputs changed) and the class server's bundle, then
  runs the end-to-end tests in headless Chromium (CHROMIUM_PATH, or one on PATH, or Debian's package
  installed through apt-get as root). FILTERs pick test files by name: npm run test:e2e -- heaps
  --help    print this and exit`;

/** The Firefox smoke suite on the same build (made by the Chromium stage, or here if it is not there). */
export async function runFirefoxSmoke(args, { firefox }) {
  await viteBuild(E2E_BASE, E2E_SITE);
  await runAsync(join(ROOT, 'node_modules', '.bin', 'vitest'), ['run', '--config', join(ROOT, 'web', 'e2e', 'firefox', 'vitest.config.ts'), ...args], {
    env: { ...process.env, FIREFOX_PATH: firefox, HOTPATH_SITE_DIR: E2E_SITE, HOTPATH_SITE_BASE: E2E_BASE },
  });
}

/** Builds what the end-to-end tests open, then runs them (the wasm must be built already). */
export async function runE2e(args, { chromium, rsvg }) {
  await viteBuild(E2E_BASE, E2E_SITE);
  step('Bundling the class server …');
  const { bundleServer } = await import('./class-server.mjs');
  await bundleServer();
  await runAsync(join(ROOT, 'node_modules', '.bin', 'vitest'), ['run', '--config', join(ROOT, 'web', 'e2e', 'vitest.config.ts'), ...args], {
    env: { ...process.env, CHROMIUM_PATH: chromium, RSVG_CONVERT: rsvg ?? '', HOTPATH_SITE_DIR: E2E_SITE, HOTPATH_SITE_BASE: E2E_BASE },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(async () => {
    const firefoxOnly = process.argv.includes('--firefox');
    const args = process.argv.slice(2).filter((a) => a !== '--firefox');
    if (args.includes('--help') || args.includes('-h')) return console.log(USAGE);
    checkNode();
    ensureRust();
    ensureNpmDeps();
    const bindgen = ensureBindgen();
    const { buildWasm } = await import('./wasm.mjs');
    if (firefoxOnly) {
      const firefox = ensureFirefox();
      if (!firefox.path) throw new SetupError(`${firefox.why}: the Firefox smoke suite cannot run.`);
      await buildWasm({ bindgen });
      return runFirefoxSmoke(args, { firefox: firefox.path });
    }
    const chromium = ensureChromium();
    const rsvg = ensureRsvg();
    await buildWasm({ bindgen });
    await runE2e(args, { chromium, rsvg });
  });
}
