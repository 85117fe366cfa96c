import { describe, expect, it } from 'vitest';
import { listing, num, plural } from './format';

describe('format', () => {
  it('writes counts with the right plural', () => {
    expect(plural(1, 'comparison')).toBe('1 comparison');
    expect(plural(0, 'comparison')).toBe('0 comparisons');
    expect(plural(2, 'level')).toBe('2 levels');
    expect(plural(1, 'equals() call')).toBe('1 equals() call');
    expect(plural(12000, 'equals() call')).toBe('12,000 equals() calls');
    expect(plural(2, 'index', 'indices')).toBe('2 indices');
    expect(num(5000050000)).toBe('5,000,050,000');
  });

  it('lists', () => {
    expect(listing([])).toBe('');
    expect(listing(['a'])).toBe('a');
    expect(listing(['a', 'b'])).toBe('a and b');
    expect(listing(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
