import { describe, expect, it } from 'vitest';
import { ArgsError, parseBenchArgs } from './bench-args.mjs';

describe('npm run bench arguments', () => {
  it('reads a suite, a preset and outputs', () => {
    expect(parseBenchArgs(['heap-cancel'])).toEqual({ suite: 'heap-cancel', preset: 'quick', json: undefined, csv: undefined, only: undefined, native: false });
    expect(parseBenchArgs(['--full', 'heap-cancel', '--json', 'out.json', '--native', '--only', 'Reverse']))
      .toMatchObject({ suite: 'heap-cancel', preset: 'full', json: 'out.json', native: true, only: 'Reverse' });
  });

  it('names what is wrong and lists the valid choices', () => {
    expect(() => parseBenchArgs(['heap-cancle'])).toThrow('Unknown suite "heap-cancle"; the suites are: heap-cancel.');
    expect(() => parseBenchArgs(['heap-cancel', '--fast'])).toThrow(/Unknown option --fast\.\nusage: npm run bench/);
    expect(() => parseBenchArgs(['heap-cancel', '--json'])).toThrow('--json needs a value.');
    expect(() => parseBenchArgs([])).toThrow('Name a suite.');
    expect(() => parseBenchArgs(['heap-cancel', 'heap-cancel'])).toThrow('one suite at a time');
    expect(() => parseBenchArgs(['--help'])).toThrow(ArgsError);
  });
});
