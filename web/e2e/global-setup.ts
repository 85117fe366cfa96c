// Serves the production build (made by `npm test`) with a plain static server on a free port.
import type { TestProject } from 'vitest/node';
import { serveStatic } from '../scripts/static-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = process.env.HOTPATH_SITE_DIR;
  const base = process.env.HOTPATH_SITE_BASE ?? '/';
  if (!dir) throw new Error('HOTPATH_SITE_DIR is not set: run the end-to-end tests through `npm test`.');
  const site = await serveStatic(dir, { base });
  project.provide('siteUrl', site.url);
  return () => site.close();
}
