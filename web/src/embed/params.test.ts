import { describe, expect, it } from 'vitest';
import { parseFamilyEmbed, parseStep, resolveStep } from './params';
import { checkParams, embedLink, familyLink, readEmbedState, MAX_QUERY } from './link';

const heap = { name: 'heap', oldVariantParam: 'heap', variants: ['jdk', 'indexed'], defaultVariant: 'jdk' };
const parse = (q: string) => parseFamilyEmbed(heap, new URLSearchParams(q));

describe('family embed parameters', () => {
  it('reads the view, the script and the step', () => {
    expect(parse('variant=race&ops=add 5,poll&step=end')).toEqual({ ok: true, view: 'race', ops: 'add 5,poll', step: 'end', settings: {}, parts: null });
    expect(parse('')).toEqual({ ok: true, view: 'jdk', ops: '', step: 0, settings: {}, parts: null });
    expect(parse('step=12')).toMatchObject({ step: 12 });
    expect(parse('step=op:3')).toMatchObject({ step: 'op:3' });
    expect(resolveStep('op:3', [0, 2, 7, 9], 12)).toEqual({ step: 7 });
    expect(resolveStep('end', [0], 12)).toEqual({ step: 12 });
    expect(resolveStep(12, [0], 12)).toEqual({ step: 12 });
  });

  it('says so when a step is past the end, instead of jumping there silently', () => {
    expect(resolveStep('op:9', [0, 2], 12)).toEqual({
      step: 12, notice: 'There is no operation 9: this script has 2, so it is shown at the end.',
    });
    expect(resolveStep(999999, [0], 12)).toEqual({
      step: 12, notice: 'Step 999,999 is past the end of this script (12 steps), so it is shown at the end.',
    });
    expect(parseStep('12345678901234567890123')).toEqual({
      ok: false, message: 'step=12345678901234567890123 is larger than any script here can have; use "end" for the last step',
    });
  });

  it('reads a link made with the family\'s older name for variant, and refuses both at once', () => {
    expect(parse('heap=race&ops=add 5,poll&step=end')).toEqual({ ok: true, view: 'race', ops: 'add 5,poll', step: 'end', settings: {}, parts: null });
    expect(parse('variant=indexed&heap=jdk')).toEqual({ ok: false, message: 'variant and heap both pick the view; give variant only' });
    expect(parse('variant=splay')).toEqual({
      ok: false, message: 'variant=splay is not a view; expected variant=jdk, variant=indexed or variant=race',
    });
  });

  it('names a bad value instead of guessing', () => {
    expect(parse('heap=fibonacci')).toEqual({
      ok: false, message: 'heap=fibonacci is not a view; expected heap=jdk, heap=indexed or heap=race',
    });
    for (const bad of ['-2', 'op:0', 'op:', '1e3', '0x10', 'start']) expect(parse(`step=${bad}`), bad).toMatchObject({ ok: false });
    expect(parse('heap=jdk&heap=indexed')).toEqual({ ok: false, message: 'heap is given 2 times (heap=jdk, heap=indexed); give it once' });
    expect(parse('hep=jdk')).toEqual({ ok: false, message: '“hep” is not a parameter here; expected variant, heap, show, ops, step, theme, v' });
    expect(checkParams(new URLSearchParams('a=1&b=2'), ['a', 'b'])).toBeNull();
  });

  it('carries a family\'s settings as parameters of their own', () => {
    const queue = { name: 'queue', oldVariantParam: 'queue', variants: ['clq', 'abq'], defaultVariant: 'clq',
      settings: [{ name: 'capacity', label: 'Capacity', hint: '' }, { name: 'schedule', label: 'Schedule', hint: '' }] };
    const { href } = familyLink(queue, 'abq', 'P: offer 5, C: poll', 3, { capacity: '4', schedule: 'P C' }, 'http://x');
    expect(href).toBe('http://x/embed/queue?variant=abq&capacity=4&schedule=P%20C&ops=P:%20offer%205,%20C:%20poll&step=3');
    const url = new URL(href);
    expect(parseFamilyEmbed(queue, url.searchParams)).toEqual({
      ok: true, view: 'abq', ops: 'P: offer 5, C: poll', step: 3, settings: { capacity: '4', schedule: 'P C' }, parts: null,
    });
    expect(parseFamilyEmbed(queue, new URLSearchParams('capacty=4'))).toMatchObject({ ok: false, message: '“capacty” is not a parameter here; expected variant, queue, capacity, schedule, show, ops, step, theme, v' });
  });

  it('writes a readable URL that reads back the same', () => {
    const { href } = familyLink(heap, 'indexed', 'add 5, poll', 7, {}, 'http://x');
    expect(href).toBe('http://x/embed/heap?variant=indexed&ops=add%205,%20poll&step=7');
    const url = new URL(href);
    const state = readEmbedState(url.search, url.hash);
    expect(state.ok && parseFamilyEmbed(heap, state.params)).toEqual({ ok: true, view: 'indexed', ops: 'add 5, poll', step: 7, settings: {}, parts: null });
  });

  it('carries long state compressed in the fragment, which no server sees', () => {
    const ops = Array.from({ length: 2000 }, (_, i) => `add ${1_000_000 + i}`).join(', ');
    const link = familyLink(heap, 'jdk', ops, 'end', {}, 'http://x');
    const url = new URL(link.href);
    expect(link.problem).toBeUndefined();
    expect(url.search).toBe('');
    expect(link.href.length).toBeLessThan(ops.length); // compressed
    const state = readEmbedState(url.search, url.hash);
    expect(state.ok && parseFamilyEmbed(heap, state.params)).toEqual({ ok: true, view: 'jdk', ops, step: 'end', settings: {}, parts: null });
    // Just under the limit stays readable in the query.
    const short = embedLink('heap', { ops: 'x'.repeat(MAX_QUERY - 4) }, 'http://x');
    expect(new URL(short.href).search).not.toBe('');
  });

  it('reports a damaged fragment instead of showing something else', () => {
    expect(readEmbedState('', '#z=%%%not-lz')).toMatchObject({ ok: false });
    const link = familyLink(heap, 'jdk', 'add 1, '.repeat(600) + 'poll', 0, {}, 'http://x');
    const r = readEmbedState('', new URL(link.href).hash.slice(0, 40));
    expect(r.ok && r.params.get('ops')?.endsWith('poll')).toBeFalsy();
  });
});
