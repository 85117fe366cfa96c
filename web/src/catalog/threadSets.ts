// Every family's threaded benchmark (a family folder's threadSet.ts), registered: imported by the
// app and the CLI.
import { registerThreadSet, type ThreadSet } from '../threads/harness';
import { inFamilyOrder } from './folders';

for (const { threadSet } of inFamilyOrder(import.meta.glob<{ threadSet: ThreadSet }>('../*/threadSet.ts', { eager: true }))) {
  registerThreadSet(threadSet);
}
