import { describe, expect, it } from 'vitest';
import { compile, run } from '@mdx-js/mdx';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSiteConfig, mdxSnippet, pictureFileName, scriptUrl, viewFileName } from './snippets';
import type { Part } from './parts';
import { themeFrom } from './frame';
import { wrapText } from './picture';
import { LAB_VERSION, linkTheme, linkVersion, pinnedUrl, withQuery } from './link';

const T = { url: 'https://lab.example/base/embed/heap?heap=race&ops=schedule%2015,cancel-reverse&step=end', title: 'JDK "vs" Netty [race]' };

describe('embed snippets', () => {
  it('find the embed script beside the embed pages, under any base path', () => {
    expect(scriptUrl(T.url)).toBe('https://lab.example/base/embed.js');
    expect(scriptUrl('http://127.0.0.1:4000/embed/queue?queue=clq')).toBe('http://127.0.0.1:4000/embed.js');
  });

  it('escape the title and URL for HTML, and for Markdown', () => {
    expect(iframeSnippet({ ...T, height: 640 })).toBe('<iframe src="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end" title="JDK &quot;vs&quot; Netty [race]" width="100%" height="640" ' +
      'style="display:block;width:100%;max-width:100%;box-sizing:border-box;border:0;padding:0;background:transparent" loading="lazy"></iframe>');
    // The element holds a link to the view, for a page whose policy blocks the script.
    expect(elementSnippet(T, 'dark')).toBe('<script src="https://lab.example/base/embed.js" async></script>\n' +
      '<hotpath-widget src="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end" title="JDK &quot;vs&quot; Netty [race]" theme="dark">' +
      '<a href="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end">View in Hotpath Lab</a></hotpath-widget>');
    expect(markdownSnippet(T, 'heap race.png')).toBe('[![JDK "vs" Netty \\[race\\]](heap%20race.png)](https://lab.example/base/embed/heap?heap=race&ops=schedule%2015,cancel-reverse&step=end)');
  });

  it('carry the view’s real height, and follow the host page’s theme by default', () => {
    const t = { ...T, height: 1848 };
    expect(iframeSnippet(t)).toContain('height="1848"');
    // The height is reserved in the style too, for the moments before the embed script has arrived.
    expect(elementSnippet(t)).toContain('theme="host" height="1848" style="display:block;min-height:1848px"><a href=');
    expect(mdxSnippet(t)).toBe('<hotpath-widget src="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end" ' +
      'title="JDK &quot;vs&quot; Netty [race]" theme="host" height="1848" style={{ display: \'block\', minHeight: 1848 }}>' +
      '<a href="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end">View in Hotpath Lab</a></hotpath-widget>');
    expect(mdxSiteConfig(T.url)).toBe("scripts: [{ src: 'https://lab.example/base/embed.js', async: true }],");
  });

  it('give MDX 3 a component that compiles and renders as the element, with every attribute intact', async () => {
    const source = `# Notes\n\nThe race:\n\n${mdxSnippet({ ...T, height: 1848 })}\n`;
    const code = String(await compile(source, { outputFormat: 'function-body' }));
    const { default: Content } = await run(code, { ...jsxRuntime, baseUrl: import.meta.url });
    const html = renderToStaticMarkup(jsxRuntime.jsx(Content, {}));
    const el = new DOMParser().parseFromString(html, 'text/html').querySelector('hotpath-widget')!;
    expect(el.getAttribute('src')).toBe(T.url);
    expect(el.getAttribute('title')).toBe(T.title);
    expect(el.getAttribute('theme')).toBe('host');
    expect(el.getAttribute('height')).toBe('1848');
    expect(el.getAttribute('style')).toBe('display:block;min-height:1848px');
    expect([...el.children].map((c) => [c.tagName, c.getAttribute('href'), c.textContent])).toEqual([['A', T.url, 'View in Hotpath Lab']]);
  });

  it('name every picture by one rule, the same everywhere', () => {
    expect(viewFileName('heap', 'race', 15)).toBe('heap-race-step-15');
    expect(viewFileName('wheel', 'wheel', 91)).toBe('wheel-step-91');
    expect(viewFileName('recycler', 'after', 17)).toBe('recycler-after-step-17');
    expect(viewFileName('queue', 'clq', 'counts')).toBe('queue-clq-counts');
    // The parts it holds, when not all, and its theme: the full and the figure-only picture of a step are two files.
    const parts = (...p: Part[]) => new Set<Part>(p);
    expect(pictureFileName('heap-race-step-30', null, false)).toBe('heap-race-step-30');
    expect(pictureFileName('heap-race-step-30', parts('drawing', 'narration', 'pseudocode', 'counters'), false)).toBe('heap-race-step-30');
    expect(pictureFileName('heap-race-step-30', parts('drawing', 'narration'), false)).toBe('heap-race-step-30-figure');
    expect(pictureFileName('heap-race-step-30', parts('drawing', 'narration'), true)).toBe('heap-race-step-30-figure-dark');
    expect(pictureFileName('heap-race-step-30', parts('counters', 'drawing'), false)).toBe('heap-race-step-30-drawing-counters');
    expect(pictureFileName('cost-curves', null, true)).toBe('cost-curves-dark');
  });

  it('pin the release a snippet was made with, and its own copy of the site where the host keeps one', () => {
    expect(pinnedUrl('https://x/lab/embed/heap?heap=jdk', '/lab/', '')).toBe(`https://x/lab/embed/heap?heap=jdk&v=${LAB_VERSION}`);
    expect(pinnedUrl('https://x/lab/embed/heap#z=abc', '/lab/', '/lab/v/1.2.0/')).toBe(`https://x/lab/v/1.2.0/embed/heap?v=${LAB_VERSION}#z=abc`);
    expect(linkVersion(`?heap=jdk&v=${LAB_VERSION}`)).toEqual({ ok: true, version: LAB_VERSION });
    expect(linkVersion('?heap=jdk')).toEqual({ ok: true, version: null });
    expect(linkVersion('?v=latest')).toEqual({ ok: false, message: `v=latest is not a version of the lab; expected one like v=${LAB_VERSION}` });
    expect(linkVersion('?v=1.0.0&v=1.0.1')).toMatchObject({ ok: false });
  });

  it('read theme=light|dark|system from a link (a plain iframe has no other way to follow a page), and add it before the fragment', () => {
    expect(linkTheme(new URLSearchParams('heap=jdk&theme=dark'))).toEqual({ ok: true, theme: 'dark' });
    expect(linkTheme(new URLSearchParams('theme=system'))).toEqual({ ok: true, theme: 'system' });
    expect(linkTheme(new URLSearchParams('heap=jdk'))).toEqual({ ok: true, theme: null });
    expect(linkTheme(new URLSearchParams('theme=purple'))).toEqual({ ok: false, message: 'theme=purple is not a theme; expected theme=light, theme=dark or theme=system' });
    expect(linkTheme(new URLSearchParams('theme=dark&theme=light'))).toEqual({ ok: false, message: 'theme is given 2 times; give it once' });
    expect(withQuery('https://x/embed/heap?heap=jdk', 'theme', 'dark')).toBe('https://x/embed/heap?heap=jdk&theme=dark');
    expect(withQuery('https://x/embed/heap#z=abc', 'theme', 'dark')).toBe('https://x/embed/heap?theme=dark#z=abc');
    expect(pinnedUrl(withQuery('https://x/lab/embed/heap#z=abc', 'theme', 'light'), '/lab/', '')).toBe(`https://x/lab/embed/heap?theme=light&v=${LAB_VERSION}#z=abc`);
  });

  it('take a theme only from a well-formed message', () => {
    expect(themeFrom({ type: 'hotpath:theme', theme: 'dark' })).toBe('dark');
    expect(themeFrom({ type: 'hotpath:theme', theme: 'purple' })).toBeNull();
    expect(themeFrom({ type: 'other', theme: 'dark' })).toBeNull();
    expect(themeFrom('dark')).toBeNull();
    expect(themeFrom(null)).toBeNull();
  });

  it('wrap a caption at spaces', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('averyveryverylongword x', 5)).toEqual(['averyveryverylongword', 'x']);
    expect(wrapText('', 10)).toEqual([]);
  });
});
