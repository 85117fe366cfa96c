import { describe, expect, it } from 'vitest';
import { fileName } from './download';

describe('download file names', () => {
  it('keep what is safe and replace the rest', () => {
    expect(fileName('cancelling-timers-monday', 'csv')).toBe('cancelling-timers-monday.csv');
    expect(fileName('lesson-../../etc/passwd', 'json')).toBe('lesson-.._.._etc_passwd.json');
    expect(fileName('../x', 'csv')).toBe('x.csv');
    expect(fileName('', 'csv')).toBe('hotpath.csv');
    expect(fileName('a'.repeat(500), 'csv')).toHaveLength(104);
  });
});
