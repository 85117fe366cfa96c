// A seeded generator, so `?seed=` gives a whole class the same questions.

/**
 * The longest seed the lab takes: a class server's seeds are at most 47 characters (a class's
 * seed of up to 40, a dash and a student's 6); a longer one is refused where it is read, never
 * shown whole.
 */
export const MAX_SEED = 64;

/** Why `seed` cannot be a seed, or null: too long, or holding control characters. */
export function seedProblem(seed: string): string | null {
  if (seed.length > MAX_SEED) return `the seed is ${seed.length.toLocaleString('en-US')} characters long, more than the ${MAX_SEED} any seed of the lab has`;
  if (/[\u0000-\u001f\u007f]/.test(seed)) return 'the seed holds control characters, which no seed of the lab has';
  return null;
}

/** 32-bit FNV-1a of the seed text: any string is a seed. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, and good enough to pick an exercise's numbers. */
export function rng(seed: string): () => number {
  let a = hashSeed(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

/** `count` distinct whole numbers in [lo, hi], in random order. */
export function distinct(r: () => number, count: number, lo: number, hi: number): number[] {
  const seen = new Set<number>();
  while (seen.size < count) seen.add(randomInt(r, lo, hi));
  return [...seen];
}
