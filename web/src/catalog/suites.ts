// Every benchmark suite, registered: imported by the app, the CLI and the tests.
import { registerSuite } from '../bench/suites';
import { heapCancel } from '../heap/heapCancelSuite';
import { timerAddCancel } from '../wheel/timerSuite';
import { udpQueue } from '../queue/udpQueueSuite';
import { recyclerSuite } from '../recycler/recyclerSuite';

registerSuite(heapCancel);
registerSuite(timerAddCancel);
registerSuite(udpQueue);
registerSuite(recyclerSuite);
