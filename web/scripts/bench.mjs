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
  if (options.chromium) {
    const { runInChromium } = await import('./bench-chromium.mjs');
    try {
      return await runInChromium(options);
    } catch (e) {
      throw new SetupError(e.message);
    }
  }
  checkNode();
  ensureRust();
  ensureNpmDeps();
  const { buildWasm } = await import('./wasm.mjs');
  await buildWasm({ bindgen: ensureBindgen() });
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
          node: join(ROOT, 'web/src/catalog/benchCli.ts'),
          nodeFork: join(ROOT, 'web/src/bench/nodeFork.ts'),
          threadNode: join(ROOT, 'web/src/threads/nodeWorker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].mjs' },
      },
    },
  });
  step(`Running ${options.suite} (${options.preset}) under Node …`);
  const { runCli } = await import(pathToFileURL(join(outDir, 'node.mjs')).href);
  try {
    await runCli({ ...options, root: ROOT });
  } catch (e) {
    throw new SetupError(e.message);
  }
});
