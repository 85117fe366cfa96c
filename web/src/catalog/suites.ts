// Every benchmark suite, registered: imported by the app, the CLI and the tests.
import { registerSuite } from '../bench/suites';
import { heapCancel } from '../heaps/heapCancelSuite';
import { timerAddCancel } from '../wheels/timerSuite';
import { udpQueue } from '../queues/udpQueueSuite';
import { recyclerSuite } from '../recyclers/recyclerSuite';

registerSuite(heapCancel);
registerSuite(timerAddCancel);
registerSuite(udpQueue);
registerSuite(recyclerSuite);
