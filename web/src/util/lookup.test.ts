import { describe, expect, it } from 'vitest';
import { lookup, registry } from './lookup';

describe('lookup by a user-supplied name', () => {
  it('never answers with a prototype member', () => {
    const plain = { a: 1 };
    const table = registry({ a: 1 });
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(lookup(plain, name)).toBeUndefined();
      expect(lookup(table, name)).toBeUndefined();
      expect(name in table).toBe(false);
    }
    expect(lookup(table, 'a')).toBe(1);
    expect(Object.keys(table)).toEqual(['a']);
  });
});
