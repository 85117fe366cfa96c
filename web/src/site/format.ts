// Numbers and counted nouns as the lab writes them in sentences.

/** 1234567 → "1,234,567". */
export const num = (n: number): string => n.toLocaleString('en-US');

/** "1 comparison", "3 comparisons", "1 equals() call", "0 moves". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
