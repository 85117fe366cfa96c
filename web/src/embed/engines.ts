// A plain iframe keeps the height it is given, in whatever browser the docs page's reader has,
// but the share dialog measures a view in one engine only, the author's. Firefox lays some views
// out taller than Chromium (a range input, a summary, lines that wrap a word earlier): a height
// from Chromium's dialog left a Firefox reader's frame 1 to 62 px short, scrolling inside or
// cutting a card (issue 60). `npm run measure:embeds` measures every measured view in both; the
// iframe snippet adds the most the other engine needed more, for the view's route, and says so.
// Free of imports: the catalog computes the margins (routes.ts engineMargins) and the build hands
// them to the site (vite.config.ts, __ENGINE_MARGINS__), which passes them in.

/** The engines the lab measures its views in. */
export const ENGINES = ['chromium', 'firefox'] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * For each engine, the most the other engine's heights exceeded its own, as a fraction of its own
 * (0 where it was never exceeded), at each measured width: over every measured view of a route,
 * and over all of them. By width, because it depends on it: Firefox laid the benchmark panel out
 * 0.5 % taller than Chromium in a 720 px column and 52 % taller in a 240 px one.
 */
export interface EngineMargins {
  /** When and in which versions the heights were measured (embed-heights.json). */
  measured: string;
  widths: readonly number[];
  /** Engine → one fraction per width. */
  all: Record<Engine, number[]>;
  routes: Record<string, Record<Engine, number[]>>;
}

/** The engine of a user agent string: Gecko's Firefox, or a Chromium; null for another (Safari's WebKit). */
export function engineOf(userAgent: string): Engine | null {
  if (/\bFirefox\//.test(userAgent)) return 'firefox';
  // Headless Chromium says "HeadlessChrome/".
  if (/(Chrome|Chromium)\//.test(userAgent)) return 'chromium';
  return null;
}

const NAMES: Record<Engine, string> = { chromium: 'Chromium', firefox: 'Firefox' };

/** The other engine, in words, for a sentence about the margin. */
export const otherEngine = (engine: Engine | null): string => (engine === null ? 'Chromium or Firefox' : NAMES[engine === 'chromium' ? 'firefox' : 'chromium']);

/**
 * The height a plain iframe of route `route` in a column `column` px wide should be given when
 * `measured` is the view's height there in `engine`: enough for the other engine too, by the
 * route's margin (all routes' where it has none measured) at the measured widths either side of
 * the column, the larger of the two. An engine the lab does not measure in takes the larger of
 * both engines' margins.
 */
export function plainFrameHeight(measured: number, route: string, column: number, engine: Engine | null, margins: EngineMargins): { height: number; margin: number } {
  const of = margins.routes[route] ?? margins.all;
  const { widths } = margins;
  const above = widths.findIndex((w) => w >= column);
  const near = above < 0 ? [widths.length - 1] : above === 0 || widths[above] === column ? [above] : [above - 1, above];
  const margin = Math.max(0, ...(engine === null ? ENGINES : [engine]).flatMap((e) => near.map((i) => of[e]?.[i] ?? 0)));
  return { height: Math.ceil(measured * (1 + margin)), margin };
}
