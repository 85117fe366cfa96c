// What a benchmark's verdicts must be on any machine, quiet or busy: each in one of the four
// states, named in words, and the state the one its interval gives against its claim. Which
// state a live run reaches depends on the machine's load, so no end-to-end test asks for one;
// outcomes are the benchmark CLI's and `npm run bench:conclusive`'s business.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

type Claim = { kind: 'at least'; threshold: number } | { kind: 'below'; threshold: number } | { kind: 'within'; low: number; high: number };

const WORDS: Record<string, RegExp> = {
  reproduced: /^(Reproduced( in the lab’s run, not on the JVM)?|Agrees with the JVM run|Holds): /,
  'not reproduced': /^(Not reproduced|Disagrees with the JVM run|Does not hold): /, inconclusive: /^Inconclusive: /, 'not measured': /^Not (measured|judged): /,
};

/** The state an interval gives against a claim, restated here from the README's rule. */
function stateOf([low, high]: [number, number], c: Claim): string {
  const [lo, hi] = c.kind === 'at least' ? [c.threshold, Infinity] : c.kind === 'below' ? [-Infinity, c.threshold] : [c.low, c.high];
  const inside = low >= lo && (c.kind === 'below' ? high < hi : high <= hi);
  const outside = c.kind === 'at least' ? high < lo : c.kind === 'below' ? low >= hi : high < lo || low > hi;
  return inside ? 'reproduced' : outside ? 'not reproduced' : 'inconclusive';
}

/**
 * An interval as the page writes it: JSON has no Infinity, so an end the data could not bound
 * ("no lower bound and no upper bound", from too few points) arrives as null.
 */
const bounds = ([low, high]: (number | null)[]): [number, number] => [low ?? -Infinity, high ?? Infinity];

/** Checks every verdict in `list` (`.verdicts`) and returns their texts. */
export async function consistentVerdicts(list: Locator, count: number): Promise<string[]> {
  const items = list.locator('li');
  expect(await items.count()).toBe(count);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const li = items.nth(i);
    const [text, state, interval, claim, points] = await Promise.all(['', 'data-verdict', 'data-interval', 'data-claim', 'data-points']
      .map((a) => (a ? li.getAttribute(a) : li.locator('.verdict-text').innerText())));
    expect(await li.locator('.verdict-title').innerText(), 'every verdict is titled').not.toBe('');
    expect(Object.keys(WORDS), text!).toContain(state);
    expect(text).toMatch(WORDS[state!]);
    // Judged on its own interval(s): the state they give. (A verdict that depends on another, or
    // on the JVM's direction, says in words why it is not judged on its own.)
    const ownGrounds = !/cannot be judged|no direction to reproduce/.test(text!);
    if (claim && state !== 'not measured' && ownGrounds) {
      const c = JSON.parse(claim) as Claim;
      if (points) {
        const each = (JSON.parse(points) as [number | null, number | null, string][]).map(([low, high, s]) => {
          expect(s, text!).toBe(stateOf(bounds([low, high]), c));
          return s;
        });
        expect(state, text!).toBe(each.includes('not reproduced') ? 'not reproduced' : each.includes('inconclusive') ? 'inconclusive' : 'reproduced');
      } else if (interval) {
        expect(state, text!).toBe(stateOf(bounds(JSON.parse(interval) as (number | null)[]), c));
      }
    }
    texts.push(text!);
  }
  return texts;
}
