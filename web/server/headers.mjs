// The headers every server of the lab sends (the dev and preview servers, and the plain static
// server the end-to-end tests and `npm run measure:fps` use), and that docs/hosting.md asks a
// real host to send: cross-origin isolation everywhere, and framing allowed only where it is meant.

/** Cross-origin isolation: 5 µs timers instead of 100 µs, and shared memory for the real-threads races. */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * For every page but the embed routes: only the lab itself may frame it, so no other site can
 * lay a lesson or the class view under a decoy and have a student click inside it.
 * X-Frame-Options says the same to browsers that predate frame-ancestors.
 */
export const NO_FOREIGN_FRAMING = {
  'Content-Security-Policy': "frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
};

/** Whether `path` (below the site's base, no leading slash) is an embed route: /embed/<name>, made to be framed anywhere. */
export function isEmbedRoute(path) {
  return /^embed\/[a-z0-9-]+\/?(index\.html)?$/.test(path);
}

/** The headers for a response at `path` below the base (`framing: false`, as a host that sends none, for tests). */
export function headersFor(path, { isolate = true, framing = true } = {}) {
  return { ...(isolate ? ISOLATION_HEADERS : {}), ...(framing && !isEmbedRoute(path) ? NO_FOREIGN_FRAMING : {}) };
}
