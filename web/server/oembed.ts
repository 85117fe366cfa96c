// oEmbed on the class server (docs/embedding.md; web/server/oembedAnswers.mjs): `<base>oembed?url=…`
// answers for any embed link of this site, for its exact state; each embed page names that
// endpoint for its own link in its discovery tag; and the Share / embed dialog of a reader on this
// server reports the heights it measured (`<base>api/embed-heights`), so a link measured there is
// answered with its own height. The server runs no browser: it quotes heights measured by one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerOembed, discoveryTag, linkState, oembedData, reportProblem, withDiscovery } from './oembedAnswers.mjs';
import { headersFor } from './headers.mjs';
import { EMBED_NAMES } from '../src/catalog/routes';

/** Two heights that differ by at most this fraction agree (one engine's rounding, a font's hinting). */
const AGREE = 0.02;
const agree = (a: number, b: number) => Math.abs(a - b) <= AGREE * Math.max(a, b);

interface Reported {
  height: number;
  /** A different height one address reported: it replaces `height` once another address agrees. */
  pending?: { address: string; height: number };
}

/**
 * Heights reported by readers' browsers, the most recent first out when full. In memory: a
 * restart forgets them. The first report of a state sets its height; after that one address
 * alone cannot move it: a new height is taken once a second address reports the same (within 2 %).
 */
export class ReportedHeights {
  private readonly map = new Map<string, Reported>();

  constructor(private readonly capacity = 5000) {}

  get(key: string, width: number): number | undefined {
    return this.map.get(`${width} ${key}`)?.height;
  }

  /** Takes a report: whether the height served for the state is now `height`. */
  report(key: string, width: number, height: number, address: string): boolean {
    const k = `${width} ${key}`;
    const held = this.map.get(k);
    let next: Reported;
    if (!held || agree(held.height, height)) next = { height: held?.height ?? height };
    else if (held.pending && held.pending.address !== address && agree(held.pending.height, height)) next = { height };
    else next = { height: held.height, pending: { address, height } };
    this.map.delete(k);
    this.map.set(k, next);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
    return agree(next.height, height);
  }

  get size(): number {
    return this.map.size;
  }
}

export interface EmbedHeightReport { url: string; width: number; height: number }

const reportBody = {
  type: 'object',
  required: ['url', 'width', 'height'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 12_000 },
    width: { type: 'integer', minimum: 240, maximum: 2400 },
    height: { type: 'integer', minimum: 1, maximum: 40_000 },
  },
} as const;

export interface OembedOptions {
  base: string;
  api: string;
  siteDir: string;
  /** The rate limit for the oEmbed answers (a route config, as app.ts makes them). */
  limit: Record<string, unknown>;
  /** The rate limit for the height reports, per address (fewer: a reader's dialog sends one per width). */
  reportLimit: Record<string, unknown>;
  reported?: ReportedHeights;
}

type Data = ReturnType<typeof oembedData>;

export function registerOembed(app: FastifyInstance, o: OembedOptions): void {
  const dataFile = join(o.siteDir, 'embed', 'oembed-data.json');
  // A site built before there was this file: its static oEmbed files (if any) are all it has.
  if (!existsSync(dataFile)) return;
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as Data;
  const reported = o.reported ?? new ReportedHeights();
  // The address readers use, as the request gives it (Host, and X-Forwarded-Proto behind trusted proxies).
  const rootOf = (req: FastifyRequest) => `${req.protocol}://${req.host}${o.base}`;

  app.get(`${o.base}oembed`, async (req, reply) => {
    const a = answerOembed(new URLSearchParams(req.query as Record<string, string>), rootOf(req), data, (k, w) => reported.get(k, w));
    return reply.code(a.status).header('cache-control', 'no-cache').send(a.body);
  });

  app.post<{ Body: EmbedHeightReport }>(`${o.api}embed-heights`, { schema: { body: reportBody }, config: o.reportLimit }, async (req, reply) => {
    const state = linkState(req.body.url, rootOf(req));
    if (!state.ok) return reply.code(400).send({ error: state.error });
    const problem = reportProblem(data, state, req.body.width, req.body.height);
    if (problem) return reply.code(422).send({ error: problem });
    return { stored: reported.report(state.key, req.body.width, req.body.height, req.ip) };
  });

  // Each embed page, with a discovery tag naming the oEmbed answer for its own link.
  const page = (name: string, file: string) => async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const url = new URL(req.url, 'http://x');
    const link = `${rootOf(req)}embed/${name}${url.search}`;
    const html = withDiscovery(readFileSync(file, 'utf8'), discoveryTag(rootOf(req), link, data));
    return reply.headers(headersFor(`embed/${name}`)).type('text/html; charset=utf-8').send(html);
  };
  for (const name of EMBED_NAMES) {
    const file = join(o.siteDir, 'embed', name, 'index.html');
    if (!existsSync(file)) continue;
    app.get(`${o.base}embed/${name}`, page(name, file));
    app.get(`${o.base}embed/${name}/`, page(name, file));
    const json = join(o.siteDir, 'embed', name, 'oembed.json');
    // The static file where the build wrote one; else a 404 that says what to ask instead (not the site's page).
    app.get(`${o.base}embed/${name}/oembed.json`, async (_req, reply) => (existsSync(json)
      ? reply.type('application/json').send(readFileSync(json, 'utf8'))
      : reply.code(404).send({ error: `no oEmbed file here (the site was built without HOTPATH_SITE_URL): ask ${o.base}oembed?url=<link> instead` })));
  }
}
