// The heap family's JMH suites, in the order the CLI and the panel list them (the catalog finds
// this file): each is what it times (…Suite.ts) and how a run of it is reported (…Report.ts).
import type { Suite } from '../bench/suites';
import { heapCancelTimed } from './heapCancelSuite';
import { heapCancelReport } from './heapCancelReport';

export const heapCancel: Suite = { ...heapCancelTimed, ...heapCancelReport };

export const suites = [heapCancel];
