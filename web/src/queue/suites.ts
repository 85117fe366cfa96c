// The queue family's JMH suites, in the order the CLI and the panel list them (the catalog finds this file).
import { udpQueue } from './udpQueueSuite';

export const suites = [udpQueue];
