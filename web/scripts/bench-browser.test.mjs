import { describe, expect, it } from 'vitest';
import { enginesOf, jvmColumns, sideBySide } from './bench-browser.mjs';

/** What two pages showed: the JVM column's rows as [row, JVM, wasm, ratio], as the page writes them. */
const page = (engine, browser, wasm) => ({
  engine, browser, jvmCaption: '', jvmRows: [
    ['cancelReverse (jdk, 100)', '345,596 ± 4,927', wasm[0], '—'],
    ['cancelReverse (indexed, 100)', '7,290,000 ± 120,000', wasm[1], '—'],
  ],
});

describe('the browsers side by side', () => {
  it('reads the page\'s JVM table by its headings, in the order the panel writes them', () => {
    const head = ['ScheduledFutureTaskBenchmark row', 'wasm ÷ JVM', 'JVM ops/s', 'wasm ops/s (committed run)'];
    expect(jvmColumns(head, [['cancelInOrder (jdk, 100)', '0.66×', '434,674 ± 15,647', '286,785']]))
      .toEqual([['cancelInOrder (jdk, 100)', '434,674 ± 15,647', '286,785', '0.66×']]);
    expect(() => jvmColumns(['row', 'score'], [])).toThrow(/no column matching/);
  });

  it('runs the engines asked for, Chromium first', () => {
    expect(enginesOf({ firefox: true, chromium: true })).toEqual(['chromium', 'firefox']);
    expect(enginesOf({ firefox: true })).toEqual(['firefox']);
  });

  it('sets each engine’s wasm beside the committed JVM column, with its ratio', () => {
    const { text, rows } = sideBySide([page('chromium', 'Chromium 156', ['348,318', '3,710,000']), page('firefox', 'Firefox 153.7.0', ['300,000', '—'])],
      undefined, { suite: 'heap-cancel', preset: 'quick' });
    expect(rows[0].engines.map((e) => e.ratio?.toFixed(3))).toEqual(['1.008', '0.868']);
    expect(rows[1].engines[1]).toMatchObject({ wasm: undefined, ratio: undefined });
    const lines = text.split('\n');
    expect(lines[0]).toContain('wasm in Chromium 156 and Firefox 153.7.0');
    expect(lines[0]).toContain('committed run, not live');
    expect(lines[1]).toMatch(/^Row\s+JVM ops\/s\s+Chromium ops\/s\s+÷JVM\s+Firefox ops\/s\s+÷JVM$/);
    expect(lines[2]).toMatch(/^cancelReverse \(jdk, 100\)\s+345,596 ± 4,927\s+348,318\s+1\.01×\s+300,000\s+0\.87×$/);
    expect(lines[3]).toMatch(/3,710,000\s+0\.51×\s+—\s+—$/);
  });

  it('uses the JVM run now when there is one, and keeps the committed one beside it', () => {
    const jvm = { what: 'the heaps', java: 'openjdk 17', load: [3, 3.5], rows: [{ name: 'cancelReverse (jdk, 100)', score: 300_000, error: 1_000 }] };
    const { text, rows } = sideBySide([page('firefox', 'Firefox 153.7.0', ['330,000', '3,000,000'])], jvm, { suite: 'heap-cancel', preset: 'full' });
    expect(rows[0].engines[0].ratio).toBeCloseTo(1.1);
    expect(rows[1]).toMatchObject({ jvm: undefined, jvmCell: '—' });
    expect(text).toContain('the JVM originals run now, after the browsers (the heaps; JMH 1.37, openjdk 17, full preset, load average 3 → 3.5)');
    expect(text.split('\n')[2]).toMatch(/300,000 ± 1,000\s+330,000\s+1\.10×\s+345,596 ± 4,927$/);
    // A JVM that cannot run here: the committed column, and why.
    expect(sideBySide([page('firefox', 'F', ['1', '2'])], { missing: 'no JDK' }, { suite: 'heap-cancel', preset: 'quick' }).text)
      .toContain('The JVM column is the committed one: no JDK');
  });
});
