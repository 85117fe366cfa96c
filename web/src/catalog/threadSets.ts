// Every family's threaded benchmark, registered: imported by the app and the CLI.
import { registerThreadSet } from '../threads/harness';
import { queueThreads } from '../queue/threadSet';
import { recyclerThreads } from '../recycler/threadSet';

registerThreadSet(queueThreads);
registerThreadSet(recyclerThreads);
