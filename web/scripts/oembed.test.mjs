import { describe, expect, it } from 'vitest';
import { oembedFor, siteRoot, withDiscovery } from './oembed.mjs';

const example = { name: 'heap', title: 'JDK vs Netty "race"', params: { heap: 'race', ops: 'schedule 15, cancel-reverse', step: 'end' }, height: 1393 };

describe('oEmbed', () => {
  it('writes a rich oEmbed file per route, embedding its example at its measured height', () => {
    const { path, json, link } = oembedFor('https://lab.example/hotpath', example);
    expect(path).toBe('embed/heap/oembed.json');
    const o = JSON.parse(json);
    expect(o).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Hotpath Lab', provider_url: 'https://lab.example/hotpath/', width: 860, height: 1393, title: 'JDK vs Netty "race"' });
    expect(o.html).toBe('<iframe src="https://lab.example/hotpath/embed/heap?heap=race&amp;ops=schedule+15%2C+cancel-reverse&amp;step=end" ' +
      'title="JDK vs Netty &quot;race&quot;" width="860" height="1393" style="border:0;max-width:100%" loading="lazy"></iframe>');
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
