// The built site, as the class server serves it: oEmbed for its embed links (oembed.ts) ahead of
// the files, each file with the headers every server of the site sends (headers.mjs), and the
// site's own 404 page for anything else.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersFor } from './headers.mjs';
import { registerOembed } from './oembed';
import { perAddress, type Limits } from './access';

export async function serveSite(app: FastifyInstance, o: { siteDir: string; base: string; api: string; limits: Limits }) {
  const site = o.siteDir;
  registerOembed(app, { base: o.base, api: o.api, siteDir: site, limit: perAddress(o.limits.read), reportLimit: perAddress(o.limits.heights) });
  const rel = (path: string) => path.slice(site.length).replace(/^\//, '');
  await app.register(fastifyStatic, {
    root: site, prefix: o.base, redirect: true, index: ['index.html'], wildcard: true,
    setHeaders: (res, path) => {
      for (const [k, v] of Object.entries(headersFor(rel(path)))) res.header(k, v);
    },
  });
  const notFound = existsSync(join(site, '404.html')) ? readFileSync(join(site, '404.html'), 'utf8') : 'not found';
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).headers(headersFor('404.html')).type(notFound === 'not found' ? 'text/plain' : 'text/html; charset=utf-8').send(notFound);
  });
}
