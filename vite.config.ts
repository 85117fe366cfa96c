import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import mdx from '@mdx-js/rollup';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { lessonsPlugin, readLessons } from './web/scripts/lessons.mjs';
import { EMBED_NAMES, PAGE_ROUTES } from './web/src/catalog/routes.ts';

const root = import.meta.dirname;

/** Headers that make the page cross-origin isolated, which buys 5 µs timers instead of 100 µs. */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

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
 * deep links to a lesson or an embed then work on any host, under any base path.
 */
function routeCopies(): Plugin {
  let outDir = '';
  return {
    name: 'hotpath:route-copies',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const index = join(outDir, 'index.html');
      const routes = [
        ...readLessons().map((l) => `lessons/${l.slug}`),
        ...EMBED_NAMES.map((name) => `embed/${name}`),
        ...PAGE_ROUTES,
      ];
      for (const route of routes) {
        const target = join(outDir, route, 'index.html');
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(index, target);
      }
      copyFileSync(index, join(outDir, '404.html'));
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
  plugins: [
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkFrontmatter, remarkGfm], providerImportSource: '@mdx-js/react' }) },
    react({ include: /\.(mdx|tsx?)$/ }),
    lessonsPlugin(),
    rustWatch(),
    routeCopies(),
  ],
  build: {
    outDir: resolve(root, process.env.HOTPATH_OUT_DIR ?? 'dist'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    host: '127.0.0.1',
    headers: ISOLATION_HEADERS,
    fs: { allow: [root] },
  },
  preview: {
    host: '127.0.0.1',
    headers: ISOLATION_HEADERS,
  },
  test: {
    root,
    include: ['web/src/**/*.test.{ts,tsx}', 'web/server/**/*.test.ts', 'web/scripts/**/*.test.mjs', 'lessons/**/*.test.ts'],
    environment: 'jsdom',
    // Several tests run the real structures over hundreds of seeds: seconds on a quiet machine,
    // several times that on a shared one. A hung test still fails, after a minute.
    testTimeout: 60_000,
  },
});
