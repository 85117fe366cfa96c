// `npm run bench -- <suite> [options]`: the browser's benchmark harness, run under Node.
// The harness is TypeScript shared with the page, so it is bundled for Node first (Vite SSR
// build into .cache/bench), then run with forks as worker threads.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ArgsError, HelpRequested, checkOutputs, parseBenchArgs } from './bench-args.mjs';
import { ROOT, SetupError, checkNode, ensureBindgen, ensureNpmDeps, ensureRust, main, step } from './toolchain.mjs';

main(async () => {
  let options;
  try {
    options = parseBenchArgs(process.argv.slice(2));
    checkOutputs(options);
  } catch (e) {
    if (e instanceof HelpRequested) {
      console.log(e.message);
      return;
    }
    if (e instanceof ArgsError) throw new SetupError(e.message);
    throw e;
  }
  checkNode();
  ensureRust();
  ensureNpmDeps();
  const { buildWasm } = await import('./wasm.mjs');
  await buildWasm({ bindgen: ensureBindgen() });
  if (options.chromium || options.firefox) {
    const { runInBrowsers } = await import('./bench-browser.mjs');
    try {
      // The JVM column, when asked for, runs through the Node harness's JVM runner.
      return await runInBrowsers(options, { liveJvm: async () => (await bundleHarness()).liveJvmColumn(ROOT, options.suite, options.preset) });
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError(e.message);
    }
  }
  if (options.suite === 'class') {
    step('Bundling the class server …');
    const { bundleServer } = await import('./class-server.mjs');
    await bundleServer();
    const { runClassLoad } = await import('./class-load.mjs');
    try {
      return await runClassLoad(options);
    } catch (e) {
      throw new SetupError(e.message);
    }
  }
  const { runCli } = await bundleHarness();
  step(`Running ${options.suite} (${options.preset}) under Node …`);
  try {
    await runCli({ ...options, root: ROOT });
  } catch (e) {
    throw new SetupError(e.message);
  }
});

/** The harness bundled for Node (Vite SSR build into .cache/bench): its module. */
async function bundleHarness() {
  step('Bundling the benchmark harness for Node …');
  const outDir = join(ROOT, '.cache', 'bench');
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: join(ROOT, 'web'),
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: {
        input: {
          node: join(ROOT, 'web/src/cli.ts'),
          nodeFork: join(ROOT, 'web/src/bench/nodeFork.ts'),
          threadNode: join(ROOT, 'web/src/threads/nodeWorker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].mjs' },
      },
    },
  });
  return import(pathToFileURL(join(outDir, 'node.mjs')).href);
}
