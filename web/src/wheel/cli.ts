// The wheel family's commands for `npm run bench` besides its suites: the purgatory sweep, a run
// of its own rather than a JMH suite (the catalog's CLI finds this file).
import type { CliOptions } from '../cli/suiteCli';
import { runPurgatoryCli } from './purgatoryCli';

export const commands: Record<string, (o: CliOptions) => void> = {
  purgatory(o) {
    if (o.native || o.only || o.jvm || o.saveWasm) throw new Error('the purgatory sweep takes --quick or --full, --json and --csv only');
    runPurgatoryCli({ preset: o.preset, json: o.json, csv: o.csv, root: o.root });
  },
};
