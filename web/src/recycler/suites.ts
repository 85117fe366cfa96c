// The recycler family's JMH suites, in the order the CLI and the panel list them (the catalog finds this file).
import { recyclerSuite } from './recyclerSuite';

export const suites = [recyclerSuite];
