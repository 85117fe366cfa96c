import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import mdx from '@mdx-js/rollup';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { lessonsPlugin, readLessons } from './web/scripts/lessons.mjs';
import { kernelDigestsPlugin } from './web/scripts/kernel-digest.mjs';
import { EMBED_EXAMPLES, EMBED_NAMES, PAGE_ROUTES, engineMargins } from './web/src/catalog/routes.ts';
import { answerOembed, discoveryTag, oembedData, oembedFor, withDiscovery } from './web/server/oembedAnswers.mjs';
import { headersFor } from './web/server/headers.mjs';

const root = import.meta.dirname;

const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
/** Where the host keeps this release's copy of the site (docs/embedding.md, "Pinned versions"), or ''. */
const pinBase = () => (process.env.HOTPATH_PIN_BASE ? normaliseBase(process.env.HOTPATH_PIN_BASE) : '');

/**
 * The dev and preview servers send what a real host should (docs/hosting.md):
 * cross-origin isolation on everything, and no framing by other sites except for embed routes.
 */
function siteHeaders(): Plugin {
  let base = '/';
  let outDir = '';
  type Res = { setHeader(k: string, v: string): void; statusCode: number; end(body?: string): void };
  /** An embed page's HTML as this server would send it without the tag (dev: transformed by Vite), or null. */
  type PageOf = (name: string, url: string) => Promise<string | null>;
  const json = (res: Res, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(`${JSON.stringify(body, null, 2)}\n`);
  };
  const middleware = (preview: boolean, pageOf: PageOf) => (req: { url?: string; headers: Record<string, string | string[] | undefined> }, res: Res, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const rel = path.startsWith(base) ? path.slice(base.length) : path.replace(/^\//, '');
    for (const [k, v] of Object.entries(headersFor(rel))) res.setHeader(k, v);
    const root = `http://${String(req.headers.host ?? '127.0.0.1')}${base}`;
    // A Node host answers oEmbed for any embed link (docs/embedding.md): so do these two.
    if (rel === 'oembed') {
      const a = answerOembed(url.searchParams, root, oembedData({ version, base, pinBase: pinBase() }));
      return json(res, a.status, a.body);
    }
    // … and each embed page names that answer for its own link, as the class server's do.
    const embed = /^embed\/([a-z0-9-]+)\/?$/.exec(rel);
    if (embed && EMBED_NAMES.includes(embed[1])) {
      const link = `${root}embed/${embed[1]}${url.search}`;
      pageOf(embed[1], req.url ?? '/').then((html) => {
        if (html === null) return next();
        res.statusCode = 200;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(withDiscovery(html, discoveryTag(root, link, oembedData({ version, base, pinBase: pinBase() }))));
      }, () => next());
      return;
    }
    // Without HOTPATH_SITE_URL there are no oEmbed files: a 404 saying so, not the site's page with 200.
    const file = /^embed\/[a-z0-9-]+\/oembed\.json$/.exec(rel);
    if (file && !(preview && existsSync(join(outDir, rel)))) {
      return json(res, 404, { error: 'no oEmbed file here: the site was built without HOTPATH_SITE_URL (docs/embedding.md); ask oembed?url=<link> instead' });
    }
    next();
  };
  return {
    name: 'hotpath:site-headers',
    configResolved(config) {
      base = config.base;
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const index = join(root, 'web', 'index.html');
      server.middlewares.use(middleware(false, (_name, url) => server.transformIndexHtml(url, readFileSync(index, 'utf8'))));
    },
    configurePreviewServer(server) {
      const built = (name: string) => join(outDir, 'embed', name, 'index.html');
      server.middlewares.use(middleware(true, async (name) => (existsSync(built(name)) ? readFileSync(built(name), 'utf8') : null)));
    },
  };
}

/** During `npm start`: rebuild the wasm when Rust changes, then reload the page. */
function rustWatch(): Plugin {
  return {
    name: 'hotpath:rust-watch',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      if (process.env.HOTPATH_WATCH_RUST !== '1') return;
      const crates = join(root, 'crates');
      // Vite's watcher takes paths, not globs: each crate's src/ and manifest.
      for (const name of readdirSync(crates, { withFileTypes: true })) {
        if (name.isDirectory() && name.name !== 'target') {
          server.watcher.add([join(crates, name.name, 'src'), join(crates, name.name, 'Cargo.toml')]);
        }
      }
      let timer: NodeJS.Timeout | undefined;
      let building: Promise<void> = Promise.resolve();
      server.watcher.on('change', (file) => {
        if (!file.startsWith(crates) || !/\.(rs|toml)$/.test(file)) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          building = building.then(async () => {
            const { buildWasm } = await import('./web/scripts/wasm.mjs');
            try {
              await buildWasm({ profile: 'release' });
              server.ws.send({ type: 'full-reload' });
            } catch (e) {
              server.ws.send({
                type: 'error',
                err: { message: `Rust build failed: ${(e as Error).message} (see the terminal)`, stack: '' },
              });
            }
          });
        }, 150);
      });
    },
  };
}

/**
 * A plain static server has no SPA fallback, so every route gets its own copy of index.html:
 * deep links to a lesson or an embed then work on any host, under any base path. Each copy tells
 * the browser up front what its page will fetch: the wasm (every page draws with it) and, on a
 * lesson, the lesson's own chunks; without the hints both requests waited until the site's
 * script had run, 130–300 ms after it arrived on a 2-core laptop.
 */
function routeCopies(): Plugin {
  let outDir = '';
  let base = '/';
  let wasm: string | undefined;
  const lessonChunks = new Map<string, string[]>();
  return {
    name: 'hotpath:route-copies',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      wasm = files.find((f) => f.type === 'asset' && /hotpath_wasm_bg-[^/]*\.wasm$/.test(f.fileName))?.fileName;
      const entry = files.find((f) => f.type === 'chunk' && f.isEntry);
      const loaded = new Set(entry?.type === 'chunk' ? [entry.fileName, ...entry.imports] : []);
      for (const f of files) {
        const slug = f.type === 'chunk' ? /\/lessons\/([^/]+)\.mdx$/.exec(f.facadeModuleId ?? '')?.[1] : undefined;
        if (f.type === 'chunk' && slug) lessonChunks.set(slug, [f.fileName, ...f.imports].filter((c) => !loaded.has(c)));
      }
    },
    closeBundle() {
      const index = join(outDir, 'index.html');
      const original = readFileSync(index, 'utf8');
      const withHints = (chunks: string[]) => {
        const links = [
          ...(wasm ? [`<link rel="preload" href="${base}${wasm}" as="fetch" type="application/wasm" crossorigin>`] : []),
          ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="${base}${c}">`),
        ];
        return original.replace('\n  </head>', `\n${links.map((l) => `    ${l}\n`).join('')}  </head>`);
      };
      const plain = withHints([]);
      writeFileSync(index, plain);
      const routes: [string, string][] = [
        ...readLessons().map((l): [string, string] => [`lessons/${l.slug}`, withHints(lessonChunks.get(l.slug) ?? [])]),
        ...readLessons().map((l): [string, string] => [`lessons/${l.slug}/handout`, plain]),
        ...[...EMBED_NAMES.map((name) => `embed/${name}`), ...PAGE_ROUTES].map((r): [string, string] => [r, plain]),
      ];
      for (const [route, html] of routes) {
        const target = join(outDir, route, 'index.html');
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, html);
      }
      copyFileSync(index, join(outDir, '404.html'));
      // The site asks `api/status` whether a class server is there (serverMode.ts); a static host
      // would answer with its 404 page and a failed request in every reader's console. This file
      // says "static" instead; the class server's own route for that path comes before its files.
      mkdirSync(join(outDir, 'api'), { recursive: true });
      writeFileSync(join(outDir, 'api', 'status'), `${JSON.stringify({ server: 'static' })}\n`);
      // What a Node host needs to answer oEmbed for any link (and `npm run measure:embeds` to measure).
      writeFileSync(join(outDir, 'embed', 'oembed-data.json'), `${JSON.stringify(oembedData({ version, base, pinBase: pinBase() }), null, 2)}\n`);
      // oEmbed files need absolute addresses: only a build that knows the site's (docs/embedding.md).
      const site = process.env.HOTPATH_SITE_URL;
      if (site) {
        for (const example of EMBED_EXAMPLES) {
          const o = oembedFor(site, example, { base, pinBase: pinBase(), version });
          writeFileSync(join(outDir, o.path), o.json);
          const page = join(outDir, 'embed', example.name, 'index.html');
          writeFileSync(page, withDiscovery(readFileSync(page, 'utf8'), o.link));
        }
      }
    },
  };
}

function normaliseBase(base: string | undefined): string {
  if (!base) return '/';
  const withLead = base.startsWith('/') ? base : `/${base}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}


export default defineConfig({
  root: join(root, 'web'),
  base: normaliseBase(process.env.HOTPATH_BASE),
  define: {
    __LAB_VERSION__: JSON.stringify(version),
    // docs/embedding.md, "Pinned versions": where the host keeps this release's copy, for snippets to point at.
    __PIN_BASE__: JSON.stringify(pinBase()),
    // How much taller one engine lays the measured views out than the other (embed/engines.ts).
    __ENGINE_MARGINS__: JSON.stringify(engineMargins()),
  },
  plugins: [
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkFrontmatter, remarkGfm], providerImportSource: '@mdx-js/react' }) },
    react({ include: /\.(mdx|tsx?)$/ }),
    lessonsPlugin(),
    kernelDigestsPlugin(import.meta.dirname),
    rustWatch(),
    routeCopies(),
    siteHeaders(),
  ],
  build: {
    outDir: resolve(root, process.env.HOTPATH_OUT_DIR ?? 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Rolldown warns when plugins take most of a build: here they always do (MDX compiles every
    // lesson, Vite copies and hashes the wasm modules), so its note was the one warning on the
    // first screen of `npm run build`, with nothing for a reader to change.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    host: '127.0.0.1',
    fs: { allow: [root] },
  },
  preview: {
    host: '127.0.0.1',
  },
  test: {
    root,
    include: ['web/src/**/*.test.{ts,tsx}', 'web/server/**/*.test.{ts,mjs}', 'web/scripts/**/*.test.mjs', 'lessons/**/*.test.ts'],
    environment: 'jsdom',
    // Several tests run the real structures over hundreds of seeds: seconds on a quiet machine,
    // several times that on a shared one. A hung test still fails, after a minute.
    testTimeout: 60_000,
    // A hook drops a test's database or stops its server: bounded as a hang, not timed (the default
    // 10 s ran out beside another test file on a machine at load 13).
    hookTimeout: 60_000,
    // Vitest leaves a core to itself by default (one worker on two cores), but its main process
    // mostly waits: on two cores a worker per core keeps both busy.
    maxWorkers: availableParallelism(),
  },
});
