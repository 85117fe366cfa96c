import { describe, expect, it } from 'vitest';
import { ratio } from '../player/CountOnly';

describe('the work ratio a race prints', () => {
  it('keeps small ratios readable instead of rounding them to 0.00×', () => {
    expect(ratio(2490, 1561613)).toBe('0.0016×');
    expect(ratio(13405, 83520)).toBe('0.16×');
    expect(ratio(151, 99)).toBe('1.53×');
    expect(ratio(1561613, 2490)).toBe('627×');
    expect(ratio(0, 5)).toBe('0×');
    expect(ratio(0, 0)).toBe('—');
    expect(ratio(3, 0)).toBe('∞');
  });
});
