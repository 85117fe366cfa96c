import { describe, expect, it } from 'vitest';
import { parseParts, partsParam, shows, withParts } from './parts';
import { parseFamilyEmbed } from './params';
import { familyLink } from './link';

const heap = { name: 'heap', oldVariantParam: 'heap', variants: ['jdk', 'indexed'], defaultVariant: 'jdk' };

describe('the parts a link shows', () => {
  it('reads show=, and a link without it shows everything, as before', () => {
    expect(parseParts(null)).toEqual({ ok: true, parts: null });
    const r = parseParts('drawing,controls,narration');
    expect(r.ok && [...r.parts!]).toEqual(['drawing', 'controls', 'narration']);
    expect(parseParts('script,counters,pseudocode,narration,controls,drawing')).toEqual({ ok: true, parts: null });
    expect(shows(null, 'script')).toBe(true);
    expect(shows(new Set(['drawing']), 'script')).toBe(false);
  });

  it('names an unknown part, as any other bad parameter', () => {
    expect(parseParts('drawing,chart')).toEqual({
      ok: false, message: 'show=drawing,chart: “chart” is not a part; expected some of drawing, controls, narration, pseudocode, counters and script, separated by commas',
    });
    expect(parseParts('')).toMatchObject({ ok: false, message: expect.stringMatching(/^show= names no part/) });
    expect(parseFamilyEmbed(heap, new URLSearchParams('show=drawing,toString'))).toMatchObject({ ok: false, message: expect.stringContaining('“toString” is not a part') });
  });

  it('writes show= in a fixed order, after the settings and before the script, and reads it back', () => {
    const parts = new Set(['narration', 'drawing'] as const);
    expect(partsParam(parts)).toBe('drawing,narration');
    expect(partsParam(null)).toBeUndefined();
    const { href } = familyLink(heap, 'jdk', 'add 1', 2, withParts({}, parts), 'http://x');
    expect(href).toBe('http://x/embed/heap?variant=jdk&show=drawing,narration&ops=add%201&step=2');
    const back = parseFamilyEmbed(heap, new URL(href).searchParams);
    expect(back.ok && [...back.parts!]).toEqual(['drawing', 'narration']);
  });
});
