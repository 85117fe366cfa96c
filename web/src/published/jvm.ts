// Figures from the JVM originals' committed run (jvm/results), quoted in a lesson's prose by
// <JvmFig>: like a published figure, a JVM figure is never typed by hand, because the next run
// (`npm run bench -- <suite> --jvm-only --save-jvm`) changes it.
import { jvmProvenance, jvmRatioInterval, jvmRow } from '../bench/jvmResults';
import { times } from '../util/format';
import { compact } from './figures';

export interface JvmQuote {
  /** "29M–48M ops/s", "1.20×–1.60×". */
  text: string;
  /** Where it comes from, for the reader who hovers. */
  title: string;
}

const list = (s: string) => s.split(/[\s,]+/).filter(Boolean);

function score(suite: string, row: string): number {
  const r = jvmRow(suite, row);
  if (!r) throw new Error(`the committed JVM run of ${suite} has no row "${row}"`);
  return r.score;
}


/** A range, or one value when both ends read the same. */
function range(values: number[], format: (x: number) => string): string {
  const lo = format(Math.min(...values));
  const hi = format(Math.max(...values));
  return lo === hi ? lo : `${lo}–${hi}`;
}

/**
 * The scores of `rows` in the committed JVM run of `suite`, as a range; or, with `over`, each
 * row's score divided by the matching row of `over` (or by one number, such as a published
 * figure), as a range of ratios.
 */
export function jvmQuote(suite: string, rows: string, over?: string | { value: number; what: string }): JvmQuote {
  const names = list(rows);
  if (!names.length) throw new Error('<JvmFig> names no rows');
  const scores = names.map((r) => score(suite, r));
  const from = jvmProvenance(suite);
  if (over === undefined) {
    return { text: `${range(scores, (x) => compact(x, 3))} ops/s`, title: `${from}: ${names.join(', ')}` };
  }
  if (typeof over === 'string') {
    const under = list(over);
    if (under.length !== names.length) throw new Error(`<JvmFig> divides ${names.length} rows by ${under.length}`);
    // As the benchmark panel's tables and verdicts estimate a JVM ratio (from the committed
    // iterations), so the prose and the panel show one number; the scores' ratio where a run kept none.
    const ratios = scores.map((s, i) => jvmRatioInterval(suite, names[i], under[i])?.estimate ?? s / score(suite, under[i]));
    return { text: range(ratios, times), title: `${from}: ${names.map((n, i) => `${n} ÷ ${under[i]}`).join(', ')}` };
  }
  return { text: range(scores.map((s) => s / over.value), times), title: `${from}: ${names.join(', ')}, each ÷ ${over.what}` };
}
