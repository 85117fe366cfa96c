// A plain static file server, as a real host would be: no SPA fallback, no rewrites. The
// end-to-end tests serve the production build with it, under a non-root base path, to prove the
// site works that way. Sends the cross-origin isolation headers unless asked not to, and keeps
// every page but the embed routes from being framed by other sites (headers.mjs).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { headersFor } from '../server/headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.csv': 'text/csv',
};

/**
 * Serves `dir` at `base` (e.g. "/hotpath/") on 127.0.0.1 and a free port. Resolves to its URL.
 * `framing: false` leaves out the frame-ancestors headers, as a host that cannot send them.
 */
export function serveStatic(dir, { base = '/', isolate = true, framing = true } = {}) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    /** @type {string | null} */
    let rel = null;
    try {
      if (url.pathname.startsWith(base)) rel = decodeURIComponent(url.pathname.slice(base.length));
    } catch {
      // A malformed escape: no such file.
    }
    const headers = headersFor(rel ?? '', { isolate, framing });
    // Like GitHub Pages and most hosts: an unknown path gets the site's 404.html, status 404.
    const notFound = () => {
      const page = join(dir, '404.html');
      try {
        statSync(page);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain', ...headers });
        return res.end('not found');
      }
      res.writeHead(404, { 'content-type': TYPES['.html'], ...headers });
      createReadStream(page).pipe(res);
    };
    if (rel === null) return notFound();
    const path = normalize(join(dir, rel));
    if (path !== dir && !path.startsWith(dir + sep)) return notFound();
    let file = path;
    try {
      if (statSync(file).isDirectory()) {
        if (!url.pathname.endsWith('/')) {
          res.writeHead(301, { location: `${url.pathname}/${url.search}` });
          return res.end();
        }
        file = join(file, 'index.html');
      }
      statSync(file);
    } catch {
      return notFound();
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({ url: `http://127.0.0.1:${port}${base}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}
