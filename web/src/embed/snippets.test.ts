import { describe, expect, it } from 'vitest';
import { elementSnippet, iframeSnippet, markdownSnippet, mdxSnippet, scriptUrl } from './snippets';
import { themeFrom } from './frame';
import { wrapText } from './picture';

const T = { url: 'https://lab.example/base/embed/heap?heap=race&ops=schedule%2015,cancel-reverse&step=end', title: 'JDK "vs" Netty [race]' };

describe('embed snippets', () => {
  it('find the embed script beside the embed pages, under any base path', () => {
    expect(scriptUrl(T.url)).toBe('https://lab.example/base/embed.js');
    expect(scriptUrl('http://127.0.0.1:4000/embed/queue?queue=clq')).toBe('http://127.0.0.1:4000/embed.js');
  });

  it('escape the title and URL for HTML, and for Markdown', () => {
    expect(iframeSnippet(T)).toBe('<iframe src="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end" title="JDK &quot;vs&quot; Netty [race]" width="100%" height="640" style="border:0" loading="lazy"></iframe>');
    expect(elementSnippet(T, 'dark')).toBe('<script src="https://lab.example/base/embed.js" async></script>\n' +
      '<hotpath-widget src="https://lab.example/base/embed/heap?heap=race&amp;ops=schedule%2015,cancel-reverse&amp;step=end" title="JDK &quot;vs&quot; Netty [race]" theme="dark"></hotpath-widget>');
    expect(markdownSnippet(T, 'heap race.png')).toBe('[![JDK "vs" Netty \\[race\\]](heap%20race.png)](https://lab.example/base/embed/heap?heap=race&ops=schedule%2015,cancel-reverse&step=end)');
    expect(mdxSnippet(T)).toContain('style={{ border: 0 }}');
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
