// oEmbed on the class server: any embed link answered for its exact state, pinned as the build
// says; heights measured for that state by the lab (embed-heights.json) or by a reader's Share /
// embed dialog on this server, else the route example's, and the answer says which.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressToEncodedURIComponent } from 'lz-string';
import { buildApp } from './app';
import type { Db } from './db';
import { oembedData } from './oembedAnswers.mjs';
import { EMBED_EXAMPLES, MEASURED_WIDTHS, stateKey } from '../src/catalog/routes';

const db = { kind: 'embedded', knex: () => ({ pluck: async () => [] }), onChange: () => () => undefined, feed: { up: () => true, onState: () => () => undefined }, close: async () => undefined } as unknown as Db;

/** A built site's embed pages and oEmbed data, with made-up heights (this test is not about measuring). */
async function withServer(pinBase: string, test: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
  const site = mkdtempSync(join(tmpdir(), 'hotpath-oembed-'));
  const data = oembedData({ version: '9.8.7', base: '/lab/', pinBase });
  data.views.forEach((v, i) => {
    for (const w of MEASURED_WIDTHS) (v.heights as Record<number, number | null>)[w] = 1000 + 10 * i + w / 10;
  });
  mkdirSync(join(site, 'embed', 'heap'), { recursive: true });
  writeFileSync(join(site, 'embed', 'oembed-data.json'), JSON.stringify(data));
  writeFileSync(join(site, 'embed', 'heap', 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>not found</title>');
  const app = await buildApp({ db, sets: () => undefined, lessons: [], siteDir: site, base: '/lab/', logger: false });
  try {
    await test(app);
  } finally {
    await app.close();
    rmSync(site, { recursive: true, force: true });
  }
}

const oembed = (app: Awaited<ReturnType<typeof buildApp>>, url: string, extra = '') =>
  app.inject({ url: `/lab/oembed?url=${encodeURIComponent(url)}${extra}`, headers: { host: 'lab.example' } });

describe('oEmbed on the class server', () => {
  it('answers a route example with its measured height, pinned to the kept copy of this release', async () => {
    await withServer('/lab/v/9.8.7/', async (app) => {
      const e = EMBED_EXAMPLES.find((x) => x.name === 'purgatory-sim')!;
      const r = await oembed(app, `http://lab.example/lab/embed/purgatory-sim?preset=quick&run=0`);
      expect(r.statusCode).toBe(200);
      const o = r.json();
      expect(o).toMatchObject({ version: '1.0', type: 'rich', width: 860, title: e.title, hotpath_height: 'measured for this exact state by the lab’s own tests' });
      expect(o.html).toContain('src="http://lab.example/lab/v/9.8.7/embed/purgatory-sim?preset=quick&amp;run=0&amp;v=9.8.7"');
      expect(o.html).toContain(`height="${o.height}"`);
      // A narrower consumer gets the height measured for its width.
      const narrow = (await oembed(app, 'http://lab.example/lab/embed/purgatory-sim?preset=quick&run=0', '&maxwidth=700')).json();
      expect([narrow.width, narrow.height]).toEqual([390, o.height - 47]);
    });
  });

  it('answers any other state: the height a reader’s Share / embed measured on this server, else the route example’s, saying which', async () => {
    await withServer('', async (app) => {
      const link = 'http://lab.example/lab/embed/heap?variant=jdk&ops=add%205,%20add%203&step=end';
      const before = (await oembed(app, link)).json();
      expect(before.hotpath_height).toMatch(/^not measured for this state: the height of this route’s example/);
      const heapExample = EMBED_EXAMPLES.find((x) => x.name === 'heap')!;
      expect(before.height).toBe((await oembed(app, `http://lab.example/lab/embed/heap?${new URLSearchParams(heapExample.params)}`)).json().height);
      const report = await app.inject({ method: 'POST', url: '/lab/api/embed-heights', headers: { host: 'lab.example' }, payload: { url: link, width: 860, height: 777 } });
      expect(report.statusCode).toBe(200);
      // The snippet's link (v=, theme=) is the same state.
      const after = (await oembed(app, `${link}&theme=dark&v=9.8.7`)).json();
      expect([after.height, after.hotpath_height]).toEqual([777, 'measured in a reader’s browser for this exact state (Share / embed, on this server)']);
      expect(after.html).toContain('src="http://lab.example/lab/embed/heap?variant=jdk&amp;ops=add%205,%20add%203&amp;step=end&amp;theme=dark&amp;v=9.8.7"');
      // A state in the fragment is read from it.
      const packed = `http://lab.example/lab/embed/heap#z=${compressToEncodedURIComponent('variant=jdk&ops=add 5, add 3&step=end')}`;
      // (778 px agrees with 777 within a rounding's difference: the height stays.)
      const again = await app.inject({ method: 'POST', url: '/lab/api/embed-heights', headers: { host: 'lab.example' }, payload: { url: packed, width: 860, height: 778 } });
      expect(again.json()).toEqual({ stored: true });
      expect((await oembed(app, packed)).json().height).toBe(777);
      expect(stateKey('heap', new URLSearchParams('variant=jdk&ops=add 5, add 3&step=end'))).toBe(stateKey('heap', { step: 'end', ops: 'add 5, add 3', variant: 'jdk' }));
    });
  });

  it('takes a reader’s height only where it is believable: never over a tested one, near the route’s, and moved only by two addresses', async () => {
    await withServer('', async (app) => {
      const report = (url: string, height: number, from: string) => app.inject({
        method: 'POST', url: '/lab/api/embed-heights', headers: { host: 'lab.example' }, remoteAddress: from, payload: { url, width: 860, height },
      });
      // A state the lab's tests measured keeps its height, whatever is reported.
      const e = EMBED_EXAMPLES.find((x) => x.name === 'heap')!;
      const tested = `http://lab.example/lab/embed/heap?${new URLSearchParams(e.params)}`;
      const testedHeight = (await oembed(app, tested)).json().height;
      const over = await report(tested, 40_000, '198.51.100.1');
      expect([over.statusCode, over.json().error]).toEqual([422, expect.stringContaining('was measured by the lab\'s own tests')]);
      expect((await oembed(app, tested)).json().height).toBe(testedHeight);
      // Another state: far from any height measured for the route is refused.
      const link = 'http://lab.example/lab/embed/heap?variant=jdk&ops=add%209&step=end';
      for (const h of [1, 40_000]) expect((await report(link, h, '198.51.100.1')).json().error).toMatch(/is far from any height measured for heap at 860 px/);
      // The first believable report sets it; one address alone cannot move it after …
      expect((await report(link, 900, '198.51.100.2')).json()).toEqual({ stored: true });
      for (let i = 0; i < 3; i++) expect((await report(link, 1500, '203.0.113.66')).json()).toEqual({ stored: false });
      expect((await oembed(app, link)).json().height).toBe(900);
      // … a second address that measured the same does.
      expect((await report(link, 1505, '198.51.100.3')).json()).toEqual({ stored: true });
      expect((await oembed(app, link)).json().height).toBe(1505);
      // Reports are limited per address: 30 a minute.
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await report(link, 1505, '203.0.113.7')).statusCode);
      expect([statuses[29], statuses[30]]).toEqual([200, 429]);
    });
  });

  it('refuses what is not an embed link of this site, other formats and bad reports, each with a sentence', async () => {
    await withServer('', async (app) => {
      expect((await oembed(app, 'http://elsewhere.example/lab/embed/heap')).statusCode).toBe(404);
      expect((await oembed(app, 'http://lab.example/lab/lessons/cancelling-timers')).json().error).toMatch(/only the lab’s \/embed\/<name> pages can be embedded/);
      expect((await oembed(app, 'http://lab.example/lab/embed/nothing')).json().error).toMatch(/^there is no embed called “nothing”/);
      expect((await oembed(app, 'http://lab.example/lab/embed/heap', '&format=xml')).statusCode).toBe(501);
      expect((await app.inject({ url: '/lab/oembed', headers: { host: 'lab.example' } })).statusCode).toBe(400);
      const bad = await app.inject({ method: 'POST', url: '/lab/api/embed-heights', headers: { host: 'lab.example' }, payload: { url: 'http://lab.example/lab/embed/heap', width: 860, height: 1e9 } });
      expect(bad.statusCode).toBe(400);
      const foreign = await app.inject({ method: 'POST', url: '/lab/api/embed-heights', headers: { host: 'lab.example' }, payload: { url: 'http://elsewhere.example/lab/embed/heap', width: 860, height: 500 } });
      expect(foreign.statusCode).toBe(400);
    });
  });

  it('names the oEmbed answer for each embed page’s own link in its discovery tag; an absent oEmbed file is a 404 in JSON, not the page', async () => {
    await withServer('', async (app) => {
      const page = await app.inject({ url: '/lab/embed/heap/?variant=jdk&ops=add%201', headers: { host: 'lab.example' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-frame-options']).toBeUndefined();
      expect(page.body).toContain(`<link rel="alternate" type="application/json+oembed" href="http://lab.example/lab/oembed?url=${encodeURIComponent('http://lab.example/lab/embed/heap?variant=jdk&ops=add%201')}&amp;format=json"`);
      const missing = await app.inject({ url: '/lab/embed/heap/oembed.json', headers: { host: 'lab.example' } });
      expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    });
  });
});
