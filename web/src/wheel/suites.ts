// The wheel family's JMH suites, in the order the CLI and the panel list them (the catalog finds
// this file): each is what it times (…Suite.ts) and how a run of it is reported (…Report.ts).
import type { Suite } from '../bench/suites';
import { timerAddCancelTimed } from './timerSuite';
import { timerAddCancelReport } from './timerReport';

export const timerAddCancel: Suite = { ...timerAddCancelTimed, ...timerAddCancelReport };

export const suites = [timerAddCancel];
