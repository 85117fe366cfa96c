import { describe, expect, it } from 'vitest';
import { setCache } from './regrade';
import type { Instance } from '../exercises/exercises';

describe('the exercise-set cache', () => {
  it('makes each set once while it is in use, and keeps at most its bound, forgetting the least recently used', () => {
    const made: string[] = [];
    const sets = setCache((lesson, seed) => {
      made.push(seed);
      return seed === 'none' ? undefined : ([] as Instance[]);
    }, 3);
    for (const seed of ['a', 'b', 'a', 'none', 'none']) sets('l', seed);
    expect(made).toEqual(['a', 'b', 'none']);
    sets('l', 'a'); // a is now the most recent; b the least
    sets('l', 'c'); // past the bound: b goes
    expect(sets.size()).toBe(3);
    sets('l', 'a');
    sets('l', 'b');
    expect(made).toEqual(['a', 'b', 'none', 'c', 'b']);
    for (let i = 0; i < 1000; i++) sets('l', `join-${i}`);
    expect(sets.size()).toBe(3);
  });
});
