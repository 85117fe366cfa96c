// The wheel family's JMH suites, in the order the CLI and the panel list them (the catalog finds this file).
import { timerAddCancel } from './timerSuite';

export const suites = [timerAddCancel];
