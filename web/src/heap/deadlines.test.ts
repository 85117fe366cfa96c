import { describe, expect, it } from 'vitest';
import { MAX_TIMERS, layoutFileName, parseDeadlines } from './deadlines';

describe('parseDeadlines', () => {
  it('reads numbers separated by spaces and commas', () => {
    expect(parseDeadlines(' 5, 3 9,,1 ')).toEqual({ ok: true, deadlines: [5, 3, 9, 1] });
    expect(parseDeadlines('')).toEqual({ ok: true, deadlines: [] });
  });

  it('locates the first bad item', () => {
    expect(parseDeadlines('5 3x 9')).toEqual({
      ok: false, message: 'item 2 ("3x"): a deadline is a whole number, like 40', start: 2, end: 4,
    });
    expect(parseDeadlines('-1')).toMatchObject({ ok: false, start: 0, end: 2 });
  });

  it('states its limits instead of clamping', () => {
    const r = parseDeadlines('4294967296');
    expect(r).toMatchObject({ ok: false, message: 'item 1 ("4294967296"): a deadline is at most 4,294,967,295' });
    const many = Array.from({ length: MAX_TIMERS + 1 }, (_, i) => i).join(' ');
    expect(parseDeadlines(many)).toMatchObject({ ok: false, message: expect.stringContaining('at most 127 timers') });
    // 400 digits are quoted by their start, so the message fits a line; the place is the whole word.
    expect(parseDeadlines(`1 ${'9'.repeat(400)}`)).toEqual({ ok: false, message: `item 2 ("${'9'.repeat(24)}…"): a deadline is at most 4,294,967,295`, start: 2, end: 402 });
  });
});

describe('the heap layout picture\'s file name', () => {
  it('names the deadlines it shows, so two lists are two files', () => {
    expect(layoutFileName([50, 30, 90, 10])).toBe('heap-layout-50-30-90-10');
    expect(layoutFileName([])).toBe('heap-layout-empty');
    const long = Array.from({ length: 40 }, (_, i) => i * 7);
    expect(layoutFileName(long)).toMatch(/^heap-layout-40-deadlines-[0-9a-z]+$/);
    expect(layoutFileName(long)).not.toBe(layoutFileName([...long.slice(1), 1]));
  });
});
