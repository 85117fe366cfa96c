// The entry point of `npm run bench` (bundled by web/scripts/bench.mjs): the suites, then the
// CLI; the purgatory experiment is a sweep of its own, not a JMH suite.
import './suites';
import { runCli as runSuiteCli, type CliOptions } from '../bench/node';
import { runPurgatoryCli } from '../wheels/purgatoryCli';

export async function runCli(o: CliOptions): Promise<void> {
  if (o.suite === 'purgatory') {
    if (o.native || o.only) throw new Error('the purgatory sweep takes --quick or --full, --json and --csv only');
    runPurgatoryCli({ preset: o.preset, json: o.json, csv: o.csv, root: o.root });
    return;
  }
  await runSuiteCli(o);
}
