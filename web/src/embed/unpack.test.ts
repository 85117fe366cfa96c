import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { unpackState } from './unpack';
import { checkParams, embedLink, readEmbedState, MAX_STATE } from './link';
import { parseFamilyEmbed } from './params';
import { craftedFragment } from './craftedFragment';

describe('the #z= state of a link', () => {
  it('unpacks exactly as lz-string does, for every kind of text', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const samples = ['', 'a', 'heap=race&ops=add%205', 'ops=' + 'add 1, '.repeat(3000), '“π” ⏱ 𝄞 — 16-bit and surrogate pairs'];
    for (let i = 0; i < 200; i++) {
      const pool = i % 2 ? 'ab' : 'abcdefghij ,=&0123456789ü€';
      samples.push(Array.from({ length: rand(400) }, () => pool[rand(pool.length)]).join(''));
    }
    for (const text of samples) {
      const packed = compressToEncodedURIComponent(text);
      expect(unpackState(packed, MAX_STATE), text.slice(0, 30)).toEqual({ ok: true, text: decompressFromEncodedURIComponent(packed) });
    }
  });

  it('stops unpacking an 8 KB crafted fragment at the bound, with a short message', () => {
    const fragment = craftedFragment(4000);
    expect(fragment.length).toBeGreaterThan(7000);
    expect(fragment.length).toBeLessThan(8200);
    // What lz-string alone makes of it: millions of characters.
    expect(decompressFromEncodedURIComponent(fragment).length).toBeGreaterThan(7_000_000);
    const state = readEmbedState('', `#z=${fragment}`);
    expect(state).toEqual({
      ok: false,
      message: 'the state after “#z=” in this link unpacks to more than 1,000,000 characters, more than any link the lab makes; it was not opened',
    });
    expect(unpackState(fragment, 10)).toEqual({ ok: false, reason: 'too-long' });
  });

  it('calls a cut-off or foreign fragment damaged', () => {
    const packed = compressToEncodedURIComponent('heap=jdk&ops=' + 'add 1, '.repeat(500));
    expect(unpackState(packed.slice(0, packed.length - 5), MAX_STATE)).toEqual({ ok: false, reason: 'damaged' });
    expect(unpackState('%%%not-lz', MAX_STATE)).toEqual({ ok: false, reason: 'damaged' });
    expect(readEmbedState('', '#z=')).toMatchObject({ ok: false, message: expect.stringContaining('damaged') });
  });

  it('makes no link it would refuse to open', () => {
    const ops = 'add 1, '.repeat(MAX_STATE / 7);
    const link = embedLink('heap', { heap: 'jdk', ops }, 'http://x');
    expect(link.problem).toMatch(/^this state is too large for a link \(1,571,\d+ characters; a link holds at most 1,000,000\); copy the script from the editor instead$/);
    const fits = embedLink('heap', { heap: 'jdk', ops: 'add 1, '.repeat(60_000) }, 'http://x');
    expect(fits.problem).toBeUndefined();
    const url = new URL(fits.href);
    expect(readEmbedState(url.search, url.hash)).toMatchObject({ ok: true });
  });

  it('quotes at most a short excerpt of a bad parameter', () => {
    const long = 'x'.repeat(900_000);
    const name = checkParams(new URLSearchParams(`${long}=1`), ['heap'])!;
    expect(name).toBe(`“${'x'.repeat(40)}… (900,000 characters)” is not a parameter here; expected heap, theme, v`);
    const many = checkParams(new URLSearchParams(Array.from({ length: 5000 }, () => `heap=${long.slice(0, 100)}`).join('&')), ['heap'])!;
    expect(many.length).toBeLessThan(300);
    const heap = { name: 'heap', oldVariantParam: 'heap', variants: ['jdk'], defaultVariant: 'jdk' };
    for (const q of [`heap=${long}`, `step=${long}`]) {
      const r = parseFamilyEmbed(heap, new URLSearchParams(q));
      expect(r.ok).toBe(false);
      expect(!r.ok && r.message.length).toBeLessThan(200);
    }
  });
});
