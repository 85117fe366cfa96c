import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimTags, evaluate, publishedLogRatio, staleClaims, type ClaimData, type ClaimSpec } from './claims';
import { lessonClaimData } from './Claim';
import { intervalOf } from '../bench/ratio';
import { tQuantile } from '../bench/stats';
import { loadWasmFromDisk } from '../exercises/testing';

const ROOT = join(__dirname, '../../..');
const slugs = readdirSync(join(ROOT, 'lessons')).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
const mdx = (slug: string) => readFileSync(join(ROOT, 'lessons', `${slug}.mdx`), 'utf8');
const modules = import.meta.glob<{ claims: Record<string, ClaimSpec> }>('../../../lessons/*/claims.ts', { eager: true });
const claimsOf = (slug: string) => Object.entries(modules).find(([p]) => p.endsWith(`/lessons/${slug}/claims.ts`))?.[1].claims ?? {};

/** The committed data with one JVM or wasm row's samples scaled: a new committed run, as a test can make one. */
function withRowScaled(d: ClaimData, run: 'jvm' | 'wasm', suite: string, row: string, factor: number): ClaimData {
  const copy: ClaimData = structuredClone({ wasm: d.wasm, jvm: d.jvm, published: d.published });
  copy.count = d.count;
  if (run === 'jvm') {
    const r = copy.jvm[suite].rows[row];
    r.samples = r.samples!.map((x) => x * factor);
    r.score *= factor;
  } else {
    const r = copy.wasm[suite].run.rows.find((x) => x.row.id === row)!;
    r.samples = r.samples.map((x) => x * factor);
  }
  return copy;
}

beforeAll(loadWasmFromDisk);

describe('claims in the lessons’ prose', () => {
  it('every sentence that compares figures says what its committed data says', () => {
    const problems = slugs.flatMap((slug) => [
      ...staleClaims(`lessons/${slug}.mdx`, mdx(slug), claimsOf(slug), lessonClaimData(slug)),
      // Its one-page handout quotes the same claims.
      ...(existsSync(join(ROOT, 'lessons', slug, 'handout.mdx'))
        ? staleClaims(`lessons/${slug}/handout.mdx`, readFileSync(join(ROOT, 'lessons', slug, 'handout.mdx'), 'utf8'), claimsOf(slug), lessonClaimData(slug)) : []),
    ]);
    expect(problems).toEqual([]);
  });

  it('every claim a lesson declares is used in its prose, and every lesson with claims imports its own', () => {
    for (const slug of slugs) {
      const text = mdx(slug);
      const used = new Set(claimTags(text).map((t) => t.id));
      expect(Object.keys(claimsOf(slug)).filter((id) => !used.has(id)), slug).toEqual([]);
      if (used.size) expect(text, slug).toContain(`import { Claim } from './${slug}/claims';`);
    }
  });

  it('refuses the stale claim when a committed JVM figure changes', () => {
    const d = lessonClaimData('cancelling-timers');
    // Netty's heap in order on the JVM, 1.5× faster at every size: "mixed" is no longer true.
    let changed = d;
    for (const n of [100, 1000, 10000, 100000]) changed = withRowScaled(changed, 'jvm', 'heap-cancel', `cancelInOrder/indexed/${n}`, 1.5);
    const problems = staleClaims('lessons/cancelling-timers.mdx', mdx('cancelling-timers'), claimsOf('cancelling-timers'), changed);
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/claim "jvm-in-order" says "mixed", but its data says "above"/);
  });

  it('refuses the stale claim when a saved wasm figure changes one point of a point-by-point sentence', () => {
    const d = lessonClaimData('cancelling-timers');
    const changed = withRowScaled(d, 'wasm', 'heap-cancel', 'cancelInOrder/indexed/10000', 1.2);
    const problems = staleClaims('lessons/cancelling-timers.mdx', mdx('cancelling-timers'), claimsOf('cancelling-timers'), changed);
    expect(problems.join("\n")).toMatch(/claim "wasm-in-order" says "undecided, undecided, undecided, undecided", but its data says "undecided, undecided, above, undecided"/);
  });

  it('says a point-by-point sentence in runs: neighbours with the same outcome together, with their range', () => {
    const d = lessonClaimData('recycler');
    // The rewrite without the flag on the JVM, made 1.5× faster at 0 and 256 and 0.5× at the rest:
    // two runs of outcomes, each said once with its range of ratios.
    let changed = d;
    for (const n of [0, 256, 1024, 4096, 16384, 65536]) {
      const before = d.jvm.recycler.rows[`recycleSameThread/before/${n}`].score;
      const after = d.jvm.recycler.rows[`recycleSameThread/after/${n}`].score;
      changed = withRowScaled(changed, 'jvm', 'recycler', `recycleSameThread/after/${n}`, (n <= 256 ? 1.5 : 0.5) * before / after);
    }
    const e = evaluate('jvm-without-flag', claimsOf('recycler')['jvm-without-flag'], changed);
    expect(e.pattern).toBe('faster, faster, slower, slower, slower, slower');
    expect(e.text).toMatch(/^(49–)?50\u00a0% faster \(1\.(49–1\.)?50×\) at 0 and 256, (49–)?50\u00a0% slower \(0\.50×\) from 1,024 to 65,536$/);
  });

  it('names a tag whose claim does not exist', () => {
    const problems = staleClaims('x.mdx', 'a <Claim id="nope" says="below" /> b', {}, lessonClaimData('cancelling-timers'));
    expect(problems[0]).toMatch(/^x\.mdx:1: <Claim id="nope"> names no claim/);
  });
});

describe('the estimators a claim uses', () => {
  it('rebuilds a published row pair into the verdicts’ Welch interval on the log ratio', () => {
    const figs = lessonClaimData('cancelling-timers').published!;
    const e = publishedLogRatio(figs, 'after-in-order-1000', 'before-in-order-1000')!;
    const se = (v: number, err: number) => err / tQuantile(0.9995, 19) / v;
    const va = se(11049.448, 385.832) ** 2;
    const vb = se(12274.42, 337.8) ** 2;
    expect(e.mean).toBeCloseTo(Math.log(11049.448 / 12274.42), 12);
    expect(e.variance).toBeCloseTo(va + vb, 14);
    expect(e.df).toBeCloseTo((va + vb) ** 2 / (va ** 2 / 19 + vb ** 2 / 19), 9);
    const i = intervalOf(e);
    expect(i.high).toBeLessThan(1); // an 11 % gap outside both errors: not level
  });

  it('counts exactly: an interval of zero width', () => {
    const spec: ClaimSpec = {
      kind: 'ratio', what: 'equals() calls, reverse ÷ in order', source: { from: 'count', family: 'heap', ops: 'schedule 10, cancel-reverse' },
      points: [{ label: '10', a: 'jdk:1:equals', b: 'jdk:1:move' }],
    };
    const e = evaluate('x', spec, lessonClaimData('cancelling-timers'));
    expect(e.detail).toMatch(/counted by the lab's structures/);
    expect(['above', 'below', 'undecided']).toContain(e.outcome);
  });

  it('a value claim falls in one range or says it is out of range', () => {
    const spec: ClaimSpec = {
      kind: 'value', what: 'a number', compute: () => 42, format: String, from: () => 'nowhere',
      outcomes: { small: { range: [0, 10], words: '{value}' }, large: { range: [10, 100], words: 'about {value}' } },
    };
    expect(evaluate('v', spec, lessonClaimData('cancelling-timers'))).toMatchObject({ outcome: 'large', text: 'about 42' });
    expect(evaluate('v', { ...spec, compute: () => 1000 }, lessonClaimData('cancelling-timers')).outcome).toBe('out of range');
  });
});
