import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jvmQuote } from './jvm';
import { figureOf } from './figures';
import { jvmRatioInterval, jvmRow } from '../bench/jvmResults';
import { intervalCell } from '../bench/verdict';
import { times } from '../util/format';

const ROOT = join(__dirname, '../../..');
const slugs = readdirSync(join(ROOT, 'lessons')).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

describe('JVM figures in prose', () => {
  it('quotes the committed run as a range of scores or of ratios', () => {
    const rows = 'clqOffer/1024 clqOffer/65536 clqOffer/1048576';
    const scores = rows.split(' ').map((r) => jvmRow('udp-queue', r)!.score);
    const q = jvmQuote('udp-queue', rows);
    expect(q.text).toMatch(/^[\d.]+M(–[\d.]+M)? ops\/s$/);
    expect(q.title).toMatch(/^the JVM originals in the lab’s committed run \(.+\): clqOffer\/1024/);
    const r = jvmQuote('udp-queue', rows, { value: 1e6, what: 'a million' });
    const [lo, hi] = [Math.min(...scores) / 1e6, Math.max(...scores) / 1e6];
    expect(r.text).toBe(`${times(lo)}–${times(hi)}`);
    // A ratio of two rows is the one the panel's table and verdicts show: the estimate from the committed iterations.
    const one = jvmQuote('udp-queue', 'abqOffer/1024', 'clqOffer/1024');
    expect(one.text).toBe(intervalCell(jvmRatioInterval('udp-queue', 'abqOffer/1024', 'clqOffer/1024')).split(' (')[0]);
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
