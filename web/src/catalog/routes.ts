// The widgets reachable at /embed/<name>. Free of imports but JSON (the family registry, which
// `npm run families` writes from each family's family.json, and the measured heights) and the
// measured widths (embed/widths.ts): the build reads it to write a page for each name, so that
// embeds work on a static host without rewrites, and the oEmbed files and data. A test holds it
// equal to what the catalog registers.
import FAMILIES_JSON from './families.json' with { type: 'json' };
import HEIGHTS from './embed-heights.json' with { type: 'json' };
import { MEASURED_WIDTHS, OEMBED_WIDTH } from '../embed/widths.ts';
import { ENGINES, type EngineMargins } from '../embed/engines.ts';

/** An embed route's example, as a family.json gives it: what it shows, a state worth showing, and its parameters in words. */
interface ExampleFacts { title: string; params: Record<string, string>; about: string; featured?: boolean }

/** What a family's folder states in its family.json, for the build, the CLI and the catalog (families.json gathers them). */
export interface FamilyFacts {
  /** As in Rust, in its folders' names and its route: /embed/<name>. */
  name: string;
  /** Its MDX widgets' prefix: `<HeapPlayer>`, `<HeapRace>`. */
  mdx: string;
  /** Its `npm run bench` commands: JMH suites, or runs of their own (those have a `usage`). */
  bench: { name: string; usage?: string; headlines?: string[]; embedTitle?: string }[];
  /** Its player's embed example. */
  example: ExampleFacts;
  /** Its other embeddable widgets, each with an example. */
  widgets: (ExampleFacts & { name: string })[];
}

export const FAMILIES: readonly FamilyFacts[] = FAMILIES_JSON as FamilyFacts[];

/** The benchmark panel, the one embeddable widget no family owns; its example runs the suite a family gives an `embedTitle`. */
const BENCH_EXAMPLE = (() => {
  const suite = FAMILIES.flatMap((f) => f.bench).find((b) => b.embedTitle);
  if (!suite?.embedTitle) throw new Error('no suite in a family.json has an "embedTitle": the bench embed needs one for its example');
  return { name: 'bench', title: suite.embedTitle, params: { suite: suite.name, preset: 'quick', run: '0' }, about: 'suite, preset=quick|full, run=0|1' };
})();

/** Each family's own widgets besides its player (its simulations, its cost curves…), with their examples. */
const FAMILY_WIDGETS = FAMILIES.flatMap((f) => f.widgets);

export const EMBED_NAMES: readonly string[] = [...FAMILIES.map((f) => f.name), ...FAMILY_WIDGETS.map((w) => w.name), BENCH_EXAMPLE.name];

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
type Example = { name: string; title: string; params: Record<string, string>; about: string; featured?: boolean };
export const EMBED_EXAMPLES: readonly (Example & { height: number })[] = ([
  ...FAMILIES.map((f): Example => ({ name: f.name, ...f.example })),
  ...FAMILY_WIDGETS,
  BENCH_EXAMPLE,
] as Example[]).map((e) => ({ ...e, height: measuredHeight(stateKey(e.name, e.params), OEMBED_WIDTH) ?? 0 }));

/** The figure-only parts (parts.ts FIGURE_ONLY), as a link writes them. */
const FIGURE_ONLY_PARAM = 'drawing,controls,narration';

/**
 * The views whose heights are measured: each route's example, each player's as a figure only, and
 * the benchmark panel of every suite (a suite's table and chart are its own height: another
 * suite's was 1,208 px off).
 */
export const MEASURED_VIEWS: readonly { name: string; params: Record<string, string> }[] = [
  ...EMBED_EXAMPLES.map((e) => ({ name: e.name, params: e.params })),
  ...FAMILIES.map((f) => ({ name: f.name, params: { ...f.example.params, show: FIGURE_ONLY_PARAM } })),
  ...FAMILIES.flatMap((f) => f.bench).filter((b) => !b.usage && b.name !== BENCH_EXAMPLE.params.suite)
    .map((b) => ({ name: BENCH_EXAMPLE.name, params: { ...BENCH_EXAMPLE.params, suite: b.name } })),
];

/** Each engine's own heights (embed-heights.json `engines`): view key → width → px. */
const BY_ENGINE = (HEIGHTS as { engines?: Record<string, Record<string, Partial<Record<string, number>>>> }).engines ?? {};

/**
 * How much taller the other engine laid each route's measured views out, at most, at each
 * measured width, as a fraction of each engine's own height (embed/engines.ts): what a plain
 * iframe's height from one engine's share dialog needs added to fit the other. Zero where
 * nothing was measured in both.
 */
export function engineMargins(): EngineMargins {
  const zero = () => Object.fromEntries(ENGINES.map((e) => [e, MEASURED_WIDTHS.map(() => 0)])) as Record<(typeof ENGINES)[number], number[]>;
  const all = zero();
  const routes: Record<string, ReturnType<typeof zero>> = {};
  for (const v of MEASURED_VIEWS) {
    const key = stateKey(v.name, v.params);
    MEASURED_WIDTHS.forEach((w, i) => {
      for (const e of ENGINES) {
        const own = BY_ENGINE[e]?.[key]?.[String(w)];
        const others = ENGINES.filter((o) => o !== e).map((o) => BY_ENGINE[o]?.[key]?.[String(w)]);
        if (own === undefined || others.some((o) => o === undefined)) continue;
        const excess = Math.max(0, ...others.map((o) => (o! - own) / own));
        routes[v.name] ??= zero();
        routes[v.name][e][i] = Math.max(routes[v.name][e][i], excess);
        all[e][i] = Math.max(all[e][i], excess);
      }
    });
  }
  return { measured: HEIGHTS.measured, widths: [...MEASURED_WIDTHS], all, routes };
}
