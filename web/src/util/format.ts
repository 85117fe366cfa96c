// Numbers and counted nouns as the lab writes them in sentences.

/** 1234567 → "1,234,567". */
export const num = (n: number): string => n.toLocaleString('en-US');

/** "1 comparison", "3 comparisons", "1 equals() call", "0 moves". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}

/** A ratio as the lab writes it: whole from 10 up, two decimals down to 0.1, two significant digits below (0.0016×, not 0.00×). */
export function times(x: number): string {
  if (x === 0) return '0×';
  return `${x >= 10 ? Math.round(x).toLocaleString('en-US') : x >= 0.1 ? x.toFixed(2) : x.toPrecision(2)}×`;
}

/**
 * An interval's end as `times` writes it, with more decimals where two would print 1.00× for an
 * end that is not 1: an interval wholly below 1 (0.97×–0.997×) must not read as reaching it.
 */
export function timesEnd(x: number): string {
  const t = times(x);
  if (t !== '1.00×' || x === 1) return t;
  for (let d = 3; d <= 6; d++) if (Number(x.toFixed(d)) !== 1) return `${x.toFixed(d)}×`;
  return t;
}

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * At most the first `max` characters of something a reader gave (a word, a parameter), for a
 * message that quotes it: a 10-million-character word must not become a 10-million-character
 * error.
 */
export function excerpt(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${num(text.length)} characters)`;
}
