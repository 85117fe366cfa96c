import { describe, expect, it } from 'vitest';
import { answerOembed, discoveryTag, oembedData, oembedFor, siteRoot, withDiscovery } from './oembedAnswers.mjs';
import { MEASURED_WIDTHS, stateKey } from '../src/catalog/routes.ts';

const example = { name: 'heap', title: 'JDK vs Netty "race"', params: { heap: 'race', ops: 'schedule 15, cancel-reverse', step: 'end' }, height: 1393 };

describe('oEmbed', () => {
  it('writes a rich oEmbed file per route, embedding its example at its measured height', () => {
    const { path, json, link } = oembedFor('https://lab.example/hotpath', example);
    expect(path).toBe('embed/heap/oembed.json');
    const o = JSON.parse(json);
    expect(o).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Hotpath Lab', provider_url: 'https://lab.example/hotpath/', width: 860, height: 1393, title: 'JDK vs Netty "race"' });
    expect(o.html).toBe('<iframe src="https://lab.example/hotpath/embed/heap?heap=race&amp;ops=schedule+15%2C+cancel-reverse&amp;step=end" ' +
      'title="JDK vs Netty &quot;race&quot;" width="860" height="1393" ' +
      'style="display:block;width:860px;max-width:100%;box-sizing:border-box;border:0;padding:0;background:transparent" loading="lazy"></iframe>');
    expect(link).toBe('<link rel="alternate" type="application/json+oembed" href="https://lab.example/hotpath/embed/heap/oembed.json" title="JDK vs Netty &quot;race&quot;">');
    expect(withDiscovery('<html><head><title>x</title></head><body></body></html>', link)).toContain(`${link}\n  </head>`);
  });

  it('embeds the release the site was built as (v=), at the kept copy of it where the build names one (HOTPATH_PIN_BASE)', () => {
    const o = JSON.parse(oembedFor('https://lab.example/hotpath/', example, { base: '/hotpath/', pinBase: '/hotpath/v/0.1.0/', version: '0.1.0' }).json);
    expect(o.html).toContain('src="https://lab.example/hotpath/v/0.1.0/embed/heap?heap=race&amp;ops=schedule+15%2C+cancel-reverse&amp;step=end&amp;v=0.1.0"');
    const unpinned = JSON.parse(oembedFor('https://lab.example/hotpath/', example, { base: '/hotpath/', pinBase: '', version: '0.1.0' }).json);
    expect(unpinned.html).toContain('src="https://lab.example/hotpath/embed/heap?heap=race&amp;ops=schedule+15%2C+cancel-reverse&amp;step=end&amp;v=0.1.0"');
  });

  it('needs the site’s absolute http(s) address, and says so', () => {
    expect(siteRoot('https://lab.example')).toBe('https://lab.example/');
    expect(() => siteRoot('/hotpath/')).toThrow(/not an absolute URL/);
    expect(() => siteRoot('javascript:alert(1)')).toThrow(/must be an http\(s\) URL/);
  });
});

/** The build's oEmbed data with made-up heights, a different one for every view and width (this test is not about measuring). */
function madeUpData() {
  const data = oembedData({ version: '9.8.7', base: '/lab/', pinBase: '' });
  data.views.forEach((v, i) => {
    for (const w of MEASURED_WIDTHS) v.heights[w] = 1000 + 100 * i + w / 10;
  });
  return data;
}
const ROOT = 'http://lab.example/lab/';
const ask = (data, link, extra = {}) => answerOembed(new URLSearchParams({ url: ROOT + link, ...extra }), ROOT, data);
const heightOf = (data, key, width) => data.views.find((v) => v.key === key).heights[width];

describe('oEmbed answers (issue 60)', () => {
  it('keep to maxwidth, as the spec requires: the widest column measured within it, or a 404 that says why', () => {
    const data = madeUpData();
    const link = 'embed/cost-curves?run=0';
    for (const [maxwidth, width] of [['300', 240], ['389', 240], ['390', 390], ['859', 720], ['5000', 860]]) {
      const a = ask(data, link, { maxwidth });
      expect([a.status, a.body.width], `maxwidth=${maxwidth}`).toEqual([200, width]);
      expect(a.body.html).toContain(`width="${width}"`);
      expect(a.body.height).toBe(heightOf(data, stateKey('cost-curves', { run: '0' }), width));
    }
    const narrow = ask(data, link, { maxwidth: '200' });
    expect([narrow.status, narrow.body.error]).toEqual([404, 'maxwidth=200 is narrower than any column the lab\'s views are measured for (the narrowest is 240 px)']);
  });

  it('give a state never measured the height of the nearest state measured: the same parts shown, the same suite', () => {
    const data = madeUpData();
    const figure = data.views.find((v) => v.name === 'wheel' && v.key.includes('show='));
    if (!figure) throw new Error('the wheel has no figure-only view measured');
    // The wheel at another step, as a figure: the figure-only example's height, not the whole view's.
    const a = ask(data, 'embed/wheel?variant=wheel&show=drawing,controls,narration&ops=add%201%205,%20add%202%2012&step=6');
    expect(a.body.height).toBe(figure.heights[860]);
    expect(a.body.hotpath_height).toBe(`not measured for this state: the height of the nearest state measured, ${figure.path}; open the link’s Share / embed on this server once to measure it, or use the custom element, which sizes itself`);
    // Another suite's benchmark: that suite's own height.
    const heapCancel = ask(data, 'embed/bench?suite=heap-cancel&preset=quick&run=0');
    expect([heapCancel.body.height, heapCancel.body.hotpath_height]).toEqual([heightOf(data, stateKey('bench', { suite: 'heap-cancel', preset: 'quick', run: '0' }), 860), 'measured for this exact state by the lab’s own tests']);
    // The full preset of it: not measured, nearest is the same suite.
    expect(ask(data, 'embed/bench?suite=heap-cancel&preset=full&run=0').body.height).toBe(heapCancel.body.height);
    // A whole view at another step: the route's example.
    const whole = ask(data, 'embed/wheel?variant=wheel&ops=add%201%205&step=1');
    expect(whole.body.hotpath_height).toMatch(/^not measured for this state: the height of this route’s example;/);
  });

  it('title a state that is not its route’s example by what it shows, in the answer and in the page’s discovery tag', () => {
    const data = madeUpData();
    const link = 'embed/wheel?variant=wheel&show=drawing,controls,narration&ops=add%201%205,%20add%202%2012&step=6';
    const title = 'Hotpath Lab: wheel (variant wheel; showing drawing, controls, narration; script “add 1 5, add 2 12”; step 6)';
    expect(ask(data, link).body.title).toBe(title);
    expect(ask(data, 'embed/heap?variant=jdk&ops=add%201&step=op:1').body.title).toBe('Hotpath Lab: heap (variant jdk; script “add 1”; before operation 1)');
    expect(discoveryTag(ROOT, ROOT + link, data)).toBe('<link rel="alternate" type="application/json+oembed" ' +
      `href="${ROOT}oembed?url=${encodeURIComponent(ROOT + link)}&amp;format=json" title="${title}">`);
    // The route's example keeps its own title.
    const example = data.routes.find((r) => r.name === 'cost-curves');
    expect(discoveryTag(ROOT, `${ROOT}embed/cost-curves?run=0`, data)).toContain(`title="${example?.title}"`);
  });
});
