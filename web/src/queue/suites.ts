// The queue family's JMH suites, in the order the CLI and the panel list them (the catalog finds
// this file): each is what it times (…Suite.ts) and how a run of it is reported (…Report.ts).
import type { Suite } from '../bench/suites';
import { udpQueueTimed } from './udpQueueSuite';
import { udpQueueReport } from './udpQueueReport';

export const udpQueue: Suite = { ...udpQueueTimed, ...udpQueueReport };

export const suites = [udpQueue];
