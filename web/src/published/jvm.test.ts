import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jvmQuote } from './jvm';
import { figureOf } from './figures';
import { jvmRow } from '../bench/jvmResults';

const ROOT = join(__dirname, '../../..');
const slugs = readdirSync(join(ROOT, 'lessons')).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

describe('JVM figures in prose', () => {
  it('quotes the committed run as a range of scores or of ratios', () => {
    const rows = 'clqOffer/1024 clqOffer/65536 clqOffer/1048576';
    const scores = rows.split(' ').map((r) => jvmRow('udp-queue', r)!.score);
    const q = jvmQuote('udp-queue', rows);
    expect(q.text).toMatch(/^[\d.]+M(–[\d.]+M)? ops\/s$/);
    expect(q.title).toMatch(/^the JVM originals run here \(.+\): clqOffer\/1024/);
    const r = jvmQuote('udp-queue', rows, { value: 1e6, what: 'a million' });
    const [lo, hi] = [Math.min(...scores) / 1e6, Math.max(...scores) / 1e6];
    expect(r.text).toBe(`${lo >= 10 ? Math.round(lo) : lo.toFixed(1)}–${hi >= 10 ? Math.round(hi) : hi.toFixed(1)}×`);
    const one = jvmQuote('udp-queue', 'abqOffer/1024', 'clqOffer/1024');
    expect(one.text).toBe(`${(jvmRow('udp-queue', 'abqOffer/1024')!.score / jvmRow('udp-queue', 'clqOffer/1024')!.score).toFixed(1)}×`);
  });

  it('names a missing row, and refuses rows and divisors that do not pair', () => {
    expect(() => jvmQuote('udp-queue', 'nope/1')).toThrow('the committed JVM run of udp-queue has no row "nope/1"');
    expect(() => jvmQuote('udp-queue', 'abqOffer/1024 abqOffer/65536', 'clqOffer/1024')).toThrow('divides 2 rows by 1');
  });

  it('every <JvmFig> in a lesson reads rows the committed runs have', () => {
    for (const slug of slugs) {
      const text = readFileSync(join(ROOT, 'lessons', `${slug}.mdx`), 'utf8');
      for (const [tag] of text.matchAll(/<JvmFig\b[^>]*\/>/g)) {
        const overFig = attr(tag, 'overFig');
        expect(() => jvmQuote(attr(tag, 'suite')!, attr(tag, 'rows')!, overFig ? figureOf(slug, overFig).figure : attr(tag, 'over')), `${slug}: ${tag}`).not.toThrow();
      }
    }
  });
});
