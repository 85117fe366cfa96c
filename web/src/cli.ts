// The entry point of `npm run bench` (bundled by web/scripts/bench.mjs): the suites, then the
// CLI; a family's runs of its own (its cli.ts `commands`) and the threaded races are not JMH suites.
import './catalog/suites';
import { runCli as runSuiteCli, type CliOptions } from './cli/suiteCli';
import { runThreadsCli } from './cli/threadsCli';
import { threadSets } from './threads/harness';
import { inFamilyOrder } from './catalog/folders';
import './catalog/threadSets';

/** The JVM column of a browser run (`--chromium`/`--firefox --jvm`), run live. */
export { liveJvmColumn } from './cli/suiteCli';

type Command = (o: CliOptions) => void | Promise<void>;
const COMMANDS: Record<string, Command> = Object.assign({},
  ...inFamilyOrder(import.meta.glob<{ commands: Record<string, Command> }>('./*/cli.ts', { eager: true })).map((m) => m.commands));

export async function runCli(o: CliOptions): Promise<void> {
  const command = Object.hasOwn(COMMANDS, o.suite) ? COMMANDS[o.suite] : undefined;
  if (command) {
    await command(o);
    return;
  }
  const threaded = threadSets().find((t) => t.cli === o.suite);
  if (threaded) {
    if (o.only || o.csv || o.jvm) throw new Error('a threaded race takes --quick or --full, --native, --json and --save-wasm only');
    await runThreadsCli({ set: threaded, preset: o.preset, native: o.native, json: o.json, save: o.saveWasm, root: o.root, workerPath: new URL('./threadNode.mjs', import.meta.url).pathname });
    return;
  }
  await runSuiteCli(o);
}
