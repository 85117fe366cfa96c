// The widgets reachable at /embed/<name>. Free of imports but the family registry (JSON): the
// build reads it to write a page for each name, so that embeds work on a static host without
// rewrites. A test holds it equal to what the catalog registers.
import FAMILIES from './families.json';

/** The widgets that are not a family's player. */
const WIDGETS = ['heap-layout', 'cost-curves', 'purgatory-sim', 'overload-sim', 'bench'] as const;

export const EMBED_NAMES: readonly string[] = [...FAMILIES.map((f) => f.name), ...WIDGETS];

/** The site's own pages besides the lessons, each written as a page of its own by the build. */
export const PAGE_ROUTES = ['embed', 'teacher', 'class', 'primers'] as const;

/**
 * One example per embeddable view: what it shows, a state worth showing, and its parameters in
 * words. The "Embed this lab" page shows them; the build writes each route's oEmbed file from them
 * (its `height` is the view's, measured at 860 px wide: the players and the heap layout by an
 * end-to-end test that keeps it true; the others after they ran, or before for those that wait for a click).
 */
export const EMBED_EXAMPLES: readonly { name: string; title: string; params: Record<string, string>; about: string; height: number }[] = [
  ...FAMILIES.map((f) => ({ name: f.name, ...f.example })),
  { name: 'heap-layout', title: 'java.util.PriorityQueue’s array for six deadlines', params: { deadlines: '50 30 90 10 70 20' }, about: 'deadlines', height: 332 },
  { name: 'cost-curves', title: 'Work per cancellation as the queue grows', params: { run: '1' }, about: 'run=0|1', height: 1162 },
  { name: 'purgatory-sim', title: 'Kafka’s purgatory saturation, both designs', params: { preset: 'quick', run: '0' }, about: 'preset=quick|full, run=0|1', height: 316 },
  { name: 'overload-sim', title: 'A UDP server under overload', params: { queue: 'abq', 'arrival-rate': '200000', 'service-rate': '150000', bound: '20000' }, about: 'queue, arrival-rate, service-rate, bound, budget-mib, seconds', height: 590 },
  { name: 'bench', title: 'The Recycler benchmark, in the reader’s browser', params: { suite: 'recycler', preset: 'quick', run: '0' }, about: 'suite, preset=quick|full, run=0|1', height: 1767 },
];
