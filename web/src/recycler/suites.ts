// The recycler family's JMH suites, in the order the CLI and the panel list them (the catalog
// finds this file): each is what it times (…Suite.ts) and how a run of it is reported (…Report.ts).
import type { Suite } from '../bench/suites';
import { recyclerTimed } from './recyclerSuite';
import { recyclerReport } from './recyclerReport';

export const recyclerSuite: Suite = { ...recyclerTimed, ...recyclerReport };

export const suites = [recyclerSuite];
