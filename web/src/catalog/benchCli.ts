// The entry point of `npm run bench` (bundled by web/scripts/bench.mjs): the suites, then the
// CLI; the purgatory experiment and the threaded race are runs of their own, not JMH suites.
import './suites';
import { runCli as runSuiteCli, type CliOptions } from '../bench/node';
import { runPurgatoryCli } from '../wheel/purgatoryCli';
import { runThreadsCli } from '../threads/cli';
import { threadSets } from '../threads/harness';
import './threadSets';

/** The JVM column of a browser run (`--chromium`/`--firefox --jvm`), run live. */
export { liveJvmColumn } from '../bench/node';

export async function runCli(o: CliOptions): Promise<void> {
  if (o.suite === 'purgatory') {
    if (o.native || o.only || o.jvm || o.saveWasm) throw new Error('the purgatory sweep takes --quick or --full, --json and --csv only');
    runPurgatoryCli({ preset: o.preset, json: o.json, csv: o.csv, root: o.root });
    return;
  }
  const threaded = threadSets().find((t) => t.cli === o.suite);
  if (threaded) {
    if (o.only || o.csv || o.jvm || o.saveWasm) throw new Error('a threaded race takes --quick or --full, --native and --json only');
    await runThreadsCli({ set: threaded, preset: o.preset, native: o.native, json: o.json, root: o.root, workerPath: new URL('./threadNode.mjs', import.meta.url).pathname });
    return;
  }
  await runSuiteCli(o);
}
