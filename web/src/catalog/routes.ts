// The widgets reachable at /embed/<name>. Free of imports but JSON (the family registry, the
// measured heights) and the measured widths (embed/widths.ts): the build reads it to write a page for each name, so that embeds work on a
// static host without rewrites, and the oEmbed files and data. A test holds it equal to what the
// catalog registers.
import FAMILIES from './families.json';
import HEIGHTS from './embed-heights.json';
import { MEASURED_WIDTHS, OEMBED_WIDTH } from '../embed/widths.ts';

/** The widgets that are not a family's player. */
const WIDGETS = ['heap-layout', 'cost-curves', 'purgatory-sim', 'overload-sim', 'bench'] as const;

export const EMBED_NAMES: readonly string[] = [...FAMILIES.map((f) => f.name), ...WIDGETS];

/** The site's own pages besides the lessons, each written as a page of its own by the build. */
export const PAGE_ROUTES = ['embed', 'teacher', 'class', 'primers'] as const;

export { MEASURED_WIDTHS, OEMBED_WIDTH };

/** Link parameters that do not change a view's size: the release, the theme. */
const UNSIZED = ['v', 'theme'];

/** The state a link shows, as a key for its measured heights: the route and its parameters, sorted, less those that do not change its size. */
export function stateKey(name: string, params: URLSearchParams | Record<string, string>): string {
  const entries = [...new URLSearchParams(params)].filter(([k]) => !UNSIZED.includes(k))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `${name}?${new URLSearchParams(entries).toString()}`;
}

const TABLE = HEIGHTS.heights as Record<string, Partial<Record<string, number>>>;

/** A view's height at `width`, measured (embed-heights.json), or undefined when it was not. */
export function measuredHeight(key: string, width: number): number | undefined {
  return TABLE[key]?.[String(width)];
}

/**
 * One example per embeddable view: what it shows, a state worth showing, and its parameters in
 * words. The "Embed this lab" page shows them; the build writes each route's oEmbed file from them,
 * with the example's height measured at 860 px (embed-heights.json, which `npm run measure:embeds`
 * writes and an end-to-end test holds true for every route). The simulations, cost curves and
 * benchmark wait for a click (run=0), as every snippet the lab prints does.
 */
type Example = { name: string; title: string; params: Record<string, string>; about: string };
export const EMBED_EXAMPLES: readonly (Example & { height: number })[] = ([
  ...FAMILIES.map((f): Example => ({ name: f.name, ...f.example })),
  { name: 'heap-layout', title: 'java.util.PriorityQueue’s array for six deadlines', params: { deadlines: '50 30 90 10 70 20' }, about: 'deadlines' },
  { name: 'cost-curves', title: 'Work per cancellation as the queue grows', params: { run: '0' }, about: 'run=0|1' },
  { name: 'purgatory-sim', title: 'Kafka’s purgatory saturation, both designs', params: { preset: 'quick', run: '0' }, about: 'preset=quick|full, run=0|1' },
  { name: 'overload-sim', title: 'A UDP server under overload', params: { queue: 'abq', 'arrival-rate': '200000', 'service-rate': '150000', bound: '20000' }, about: 'queue, arrival-rate, service-rate, bound, budget-mib, seconds' },
  { name: 'bench', title: 'The Recycler benchmark, in the reader’s browser', params: { suite: 'recycler', preset: 'quick', run: '0' }, about: 'suite, preset=quick|full, run=0|1' },
] as Example[]).map((e) => ({ ...e, height: measuredHeight(stateKey(e.name, e.params), OEMBED_WIDTH) ?? 0 }));

/** The figure-only parts (parts.ts FIGURE_ONLY), as a link writes them. */
const FIGURE_ONLY_PARAM = 'drawing,controls,narration';

/** The views whose heights are measured: each route's example, and each player's as a figure only. */
export const MEASURED_VIEWS: readonly { name: string; params: Record<string, string> }[] = [
  ...EMBED_EXAMPLES.map((e) => ({ name: e.name, params: e.params })),
  ...FAMILIES.map((f) => ({ name: f.name, params: { ...f.example.params, show: FIGURE_ONLY_PARAM } })),
];
