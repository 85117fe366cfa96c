// The widgets reachable at /embed/<name>. Kept free of imports: the build reads it to write a
// page for each name, so that embeds work on a static host without rewrites. A test holds it
// equal to what the catalog registers.
export const EMBED_NAMES = ['heap', 'wheel', 'queue', 'recycler', 'heap-layout', 'cost-curves', 'purgatory-sim', 'overload-sim', 'bench'] as const;

/** The site's own pages besides the lessons, each written as a page of its own by the build. */
export const PAGE_ROUTES = ['embed', 'teacher', 'class'] as const;
