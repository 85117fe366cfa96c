// A seeded generator, so `?seed=` gives a whole class the same questions.

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
