import { describe, expect, it } from 'vitest';
import { listing, num, plural, timesEnd } from './format';

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

describe('an interval end', () => {
  it('never prints 1.00× for an end that is not 1, so an interval wholly below 1 does not read as reaching it', () => {
    expect(timesEnd(0.9966)).toBe('0.997×');
    expect(timesEnd(1.0004)).toBe('1.0004×');
    expect(timesEnd(1)).toBe('1.00×');
    expect(timesEnd(0.97)).toBe('0.97×');
    expect(timesEnd(25.4)).toBe('25×');
  });
});
