// Every benchmark suite, registered: each family folder's suites.ts, in the families' order.
// Imported by the app (with the benchmark panel), the CLI and the tests.
import { registerSuite } from '../bench/registered';
import type { Suite } from '../bench/suites';
import { inFamilyOrder } from './folders';

for (const { suites } of inFamilyOrder(import.meta.glob<{ suites: Suite[] }>(['../*/suites.ts', '!../catalog/suites.ts'], { eager: true }))) {
  suites.forEach(registerSuite);
}
