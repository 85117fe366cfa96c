// Every family's threaded benchmark, registered: imported by the app and the CLI.
import { registerThreadSet } from '../threads/harness';
import { queueThreads } from '../queues/threadSet';
import { recyclerThreads } from '../recyclers/threadSet';

registerThreadSet(queueThreads);
registerThreadSet(recyclerThreads);
