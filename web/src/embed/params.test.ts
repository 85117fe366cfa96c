import { describe, expect, it } from 'vitest';
import { heapEmbedUrl, parseHeapEmbed, resolveStep } from './params';

describe('heap embed parameters', () => {
  it('reads the view, the script and the step', () => {
    expect(parseHeapEmbed(new URLSearchParams('heap=race&ops=add 5,poll&step=end')))
      .toEqual({ ok: true, heap: 'race', ops: 'add 5,poll', step: 'end' });
    expect(parseHeapEmbed(new URLSearchParams(''))).toEqual({ ok: true, heap: 'jdk', ops: '', step: 0 });
    expect(parseHeapEmbed(new URLSearchParams('step=12'))).toMatchObject({ step: 12 });
    expect(parseHeapEmbed(new URLSearchParams('step=op:3'))).toMatchObject({ step: 'op:3' });
    expect(resolveStep('op:3', [0, 2, 7, 9], 12)).toBe(7);
    expect(resolveStep('op:9', [0, 2], 12)).toBe(12);
    expect(resolveStep('end', [0], 12)).toBe(12);
    expect(resolveStep(40, [0], 12)).toBe(12);
  });

  it('names a bad value instead of guessing', () => {
    expect(parseHeapEmbed(new URLSearchParams('heap=fibonacci'))).toEqual({
      ok: false, message: 'heap=fibonacci is not a view; expected heap=jdk, heap=indexed or heap=race',
    });
    expect(parseHeapEmbed(new URLSearchParams('step=-2'))).toMatchObject({ ok: false });
  });

  it('writes a readable URL that reads back the same', () => {
    const url = heapEmbedUrl('indexed', 'add 5, poll', 7, 'http://x');
    expect(url).toBe('http://x/embed/heap?heap=indexed&ops=add%205,%20poll&step=7');
    expect(parseHeapEmbed(new URL(url).searchParams)).toEqual({ ok: true, heap: 'indexed', ops: 'add 5, poll', step: 7 });
  });
});
