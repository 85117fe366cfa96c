import { describe, expect, it } from 'vitest';
import { breakPoints } from './Breakable';

describe('where a long name may break', () => {
  it('between the words of a camel-cased name and after punctuation, never inside a word', () => {
    expect(breakPoints('DefaultPriorityQueue')).toEqual(['Default', 'Priority', 'Queue']);
    expect(breakPoints('cancelInOrder (jdk, 100)')).toEqual(['cancel', 'In', 'Order ', '(jdk,', ' 100)']);
    expect(breakPoints('benchmark')).toEqual(['benchmark']);
    expect(breakPoints('JCTools SpscArrayQueue')).toEqual(['JCTools Spsc', 'Array', 'Queue']);
    expect(breakPoints('java.util.PriorityQueue')).toEqual(['java.', 'util.', 'Priority', 'Queue']);
    expect(breakPoints('MAX_CAPACITY 0.74')).toEqual(['MAX_', 'CAPACITY 0.74']);
  });
});
